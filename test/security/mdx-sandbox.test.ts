/**
 * A docs folder from a stranger's pull request, written to attack the build through MDX (issue #34):
 * its expressions run in a sandbox with no host objects, its element names must be components, and
 * whatever it tries ends as one error per page naming the file and line, with nothing published.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { buildSiteFolder, DOCS, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const MARKER = 'shell-ran';
const FIX = '  → Fix the expression; it runs at build time with the names this page imports and exports.';
const NOT_A_COMPONENT_FIX = '  → Use a theme component, a component of the site\'s own (--allow-component-code) or a function of this page; for an HTML element, write its tag (<div>).';

/** Each hostile page, as the issue wrote it, and the one error its author gets. */
const HOSTILE_PAGES: Record<string, { text: string; error: string[] }> = {
  'host.mdx': {
    text: 'Host: {({slice: ({slice: toc[[\'constructor\']][[\'constructor\']]}).slice(\'return process.getBuiltinModule("fs").readFileSync("/etc/hostname","utf8")\')}).slice()}\n',
    error: ['docs/host.mdx:1:7: expression cannot be evaluated: "process" is not defined on this page', FIX],
  },
  'shell.md': {
    text: `Shell: {(toc[['constructor']][['constructor']]\`return process.getBuiltinModule('child_process').execSync('touch ${MARKER}')\`)()}\n`,
    error: ['docs/shell.md:1:8: expression cannot be evaluated: "process" is not defined on this page', FIX],
  },
  'script.mdx': {
    text: "export const S = 'script'\n\n<S dangerouslySetInnerHTML={{__html: \"document.title = 'pwned'\"}} />\n",
    error: ['docs/script.mdx:3:1: <S> is not a component: "S" is a string', NOT_A_COMPONENT_FIX],
  },
  'onerror.mdx': {
    text: "export const S = 'div'\n\n<S dangerouslySetInnerHTML={{__html: '<img src=x onerror=\"document.title=1\">'}} />\n",
    error: ['docs/onerror.mdx:3:1: <S> is not a component: "S" is a string', NOT_A_COMPONENT_FIX],
  },
  'srcdoc.mdx': {
    text: "export const F = 'iframe'\n\n<F srcDoc=\"<script>parent.document.title=1</script>\" />\n",
    error: ['docs/srcdoc.mdx:3:1: <F> is not a component: "F" is a string', NOT_A_COMPONENT_FIX],
  },
  'refresh.mdx': {
    text: "export const M = 'meta'\n\n<M httpEquiv=\"refresh\" content=\"0;url=https://evil.example\" />\n",
    error: ['docs/refresh.mdx:3:1: <M> is not a component: "M" is a string', NOT_A_COMPONENT_FIX],
  },
  'function.mdx': {
    text: '{toc.constructor.constructor}\n',
    error: ['docs/function.mdx:1:1: expression cannot be evaluated: it gives a function, and functions run only inside the page', FIX],
  },
  'memory.mdx': {
    text: "{'x'.repeat(2**28)}\n",
    error: ['docs/memory.mdx:1:1: expression cannot be evaluated: it ran out of memory (the limit is 64 MB)', FIX],
  },
  'large.mdx': {
    text: "{'x'.repeat(2**25)}\n",
    error: ['docs/large.mdx:1:1: expression cannot be evaluated: its result is larger than 1024 KB', FIX],
  },
  'angles.mdx': {
    text: "{'<'.repeat(2**26)}\n",
    error: ['docs/angles.mdx:1:1: expression cannot be evaluated: it ran out of memory (the limit is 64 MB)', FIX],
  },
  'loop.mdx': {
    text: 'Before.\n\n{(() => { while (true) {} })()}\n',
    error: ['docs/loop.mdx:3:1: expression cannot be evaluated: it ran longer than 1 s', FIX],
  },
  'nested.mdx': {
    text: `${'<div>'.repeat(5000)}deep${'</div>'.repeat(5000)}\n`,
    error: ['docs/nested.mdx:1: JSX elements are nested more than 100 levels deep', '  → Flatten the structure: readers cannot follow that many levels either.'],
  },
  'data.mdx': {
    text: "import d from './missing.json'\n\n{d.title}\n\n{d}\n",
    error: ['docs/data.mdx:1:1: cannot import "./missing.json": no such file', '  → Create the file, or fix the import path.'],
  },
};

let hostile: CliRun & { root: string };

// Made here, not in a hook: a folder made in a hook would be removed when the hook ends.
const hostileRoot = tempTree({ ...Object.fromEntries(Object.entries(HOSTILE_PAGES).map(([file, { text }]) => [`docs/${file}`, text])), 'docs/intro.md': '# Intro\n' });
before(async () => {
  hostile = { ...(await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], hostileRoot)), root: hostileRoot };
});

test('a hostile docs folder fails with one error per page, in file order, and publishes nothing', () => {
  assert.equal(hostile.code, 1);
  const expected = Object.keys(HOSTILE_PAGES).sort().flatMap((file) => HOSTILE_PAGES[file].error);
  assert.equal(hostile.stderr.trim(), [`error: ${Object.keys(HOSTILE_PAGES).length} problems found:`, ...expected].join('\n'));
  assert.ok(!existsSync(path.join(hostile.root, 'out')), 'no output folder');
});

for (const [file, { error }] of Object.entries(HOSTILE_PAGES)) {
  test(`${file}: ${error[0].replace(/^docs\/[^:]+:\d+:\d+: /, '')}`, () => {
    assert.ok(hostile.stderr.split('\n').includes(error[0]), `stderr has: ${error[0]}`);
  });
}

test('the Function constructor reached through toc finds no host: no file written, no host name read', () => {
  assert.ok(!existsSync(path.join(hostile.root, MARKER)), 'the shell command never ran');
  assert.doesNotMatch(hostile.stdout + hostile.stderr, new RegExp(`\\b${hostname()}\\b`));
});

test('an MDX page of a site config (format "detect", as our own site) is sandboxed the same way', async () => {
  const run = await buildSiteFolder({ 'docs/hostile.mdx': HOSTILE_PAGES['host.mdx'].text, 'site.config.ts': siteConfig({ markdown: { format: 'detect', languageTabs: false } }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), ['error: docs/hostile.mdx:1:7: expression cannot be evaluated: "process" is not defined on this page', FIX].join('\n'));
});

let server: DevServer | undefined;
after(() => server?.close());

test('watch mode sandboxes the page too: the error is shown as the build shows it (line and column), the page is not served with the host name', async () => {
  const root = tempTree({ ...DOCS, 'docs/intro.md': '---\ntitle: Intro\n---\n\nWelcome.\n', 'docs/hostile.mdx': HOSTILE_PAGES['host.mdx'].text, 'site.config.ts': siteConfig() });
  const lines: string[] = [];
  server = await startDevServer({ projectRoot: root, configFile: 'site.config.ts', port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  const shown = path.relative(process.cwd(), path.join(root, 'docs/hostile.mdx'));
  assert.deepEqual(lines.filter((line) => line.startsWith('E ')), [`E error: ${shown}:1:7: expression cannot be evaluated: "process" is not defined on this page\n${FIX}`]);
  const page = await fetch(new URL('/hostile', server.url));
  assert.doesNotMatch(await page.text(), new RegExp(`\\b${hostname()}\\b`));
});

/** Pages that build, with what a reader gets from each. */
let safe: CliRun & { root: string };
const safeRoot = tempTree({
  'docs/intro.md': '# Intro\n',
  'docs/embed.mdx': '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Talk" srcDoc="<script>parent.document.title=1</script>" />\n',
  'docs/pollute.mdx': "export const done = (Object.prototype.polluted = 'yes')\n\nPolluted here: {({}).polluted}.\n",
  'docs/reader.mdx': 'Polluted elsewhere: {({}).polluted}.\n',
  'docs/markup.mdx': "export const items = ['one', 'two']\n\n<ul>{items.map((item) => <li key={item} onClick=\"steal()\">{item.toUpperCase()}</li>)}</ul>\n\n{<div dangerouslySetInnerHTML={{__html: '<img src=x onerror=alert(1)>'}} />}\n",
});
before(async () => {
  safe = { ...(await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], safeRoot)), root: safeRoot };
});

function body(route: string): string {
  return /<div class="markdown">([\s\S]*?)<\/div><\/div><div class="doc-footer">/.exec(readFileSync(path.join(safe.root, 'out', route, 'index.html'), 'utf8'))![1];
}

test('what the sandbox and the HTML policy removed is one warning each, at its line', () => {
  assert.equal(safe.code, 0, safe.stderr);
  assert.deepEqual(safe.stderr.trim().split('\n').filter((line) => line.startsWith('warning:')).sort(), [
    'warning: docs/embed.mdx:1:1: "srcdoc" of <iframe> was removed: the attribute is not allowed on this tag',
    'warning: docs/markup.mdx:3:5: "onclick" of <li> was removed: the attribute is not allowed on this tag',
    'warning: docs/markup.mdx:3:5: "onclick" of <li> was removed: the attribute is not allowed on this tag',
    'warning: docs/markup.mdx:5:1: "dangerouslySetInnerHTML" of <div> was removed: an HTML attribute takes text, not an object',
    'warning: docs/reader.mdx:1:21: expression gives undefined: nothing is shown',
  ]);
});

test('an allowed embed keeps its host but never a srcdoc', () => {
  assert.equal(body('embed'), '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Talk" loading="lazy" allowfullscreen sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation allow-modals"></iframe>');
});

test('a page that pollutes Object.prototype changes only its own sandbox', () => {
  assert.equal(body('pollute'), '<p>Polluted here: yes.</p>');
  assert.equal(body('reader'), '<p>Polluted elsewhere: .</p>');
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('JSX made by an expression is checked like JSX written in the page', () => {
  assert.equal(body('markup'), '<ul><li>ONE</li><li>TWO</li></ul>\n<div></div>');
});

test('an embed is sandboxed and may not ask for the camera or navigate the page: what it asked for beyond that is one warning', async () => {
  const root = tempTree({ 'docs/intro.mdx': '<iframe src="https://video.example/embed" title="Call" allow="camera; microphone; fullscreen; geolocation" sandbox="allow-scripts allow-top-navigation" />\n' });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim().split('\n').filter((line) => line.startsWith('warning:')).join('\n'), 'warning: docs/intro.mdx:1:1: "allow-top-navigation", "camera", "microphone", "geolocation" of <iframe> were removed: an embed may not navigate the page or use the reader\'s camera, microphone, location or payments');
  const html = readFileSync(path.join(root, 'out/intro/index.html'), 'utf8');
  assert.match(html, /<iframe src="https:\/\/video\.example\/embed" title="Call" allow="fullscreen" sandbox="allow-scripts" loading="lazy" allowfullscreen><\/iframe>/);
});

test('inline SVG keeps its shapes and loses what could run or load: script, foreignObject, handlers, outside references', async () => {
  const svg = '<svg viewBox="0 0 10 10" onload="fetch(\'/pwned\')"><script>fetch("/pwned")</script><foreignObject><div>x</div></foreignObject><use href="https://evil.example/s.svg#x" /><use href="#icon" /><path d="M0 0h10" fill="url(https://evil.example/p)" stroke="url(#g)" /></svg>\n';
  const root = tempTree({ 'docs/intro.mdx': svg });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 0, run.stderr);
  const body = /<div class="markdown">([\s\S]*?)<\/div><\/div><div class="doc-footer">/.exec(readFileSync(path.join(root, 'out/intro/index.html'), 'utf8'))![1];
  assert.equal(body, '<svg viewBox="0 0 10 10"><use></use><use href="#icon"></use><path d="M0 0h10" stroke="url(#g)"></path></svg>');
});
