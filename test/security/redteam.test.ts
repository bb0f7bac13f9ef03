/**
 * Attacks on the promise of docs/authoring.md ("What a build runs, and what it only reads") with inputs
 * the sandbox and the HTML policy were not designed around: the seams between the steps a page goes
 * through (the sandbox's JSON and the host's reading of it, React's output and the HTML set aside
 * beside it, the serializer and the browser's parser) rather than any one step. Each test writes the
 * payload as an author would and asserts what a reader or the person running the build would see.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root } from 'hast';
import { ContentError } from '../../build/errors.ts';
import { runCli } from '../helpers/cli.ts';
import { compile } from '../helpers/markdown.ts';
import { buildSiteFolder, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const MDX = { format: 'mdx' as const, allowComponentCode: false };
const FIX = '  → Fix the expression; it runs at build time with the names this page imports and exports.';

/** Every attribute name in the HTML as a browser parses it (the page's body sits in a <div>). */
function attributeNames(html: string): string[] {
  const names: string[] = [];
  const visit = (node: Root | Element) => {
    if (node.type === 'element') names.push(...Object.keys(node.properties));
    for (const child of node.children) if (child.type === 'element') visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
  return names;
}

/** Every element name in the HTML as a browser parses it. */
function tagNames(html: string): string[] {
  const names: string[] = [];
  const visit = (node: Root | Element) => {
    if (node.type === 'element') names.push(node.tagName);
    for (const child of node.children) if (child.type === 'element') visit(child);
  };
  visit(fromHtml(html, { fragment: true }));
  return names;
}

test('text that spells the marker of HTML set aside beside React cannot put that HTML into an attribute', async () => {
  // render.ts renders plain elements without React and marks their place with U+E000 <n> U+E001 in
  // React's output; the marker written into a prop that a component puts into an attribute (TabItem's
  // value becomes data-value) brought the first paragraph's HTML, quotes and all, into that attribute.
  const page = [
    'import Tabs from \'@theme/Tabs\';',
    'import TabItem from \'@theme/TabItem\';',
    '',
    '" autofocus onfocus="fetch(\'/pwned\')" x="',
    '',
    '<Tabs><TabItem value="\uE0000\uE001">Tab</TabItem></Tabs>',
  ].join('\n');
  const { html } = await compile(page, {}, [], MDX);
  assert.deepEqual(attributeNames(html).filter((name) => /^on|autofocus/i.test(name)), []);
  assert.match(html, /<button [^>]*data-value="\uE0000\uE001">\uE0000\uE001<\/button>/, 'the value is shown as written');
});

test('an opted-in component that puts its children\'s text into an attribute gets text there, never the HTML of an element', async () => {
  // The component is trusted to run, not to publish script: its HTML passes the policy (docs/authoring.md).
  const site = tempTree({ 'docs/Tip.jsx': 'export default function Tip({ children }) { return <abbr title={String(children)}>?</abbr>; }\n' });
  const page = 'import Tip from \'./Tip.jsx\';\n\n<Tip><b>" onmouseover="fetch(\'/pwned\')" x="</b></Tip>\n';
  const { html } = await compile(page, {}, [], { ...MDX, allowComponentCode: true, siteDir: site, docsDir: path.join(site, 'docs') });
  assert.deepEqual(attributeNames(html), ['title']);
});

test('an iframe\'s content, which the browser reads as raw text up to the first "</iframe>", is removed with a warning', async () => {
  // Serialized, the span's title holds "</iframe>": the browser ends the iframe there and parses the rest as markup.
  const page = '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Talk"><span title="</iframe><img src=x onerror=fetch(\'/pwned\')>">x</span></iframe>\n';
  const { html, warnings } = await compile(page, {}, [], MDX);
  assert.deepEqual(tagNames(html), ['iframe']);
  assert.equal(html, '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Talk" loading="lazy" allowfullscreen></iframe>');
  assert.deepEqual(warnings.map((warning) => `${warning.line}: ${warning.message}`), ['1: the content of <iframe> was removed: a browser reads it as text, never shows it']);
});

/** Pages whose expressions hand the host what the prelude would never write, and the one error each gets. */
const WIRE_PAGES: Record<string, { text: string; error: string }> = {
  // A page's own object in the shape the host used for elements: it was read as an element, and crashed.
  'forged.mdx': {
    text: "{({ element: { kind: 'intrinsic', name: 'b', props: {}, children: 5 } })}\n",
    error: 'docs/forged.mdx:1:1: expression gives an object, which is not text or markup',
  },
  // The page replaces the prelude's __result (allowed: it only makes the page's own results) and writes the wire itself.
  'wire.mdx': {
    text: "export const x = (__result = () => 'v{\"$$el\":5}')\n\n{1}\n",
    error: 'docs/wire.mdx:3:1: expression cannot be evaluated: it gives an element description the build cannot read',
  },
  'not-json.mdx': {
    text: "export const x = (__result = () => 'v{')\n\n{1}\n",
    error: 'docs/not-json.mdx:3:1: expression cannot be evaluated: it gives a result that is not JSON (was __result replaced?)',
  },
  // 32 MB past the 1 MB a result may have: the limit was the prelude's own, which the page replaced.
  'flood.mdx': {
    text: "export const x = (__result = () => 'v\"' + 'x'.repeat(2 ** 25) + '\"')\n\n{1}\n",
    error: 'docs/flood.mdx:3:1: expression cannot be evaluated: its result is larger than 1024 KB',
  },
};

test('a page that writes the sandbox\'s wire itself gets one error per page, never a crash with a stack', async () => {
  const root = tempTree({ ...Object.fromEntries(Object.entries(WIRE_PAGES).map(([file, { text }]) => [`docs/${file}`, text])), 'docs/intro.md': '# Intro\n' });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  const fix = (file: string) => (file === 'forged.mdx' ? '  → Make the expression a string, a number, or JSX.' : FIX);
  const expected = Object.keys(WIRE_PAGES).sort().flatMap((file) => [WIRE_PAGES[file].error, fix(file)]);
  assert.equal(run.stderr.trim(), [`error: ${expected.length / 2} problems found:`, ...expected].join('\n'));
});

test('JSX given to a partial as a prop is still markup in the partial', async () => {
  const site = tempTree({ 'docs/_note.mdx': 'Icon: {props.icon}, count {props.count}, {props.both}\n' });
  const page = "import Note from './_note.mdx';\n\n<Note icon={<b>bold</b>} count={3} both={<>one <i>two</i></>} />\n";
  const { html } = await compile(page, {}, [], { ...MDX, siteDir: site, docsDir: path.join(site, 'docs') });
  assert.equal(html, '<p>Icon: <b>bold</b>, count 3, one <i>two</i></p>');
});

test('an error a page throws is one line of the build\'s output: its line breaks and terminal escapes are shown, not obeyed', async () => {
  const root = tempTree({
    'docs/intro.md': '# Intro\n',
    'docs/throw.mdx': "{(() => { throw new Error('one\\nerror: docs/intro.md:1:1: a forged error\\u001b[2J\\u202e') })()}\n",
  });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr, [
    'error: docs/throw.mdx:1:1: expression cannot be evaluated: Error: one\\nerror: docs/intro.md:1:1: a forged error\\u001b[2J\\u202e',
    FIX,
    '',
  ].join('\n'));
});

/** `<T>` nested `levels` deep around `inside`, T putting its children in twice: 2^levels copies. */
function doubled(levels: number, inside: string): string {
  return `export const T = ({ children }) => <>{children}{children}</>\nexport const a = 'x'.repeat(900000)\n\n${'<T>'.repeat(levels)}${inside}${'</T>'.repeat(levels)}\n`;
}

/** _p0 includes _p1 twice, _p1 includes _p2 twice, …: 2^25 copies of _p25 from 26 small files. */
const PARTIAL_CHAIN = Object.fromEntries(Array.from({ length: 26 }, (_, index) => [
  `docs/_p${index}.mdx`,
  index === 25 ? 'leaf\n' : `import P from './_p${index + 1}.mdx';\n\n<P />\n\n<P />\n`,
]));

const REPEAT_FIX = '  → Look for a component that puts its children in twice, or a partial that includes another twice, nested in itself; or split the page.';

test('content that doubles at each level of nesting ends as one error at its line, before it fills the memory or the page\'s time', async () => {
  const root = tempTree({
    'docs/intro.md': '# Intro\n',
    // 12 levels around 4.5 MB: 18 GB of copies. Before, the build died at V8's heap limit with a native stack.
    'docs/memory.mdx': doubled(12, '{a}{a}{a}{a}{a}'),
    // 40 levels around one word: before, the page ran until its 30 s budget killed the build (and esbuild printed a goroutine dump).
    'docs/calls.mdx': doubled(40, 'x'),
    // 1,500 expressions of 0.9 MB each: 1.3 GB of text, then "RangeError: Invalid string length" with a stack.
    'docs/flat.mdx': `export const a = 'x'.repeat(900000)\n\n${'{a}'.repeat(1500)}\n`,
    // Before, 2^25 inclusions: 1.4 GB and the 30 s budget's kill.
    ...PARTIAL_CHAIN,
    'docs/partials.mdx': 'import P from \'./_p0.mdx\';\n\n<P />\n',
  });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 4 problems found:',
    'docs/calls.mdx:4:118: <T> is over the page\'s limit: more than 10,000 calls of the page\'s own components (each copy a component makes of its children counts)',
    REPEAT_FIX,
    'docs/flat.mdx:3:34: expression gives more than the 10.0 MB of text and markup a page may write',
    '  → Look for a component, partial or expression that repeats content, or raise maxPageOutputBytes in site.config.ts.',
    'docs/memory.mdx:4:1: <T> gives more than the 10.0 MB of text and markup a page may write',
    '  → Look for a component, partial or expression that repeats content, or raise maxPageOutputBytes in site.config.ts.',
    'docs/partials.mdx:3:1: in docs/_p0.mdx: <P> is over the page\'s limit: more than 1,000 partials included in one page (each copy a partial makes by including another twice counts)',
    REPEAT_FIX,
  ].join('\n'));
});

test('JSX in a component\'s prop that holds something other than markup is an error at its line, not a crash', async () => {
  const page = "import Details from '@theme/Details';\n\n<Details summary={<b>{Details}</b>}>x</Details>\n";
  const error = await compile(page, {}, [], MDX).then(() => undefined, (failure: unknown) => failure);
  assert.ok(error instanceof ContentError, String(error));
  assert.equal(error.format(), 'content/docs/page.md:3:1: "summary" of <Details> gives a component itself, not an element: write it as a tag\n  → Give the prop text, a number, JSX or data.');
});

test('a page over its time budget ends the build with the budget\'s one error, and nothing from the processes the build started', async () => {
  // 20,000 expressions keep the build's main thread busy for seconds from its start, while esbuild, which
  // bundles the client meanwhile, waits on it; killed then, esbuild printed its goroutine dump (~100 lines).
  const run = await buildSiteFolder({ 'docs/slow.mdx': `${'{1}'.repeat(20_000)}\n`, 'site.config.ts': siteConfig({ maxPageSeconds: 1, markdown: { format: 'detect', languageTabs: false } }) });
  assert.notEqual(run.code, 0);
  assert.equal(run.stderr.trim(), 'error: docs/slow.mdx: the page took longer than 1 s to build\n  → Look for a very long line, deeply repeated syntax or a slow component in it, or raise maxPageSeconds in site.config.ts.');
});

test('the language tabs\' slot characters written in a checked example stay code: each tab shows its own language', async () => {
  const page = '```ts check\nconst slot: string = "\uE005";\n```\n';
  const { html } = await compile(page, {}, [], { languageTabs: true });
  const panel = (value: string) => new RegExp(`<div role="tabpanel"[^>]* data-value="${value}">([\\s\\S]*?)</div></div></div>(?=<div role="tabpanel"|</div>$)`).exec(html)?.[1] ?? '';
  assert.match(panel('ts'), /^<div class="code-block language-ts"/);
  assert.doesNotMatch(panel('ts'), /language-js/, 'the JavaScript block is not inside the TypeScript one');
  assert.match(panel('js'), /^<div class="code-block language-js"[\s\S]*"\uE005"/);
});

test('a fence\'s highlighted line ranges are capped all together, not each: 2,000 ranges of 10,000 lines are quick', async () => {
  // Before: 15 s, then "the page is too deeply nested to compile (Set maximum size exceeded)".
  const ranges = Array.from({ length: 2000 }, (_, index) => `${index * 10_001}-${index * 10_001 + 10_000}`).join(',');
  const started = performance.now();
  const { html } = await compile(`\`\`\`js {${ranges}}\nconst a = 1;\nconst b = 2;\n\`\`\`\n`);
  assert.ok(performance.now() - started < 3000, `${Math.round(performance.now() - started)} ms`);
  assert.equal(html.match(/highlighted-line/g)?.length, 2, 'the first range holds both lines of the block');
});

test('JSON imports: "__proto__" stays a field, and a file too large for the sandbox is refused before it is read', async () => {
  const site = tempTree({
    'docs/data.json': '{"__proto__": {"polluted": "yes"}, "$$el": ["intrinsic", "script", {}, []], "a": 1}',
    'docs/huge.json': `[${'"0123456789abcdef",'.repeat(900_000)}0]`,
  });
  const options = { ...MDX, siteDir: site, docsDir: path.join(site, 'docs') };
  const { html } = await compile("import d from './data.json';\n\n{Object.keys(d).join(' ')} {String(d.polluted)} {String(({}).polluted)}\n", {}, [], options);
  assert.equal(html, '<p>__proto__ $$el a undefined undefined</p>');
  const error = await compile("import h from './huge.json';\n\n{h.length}\n", {}, [], options).then(() => undefined, (failure: unknown) => failure);
  assert.ok(error instanceof ContentError, String(error));
  assert.equal(error.format(), 'content/docs/page.md:1:1: cannot import "./huge.json": it is 16.3 MB, over the 16 MB a JSON import may have\n  → Import a smaller file: the page\'s sandbox (64 MB) could not hold it.');
});

test('a folder named _category_.json is one error naming it, not EISDIR with a stack', async () => {
  const root = tempTree({ 'docs/intro.md': '# Intro\n', 'docs/guide/page.md': '# Page\n', 'docs/guide/_category_.json/readme.txt': 'a folder\n' });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/guide/_category_.json: is a folder, not a category file\n  → Rename the folder: _category_.json, _category_.yml and _category_.yaml name a folder\'s category file.');
});

test('half a surrogate pair in a page (a YAML escape, an MDX string) is indexed for search as the page has it, not a crash', async () => {
  // Before: "Error: Pagefind service error when parsing a message: unexpected end of hex escape", with a stack.
  const root = tempTree({
    'docs/intro.md': '---\ntitle: "Half \\uD800 pair"\n---\n\nText.\n',
    'docs/expression.mdx': "# Expression\n\nA {'\\uDC00'} B\n",
  });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-cache'], root);
  assert.equal(run.code, 0, run.stderr);
  assert.match(readFileSync(path.join(root, 'out/intro/index.html'), 'utf8'), /<h1>Half \uFFFD pair<\/h1>/);
});
