/**
 * MDX as real Docusaurus folders write it (test/fixtures/mdx-site): theme components, a partial, a
 * site component, expressions, an embed, links from the docs root, built with the docs-only command.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { buildSiteFolder, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const fixture = path.join(projectRoot, 'test/fixtures/mdx-site');
let outDir: string;

function page(route: string): string {
  return readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
}

/** The page's body: what the author wrote, without the theme around it. */
function body(route: string): string {
  return /<div class="markdown">([\s\S]*?)<\/div><div class="doc-footer">/.exec(page(route))![1];
}

before(async () => {
  outDir = path.join(mkdtempSync(path.join(tmpdir(), 'mdx-')), 'out');
  const run = await runCli(['build', '--docs', `${fixture}/docs`, '--sidebars', `${fixture}/sidebars.js`, '--out', outDir, '--no-search', '--allow-component-code']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '', 'no warnings');
});

test('import and export lines, comments and expressions never reach the reader as text', () => {
  const intro = body('intro');
  assert.doesNotMatch(intro, /import |export const|\{\/\*|\{library\}/);
  assert.match(intro, /<p>This corpus shows Redux Toolkit 2 pages written the way Docusaurus sites write them\.<\/p>/);
});

test('a partial is inlined with the props it was given, and is not a page of its own', () => {
  assert.match(body('intro'), /<div class="admonition admonition-note"><p class="admonition-heading">A shared note<\/p><div class="admonition-content"><p>Every app has exactly one store, here for <strong>beginners<\/strong>\.<\/p><\/div><\/div>/);
  assert.ok(!existsSync(path.join(outDir, '_store-note')), 'no page for the partial');
  assert.equal(readdirSync(outDir).filter((name) => name.endsWith('.html') && name !== '404.html').length, 4, 'four pages, partial excluded');
});

test('theme Admonition and Details render as the theme draws them, with Markdown inside', () => {
  const intro = body('intro');
  assert.match(intro, /<div class="admonition admonition-tip"><p class="admonition-heading">Where to start<\/p><div class="admonition-content"><p>Read <a href="\/install">the install page<\/a> first\.<\/p><\/div><\/div>/);
  assert.match(intro, /<details><summary>Why MDX\?<\/summary><p>Pages can mix <strong>Markdown<\/strong> with components\.<\/p><\/details>/);
  assert.match(intro, /<div class="callout">A plain <abbr title="HyperText Markup Language">HTML<\/abbr> element\.<\/div>/);
});

test('tabs are server-rendered with the default tab shown and the others hidden', () => {
  const install = body('install');
  const groups = install.match(/<div class="tabs-container"[^>]*>/g)!;
  assert.deepEqual(groups, [
    '<div class="tabs-container" data-tabs="" data-group-id="package-manager">',
    '<div class="tabs-container" data-tabs="" data-group-id="package-manager">',
    '<div class="tabs-container" data-tabs="" data-query-key="lang">',
  ]);
  const first = install.slice(install.indexOf(groups[0]), install.indexOf('<h2', install.indexOf(groups[0])));
  assert.deepEqual([...first.matchAll(/role="tab"[^>]*aria-selected="(\w+)"[^>]*>(\w+)</g)].map((match) => `${match[2]}:${match[1]}`), ['npm:true', 'Yarn:false', 'pnpm:false']);
  const panels = first.match(/<div role="tabpanel"[^>]*>/g)!.map((tag) => `${/data-value="(\w+)"/.exec(tag)![1]}:${/ hidden[ >]/.test(tag) ? 'hidden' : 'shown'}`);
  assert.deepEqual(panels, ['npm:shown', 'yarn:hidden', 'pnpm:hidden']);
  assert.match(first, /<span class="token function">npm<\/span> <span class="token function">install<\/span> @reduxjs\/toolkit react-redux/);
  assert.match(install, /<button[^>]*data-value="ts">TypeScript<\/button><button[^>]*data-value="js">JavaScript<\/button>/, 'labels from the values prop');
});

test('TOCInline lists the page\'s headings where the author puts it, from an expression on toc', () => {
  assert.match(body('install'), /<div class="toc-inline"><ul><li><a href="#templates">Templates<\/a><\/li><li><a href="#language">Language<\/a><\/li><\/ul><\/div>/);
});

test('only pages with tabs load the tabs island, which the CSP allows as a same-origin module', () => {
  const island = /<link rel="modulepreload" href="(\/assets\/islands\/tabs-[\w-]+\.js)">/.exec(page('install'))?.[1];
  assert.ok(island, 'the install page preloads the island');
  assert.ok(existsSync(path.join(outDir, island)));
  assert.match(page('api/store'), /\/assets\/islands\/tabs-/);
  for (const route of ['intro', 'embeds']) assert.doesNotMatch(page(route), /islands/, route);
});

test('CodeBlock is highlighted with its title like a fence; a link written from the docs root resolves', () => {
  const store = body('api/store');
  assert.match(store, /<div class="code-block language-ts" data-pagefind-ignore=""><div class="code-block-title">store\.ts<\/div>/);
  assert.match(store, /<span class="token keyword">import<\/span>/);
  assert.match(store, /see <a href="\/install">Install<\/a> \(a path from the docs root\)/);
});

test('an image kept next to a doc is copied into the site under a content hash, and the page points there', () => {
  const src = /<img src="(\/assets\/media\/store-flow-[0-9a-f]{10}\.svg)" alt="How an action reaches the store" loading="lazy">/.exec(body('api/store'))?.[1];
  assert.ok(src, 'the image points into assets/media');
  assert.equal(readFileSync(path.join(outDir, src), 'utf8'), readFileSync(path.join(fixture, 'docs/api/img/store-flow.svg'), 'utf8'));
});

test('a site component renders at build time, using a theme component itself; an allowed iframe loads lazily', () => {
  const embeds = body('embeds');
  assert.match(embeds, /<div class="admonition admonition-info"><p class="admonition-heading">Greeting<\/p><div class="admonition-content"><span class="greeting">Hello, reader!<\/span><\/div><\/div>/);
  assert.match(embeds, /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/poQXNp9ItL4" title="A talk about Redux" width="560" height="315" loading="lazy" allowfullscreen sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation allow-modals"><\/iframe>/, 'every iframe is sandboxed');
  assert.match(embeds, /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/bX5JpNsxx2s" title="Redux in a nutshell" loading="lazy" allowfullscreen allow="encrypted-media; picture-in-picture" class="video-embed" sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation allow-modals"><\/iframe>/, 'react-lite-youtube-embed');
  const headers = readFileSync(path.join(outDir, '_headers'), 'utf8');
  assert.match(headers, /; frame-src https:\/\/www\.youtube-nocookie\.com;/, 'the CSP frames exactly the hosts the pages embed');
});

/** A docs-only build of one MDX page (plus files), as a stranger's pull request would bring it. */
async function buildPage(text: string, files: Record<string, string> = {}, flags: string[] = []) {
  const root = tempTree({ 'docs/page.mdx': text, 'sidebars.js': "module.exports = { docs: ['page'] };\n", ...files });
  return { ...(await runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search', ...flags], root)), root };
}

test('a site component is refused without --allow-component-code, and its code never runs', async () => {
  const marker = path.join(tmpdir(), `component-ran-${process.pid}`);
  const run = await buildPage("import Boom from '../Boom.jsx';\n\n<Boom />\n", { 'Boom.jsx': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, '');\nexport default () => null;\n` });
  assert.equal(run.code, 1);
  assert.ok(!existsSync(marker), 'the component module was never run');
  assert.equal(run.stderr.trim(), 'error: docs/page.mdx:1:1: importing "../Boom.jsx" would run its code during the build\n'
    + '  → If you trust this docs folder, pass --allow-component-code (or set allowComponentCode: true in the site config); otherwise remove the import.');
});

test('an unknown component, a failed import and an expression that cannot be evaluated are one error each, with the line', async () => {
  const run = await buildPage("import Missing from './missing.mdx';\nimport Tabs from '@theme/Tabs';\nimport Nope from '@theme/Nope';\n\nText {version}.\n\n<Tab value=\"a\" />\n");
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 4 problems found:',
    'docs/page.mdx:1:1: cannot import "./missing.mdx": no such file',
    '  → Create the file, or fix the import path.',
    'docs/page.mdx:3:1: cannot import "@theme/Nope": this generator has no such theme component',
    '  → Use one of @theme/Tabs, @theme/TabItem, @theme/Heading, @theme/Layout, @theme/Admonition, @theme/Details, @theme/CodeBlock, @theme/MDXComponents, @theme/TOCInline, @docusaurus/Link, @docusaurus/useBaseUrl, @docusaurus/useDocusaurusContext, @docusaurus/useIsBrowser, '
      + '@docusaurus/BrowserOnly, @docusaurus/ExecutionEnvironment, @docusaurus/Translate, @docusaurus/Head, @docusaurus/router, '
      + 'or a component of the site\'s own (--allow-component-code).',
    'docs/page.mdx:5:6: expression cannot be evaluated: "version" is not defined on this page',
    '  → Fix the expression; it runs at build time with the names this page imports and exports.',
    'docs/page.mdx:7:1: unknown component <Tab>',
    '  → Import it at the top of the page (for example: import Tabs from \'@theme/Tabs\'), check its spelling, or map it in the config\'s components.',
  ].join('\n'));
});

test('an expression that reaches for the Function constructor finds no host; an iframe over http is refused', async () => {
  const run = await buildPage("export const name = 'x';\n\n{name.constructor.constructor('return process')()}\n\n<iframe src=\"http://evil.example/x\" />\n");
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'docs/page.mdx:3:1: expression cannot be evaluated: "process" is not defined on this page',
    '  → Fix the expression; it runs at build time with the names this page imports and exports.',
    'docs/page.mdx:5:1: <iframe> from "evil.example" is not an allowed embed',
    '  → Embed a page over https.',
  ].join('\n'));
});

test('a component that throws while rendering names itself and the line it is used on', async () => {
  const run = await buildPage("import Broken from '@site/Broken.jsx';\n\nIntro.\n\n<Broken items={3} />\n", { 'Broken.jsx': 'export default function Broken({ items }) { return items.map((item) => item); }\n' }, ['--allow-component-code']);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/page.mdx:5: <Broken> failed to render: items.map is not a function\n  → Fix the component, or the props the page passes it.');
});

test('MDX syntax errors name the line; a partial that includes itself is caught', async () => {
  const syntax = await buildPage('Some text {unclosed\n');
  assert.equal(syntax.code, 1);
  assert.equal(syntax.stderr.trim(), 'error: docs/page.mdx:1:20: MDX syntax error: Unexpected end of file in expression, expected a corresponding closing brace for `{`\n'
    + '  → Write < and { in text as \\< and \\{ (MDX reads them as JSX and expressions), or set markdown.format to "detect" to read .md files as plain Markdown.');
  const loop = await buildPage("import Loop from './_loop.mdx';\n\n<Loop />\n", { 'docs/_loop.mdx': "import Loop from './_loop.mdx';\n\n<Loop />\n" });
  assert.equal(loop.code, 1);
  assert.equal(loop.stderr.trim(), 'error: docs/page.mdx:3:1: in docs/_loop.mdx: <Loop> includes itself (page.mdx → _loop.mdx → _loop.mdx)\n  → Remove the import that closes the loop.');
});

test('a component module that does not compile, and ESM that would have to run, are errors naming the line', async () => {
  const run = await buildPage("import Broken from '@site/Broken.jsx';\nexport default function Page() {}\n\n<Broken />\n", { 'Broken.jsx': 'export default function Broken( {\n' }, ['--allow-component-code']);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'docs/page.mdx:1:1: could not load "@site/Broken.jsx": Broken.jsx:2:1: Expected identifier but found end of file',
    '  → Fix the error in that file.',
    'docs/page.mdx:2:1: export default is not run at build time',
    '  → Keep to import lines and "export const name = value".',
  ].join('\n'));
});

test('an HTML element outside the allowlist is removed with a warning; the page builds', async () => {
  const run = await buildPage('Text.\n\n<script>alert(1)</script>\n\n<form action="/x"><span>kept out</span></form>\n');
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), [
    'warning: docs/page.mdx:3:1: <script> is not allowed in a page and was removed',
    'warning: docs/page.mdx:5:1: <form> is not allowed in a page and was removed',
  ].join('\n'));
  const html = readFileSync(path.join(run.root, 'out/page/index.html'), 'utf8');
  assert.doesNotMatch(html, /alert\(1\)|kept out/);
});

test('components mapped in the site config are usable on every MDX page without an import, and run without the opt-in', async () => {
  const components = { Highlight: './src/Highlight.jsx', Tabs: '@theme/Tabs', TabItem: '@theme/TabItem', Missing: './src/Missing.jsx' };
  const page = '# Page\n\n<Highlight color="gold">Shiny</Highlight>\n\n<Tabs>\n  <TabItem value="a" label="A">First</TabItem>\n  <TabItem value="b" label="B">Second</TabItem>\n</Tabs>\n';
  const run = await buildSiteFolder({
    'site.config.ts': siteConfig({ components }),
    'docs/extra.mdx': page,
    'src/Highlight.jsx': 'export default function Highlight({ color, children }) { return <mark className={`highlight-${color}`}>{children}</mark>; }\n',
  });
  assert.equal(run.code, 0, run.stderr);
  const html = readFileSync(path.join(run.root, 'out/extra/index.html'), 'utf8');
  assert.match(html, /<div class="markdown"><mark class="highlight-gold">Shiny<\/mark>\s*<div class="tabs-container"/, 'a paragraph of only JSX is unravelled');
  assert.match(html, /<button type="button" role="tab"[^>]*data-value="a">A<\/button>/);

  const broken = await buildSiteFolder({ 'site.config.ts': siteConfig({ components }), 'docs/extra.mdx': '# Page\n\nText.\n\n<Missing />\n' });
  assert.equal(broken.code, 1);
  assert.equal(broken.stderr.trim(), 'error: docs/extra.mdx:5:1: components.Missing in the site config: cannot import "./src/Missing.jsx": no such file\n  → Create the file, or fix the import path.');
});

test('an image next to the page that does not exist is one error naming the line and where to put it', async () => {
  const run = await buildPage('Intro.\n\n![Flow](./img/flow.png)\n');
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/page.mdx:3:1: image "./img/flow.png" not found next to the page\n  → Put the file at docs/img/flow.png, or fix the path (it is relative to this file).');
});
