/**
 * A docs folder from a stranger's pull request may bring a sidebars.js (issue #34): a docs-only build runs
 * code only when the command line names it (`--sidebars`), reads sidebars.json or .yaml beside the docs as
 * data, and otherwise makes Docusaurus's default sidebar of the whole folder.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const DOCS = { 'docs/intro.md': '# Intro\n\nWelcome.\n', 'docs/guide.md': '# Guide\n\nSteps.\n' };
/** The sidebars file as an attacker writes it: it leaves a file behind when it runs, and orders the pages its own way. */
const SIDEBARS_CODE = "require('fs').writeFileSync(require('path').join(__dirname, 'ran'), 'x');\nmodule.exports = { main: ['intro', 'guide'] };\n";
const NOT_RUN_FIX = (file: string) => `  → If you trust this docs folder, pass --sidebars ${file}.`;

function buildDocsOnly(root: string, ...flags: string[]) {
  return runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search', ...flags], root);
}

/** The hrefs of a built page's sidebar, in order. */
function sidebarLinks(root: string, page: string): string[] {
  const html = readFileSync(path.join(root, 'out', page, 'index.html'), 'utf8');
  const nav = /<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
}

for (const name of ['sidebars.js', 'sidebars.ts']) {
  test(`a docs-only build never runs a ${name} it finds: one warning says how to opt in, and --sidebars runs it`, async () => {
    const root = tempTree({ ...DOCS, [name]: SIDEBARS_CODE });
    const found = await buildDocsOnly(root);
    assert.equal(found.code, 0, found.stderr);
    assert.equal(found.stderr.trim(), [`warning: ${name}: this sidebars file was not run (a docs-only build runs one only when --sidebars names it); the sidebar is generated from the docs folder`, NOT_RUN_FIX(name)].join('\n'));
    assert.ok(!existsSync(path.join(root, 'ran')), 'the sidebars file did not run');
    assert.deepEqual(sidebarLinks(root, 'intro'), ['/guide', '/intro'], 'the default sidebar, in file name order');

    const named = await buildDocsOnly(root, '--sidebars', name);
    assert.equal(named.code, 0, named.stderr);
    assert.equal(named.stderr, '');
    assert.ok(existsSync(path.join(root, 'ran')), 'the sidebars file named on the command line ran');
    assert.deepEqual(sidebarLinks(root, 'intro'), ['/intro', '/guide']);
  });
}

const DATA_FILES: Record<string, string> = {
  'sidebars.json': '{ "main": ["intro", "guide"] }\n',
  'sidebars.yaml': 'main:\n  - intro\n  - guide\n',
  'sidebars.yml': 'main: [intro, guide]\n',
};

for (const [name, text] of Object.entries(DATA_FILES)) {
  test(`${name} beside the docs is read as data, and a sidebars.js beside it is not run`, async () => {
    const root = tempTree({ ...DOCS, [name]: text, 'sidebars.js': SIDEBARS_CODE });
    const run = await buildDocsOnly(root);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr.trim(), [`warning: sidebars.js: this sidebars file was not run (a docs-only build runs one only when --sidebars names it); the sidebar is read from ${name}`, NOT_RUN_FIX('sidebars.js')].join('\n'));
    assert.ok(!existsSync(path.join(root, 'ran')), 'the sidebars file did not run');
    assert.deepEqual(sidebarLinks(root, 'intro'), ['/intro', '/guide']);
  });
}

test('a sidebars.json that is a link out of the site is refused, and what it leads to is never quoted', async () => {
  const sandbox = tempTree({ 'passwd': 'root:x:0:0:root:/root:/bin/bash\n', ...Object.fromEntries(Object.entries(DOCS).map(([file, text]) => [`site/${file}`, text])) });
  const root = path.join(sandbox, 'site');
  symlinkSync('../passwd', path.join(root, 'sidebars.json'));
  const run = await buildDocsOnly(root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: sidebars.json: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.');
  assert.doesNotMatch(run.stdout + run.stderr, /root:x/);
  assert.ok(!existsSync(path.join(root, 'out')), 'no output folder');
});

test('a sidebars.yaml that reuses a list through an alias is refused at its line, and nothing is written', async () => {
  const root = tempTree({ ...DOCS, 'sidebars.yaml': 'a: &a [intro, intro, intro]\nb: &b [*a, *a, *a]\nmain: [*b, *b, *b]\n' });
  const run = await buildDocsOnly(root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: sidebars.yaml:2: the sidebars file reuses a list or map through a YAML alias (*name)\n  → Write the values out: aliases of lists and maps are refused, as nested ones expand exponentially ("billion laughs").');
  assert.ok(!existsSync(path.join(root, 'out')), 'no output folder');
});

test('a sidebars.json or .yaml that does not parse is one error at its line, and nothing is written', async () => {
  const json = '{\n  "main": ["intro"],\n}\n';
  const cases: [string, string, string][] = [
    ['sidebars.json', json, 'error: sidebars.json:3: invalid JSON: Expected double-quoted property name\n  → Fix the JSON syntax.'],
    ['sidebars.yaml', 'main:\n  - intro\n - guide\n', 'error: sidebars.yaml:3: malformed YAML: bad indentation of a mapping entry\n  → Fix the YAML (quote values that contain ": " or start with a special character).'],
  ];
  for (const [name, text, error] of cases) {
    const root = tempTree({ ...DOCS, [name]: text });
    const run = await buildDocsOnly(root);
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim(), error);
    assert.ok(!existsSync(path.join(root, 'out')), 'no output folder');
  }
});

test('a folder named sidebars.json is no sidebars file: beside the docs it is passed over, named with --sidebars it is not found', async () => {
  const root = tempTree({ ...DOCS, 'sidebars.json/keep.txt': 'a folder' });
  const found = await buildDocsOnly(root);
  assert.equal(found.code, 0, found.stderr);
  assert.deepEqual(sidebarLinks(root, 'intro'), ['/guide', '/intro']);
  const named = await buildDocsOnly(root, '--sidebars', 'sidebars.json');
  assert.equal(named.code, 1);
  assert.equal(named.stderr.trim(), 'error: sidebars.json: file not found\n  → Create it, or pass the right path.');
});

let server: DevServer | undefined;
after(() => server?.close());

test('watch mode does not run a sidebars.js it finds either, and says so once', async () => {
  const root = tempTree({ ...DOCS, 'sidebars.js': SIDEBARS_CODE });
  const lines: string[] = [];
  server = await startDevServer({ projectRoot: root, docsDir: 'docs', devDir: path.join(root, '.dev-dist'), port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  const shown = path.relative(process.cwd(), path.join(root, 'sidebars.js'));
  assert.deepEqual(lines.filter((line) => line.startsWith('E ')), [`E warning: ${shown}: this sidebars file was not run (a docs-only build runs one only when --sidebars names it); the sidebar is generated from the docs folder\n${NOT_RUN_FIX(shown)}`]);
  assert.ok(!existsSync(path.join(root, 'ran')), 'the sidebars file did not run');
});
