/**
 * The pages of a Docusaurus site's `src/pages` (issue #36, item 4), built from the site's own
 * docusaurus.config as `create-docusaurus` makes it (test/fixtures/docusaurus-pages): a React home page
 * with Layout, Link, clsx, CSS modules, SVG imports and Infima's classes, a Markdown page, an MDX page and
 * a `_hidden.md`; the site's custom.css sets Infima's palette.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { copiedTree, tempTree } from '../helpers/tmp.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-pages');
const SKIPPED_REACT_PAGE = 'warning: src/pages/index.js: building this React page would run its code during the build; it is skipped\n'
  + '  → If you trust this site, pass --allow-component-code (or set allowComponentCode: true in the site config).';

/** Builds the fixture (with `changes`: files replaced or added) from its own folder, as its author would; `prepare` runs first. */
async function buildFixture(flags: string[], changes: Record<string, string> = {}, prepare?: (root: string) => void) {
  const root = Object.keys(changes).length === 0 ? fixture : copiedTree(fixture, changes);
  prepare?.(root);
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'docusaurus-pages-')), 'out');
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', outDir, '--no-search', '--no-cache', ...flags], root);
  return { ...run, outDir, page: (file: string) => readFileSync(path.join(outDir, file), 'utf8') };
}

const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '';
const title = (html: string) => part(html, /<title>([^<]*)<\/title>/);
const description = (html: string) => part(html, /<meta name="description" content="([^"]*)">/);
const main = (html: string) => part(html, /<main id="__main" class="main-wrapper" tabindex="-1"><!--\$-->([\s\S]*)<!--\/\$--><\/main>/);

let built: Awaited<ReturnType<typeof buildFixture>>;

before(async () => {
  built = await buildFixture(['--allow-component-code']);
  assert.equal(built.code, 0, built.stderr);
});

test('with --allow-component-code the site builds with no warning, and its React index page is the home page', () => {
  assert.equal(built.stderr, '');
  assert.match(built.stdout, /Built 5 pages/);
  const home = built.page('index.html');
  assert.doesNotMatch(home, /http-equiv="refresh"/, '/ is the page, not a redirect to the first doc');
  assert.equal(title(home), 'Launch with Acme Rockets | Acme Rockets', "the page's <Layout title> and the site title, as Docusaurus writes them");
  assert.equal(description(home), 'Reusable rockets for payloads from &lt;100 kg&gt; to a tonne');
  assert.match(home, /<a class="navbar-brand" href="\/">/);
});

test('the React home page is rendered at build time inside the theme: Link, clsx, Heading, useDocusaurusContext, CSS module classes, SVG images, inline SVG', () => {
  const home = built.page('index.html');
  assert.equal(main(home).replace(/-[0-9a-f]{10}\.svg/g, '-HASH.svg'), [
    '<div class="react-page" data-pagefind-body="">',
    '<header class="hero hero--primary index_65d6f5_heroBanner"><div class="container"><h1 class="hero__title">Acme Rockets</h1><p class="hero__subtitle">Rockets are cool</p>',
    '<div class="index_65d6f5_buttons"><a href="/docs/intro" class="button button--secondary button--lg">Plan your first launch</a></div></div></header>',
    // The page's <main> is a <div>: the theme's <main> holds every page.
    '<div><section class="styles_9aa965_features"><div class="container"><div class="row">',
    '<div class="col col--4"><div class="text--center"><img src="/assets/media/undraw_mountain-HASH.svg" alt="" class="styles_9aa965_featureSvg" loading="lazy"></div>',
    '<div class="text--center padding-horiz--md"><h3>Built to Fly Again</h3><p>Every stage lands back on the pad, so a launch costs fuel and an inspection, not a new rocket.</p></div></div>',
    '<div class="col col--4"><div class="text--center"><img src="/assets/media/undraw_tree-HASH.svg" alt="" class="styles_9aa965_featureSvg" loading="lazy"></div>',
    '<div class="text--center padding-horiz--md"><h3>Your Window, Your Call</h3><p>Book a launch window a week ahead and move it as often as you need: the pad waits for your payload.</p></div></div>',
    '<div class="col col--4"><div class="text--center"><img src="/assets/media/rocket-HASH.svg" alt="" class="styles_9aa965_featureSvg" loading="lazy"></div>',
    '<div class="text--center padding-horiz--md"><h3>One Countdown</h3><p>Fuelling, weather and range checks run on one clock. Follow it from the <code>bay</code> folder of your mission.</p></div></div>',
    '</div></div></section>',
    '<section class="index_65d6f5_checklist"><h2 class="index_65d6f5_checklistTitle">Before every launch</h2>',
    '<p><svg class="index_65d6f5_checkMark" viewBox="0 0 16 16" aria-hidden="true"><path d="M6 10.6 2.7 7.3 1.3 8.7 6 13.4l8.7-8.7-1.4-1.4z"></path></svg>Fuel, weather and range all read go.</p></section></div></div>',
  ].join(''));
  assert.doesNotMatch(home, /aria-label="Docs sidebar"|aria-label="Breadcrumbs"|aria-label="Table of contents"|Copy page as Markdown/);
  const svg = /src="(\/assets\/media\/undraw_tree-[0-9a-f]{10}\.svg)"/.exec(home)![1];
  assert.equal(built.page(svg), readFileSync(path.join(fixture, 'static/img/undraw_tree.svg'), 'utf8'));
});

test("the page's CSS modules reach it as one stylesheet, their class names kept apart per file, naming no path of the build machine", () => {
  const home = built.page('index.html');
  const stylesheet = /<link rel="stylesheet" href="(\/assets\/css\/index-[0-9a-f]{10}\.css)" data-precedence="page"\/>/.exec(home)?.[1];
  assert.ok(stylesheet, home);
  const css = built.page(stylesheet);
  assert.ok(css.includes('.index_65d6f5_heroBanner{padding:4rem 0;text-align:center;position:relative;overflow:hidden}'), css);
  assert.ok(css.includes('.styles_9aa965_featureSvg{height:200px;width:200px}'), css);
  assert.doesNotMatch(css, /\/work\/|fixtures|\/\*/);
  assert.doesNotMatch(built.page('about/index.html'), /assets\/css\//, 'a page without components links no page stylesheet');
});

/** The site's stylesheet (the theme's, then the site's own) that every page of a build links. */
function siteStylesheet(run: Awaited<ReturnType<typeof buildFixture>>): string {
  const href = /<link rel="stylesheet" href="(\/assets\/site-[\w-]+\.css)" data-precedence="theme">/.exec(run.page('about/index.html'))?.[1];
  assert.ok(href, 'the page links the site stylesheet');
  return run.page(href);
}

/** Rules only src/css/infima.css writes, the first of its grid and the last of its badges. */
const INFIMA_RULES = ['.col--4{--ifm-col-width: calc(4 / 12 * 100%)}', '.badge--secondary{color:#000}'];
/** Declarations only src/css/infima-variables.css writes: the first of Infima's :root and one of its dark mode. */
const INFIMA_VARIABLES = ['--ifm-color-scheme: light;', '--ifm-color-emphasis-800: var(--ifm-color-gray-200)'];

test("a site with React pages gets Infima's variables before the theme's CSS and its classes after it, then the site's custom.css, which sets their palette", () => {
  const css = siteStylesheet(built);
  const at = (rule: string) => {
    assert.ok(css.includes(rule), `${rule} in the site stylesheet`);
    return css.indexOf(rule);
  };
  const variables = INFIMA_VARIABLES.map(at);
  const theme = at('.hero-title{');
  const infima = INFIMA_RULES.map(at);
  const custom = at('--ifm-color-primary: #0f766e');
  assert.ok(variables[0] < variables[1] && variables[1] < theme && theme < infima[0] && infima[1] < custom, 'variables, theme, Infima, then the site');
});

let withoutReactPages: ReturnType<typeof buildFixture> | undefined;
const buildWithoutReactPages = () => (withoutReactPages ??= buildFixture([]));

test("a site without React pages, whose Markdown names none of Infima's classes, gets none of their CSS; its custom.css setting Infima's palette gets it Infima's variables", async () => {
  const run = await buildWithoutReactPages();
  assert.equal(run.code, 0, run.stderr);
  const css = siteStylesheet(run);
  for (const rule of INFIMA_RULES) assert.ok(!css.includes(rule), `${rule} is left out`);
  assert.doesNotMatch(css, /\.hero--primary|\.margin-bottom--lg/);
  for (const declaration of INFIMA_VARIABLES) assert.ok(css.includes(declaration), `${declaration} is in`);
  const infimaBytes = siteStylesheet(built).length - css.length;
  assert.ok(infimaBytes > 10_000, `Infima's classes are ${infimaBytes} bytes of the React site's stylesheet`);
});

test("a site whose CSS names no Infima variable, with no React pages, gets neither Infima's variables nor its classes", async () => {
  const run = await buildFixture([], { 'src/css/custom.css': '.footer { letter-spacing: 0.01em; }\n' });
  assert.equal(run.code, 0, run.stderr);
  const css = siteStylesheet(run);
  assert.doesNotMatch(css, /--ifm-color-scheme|--infima-|\.col--4/);
  const variablesBytes = siteStylesheet(await buildWithoutReactPages()).length - css.length;
  assert.ok(variablesBytes > 10_000 && variablesBytes < 20_000, `Infima's variables are ${variablesBytes} bytes of a stylesheet`);
});

test("a Markdown or MDX page that names one of Infima's classes outside its code gets them, without React pages", async () => {
  const run = await buildFixture([], { 'docs/grid.mdx': '# Grid\n\n<div className="row"><div className="col col--6">Left</div></div>\n' });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(siteStylesheet(run).includes(INFIMA_RULES[0]));
});

test("a CSS module's url() from the site root is a file of the static folder, copied under a content hash, as Docusaurus's bundler resolves it", () => {
  const home = built.page('index.html');
  const css = built.page(/<link rel="stylesheet" href="(\/assets\/css\/index-[0-9a-f]{10}\.css)"/.exec(home)![1]);
  const image = /\.index_65d6f5_sponsor\{background:#f6914d url\((\/assets\/media\/logo-[0-9a-f]{10}\.svg)\) 10px no-repeat;background-size:24px\}/.exec(css)?.[1];
  assert.ok(image, css);
  assert.equal(built.page(image), readFileSync(path.join(fixture, 'static/img/logo.svg'), 'utf8'));
});

test("under a baseUrl, a CSS module's url() from the site root gets it, as the site's own CSS does", async () => {
  const config = readFileSync(path.join(fixture, 'docusaurus.config.js'), 'utf8');
  const run = await buildFixture(['--allow-component-code'], {
    'docusaurus.config.js': config.replace("baseUrl: '/'", "baseUrl: '/rockets/'").replace('blog: false,', "blog: false,\n        theme: { customCss: './src/css/custom.css' },"),
    'src/css/custom.css': '.navbar-logo { background: url(/img/logo.svg); }\n',
  });
  assert.equal(run.code, 0, run.stderr);
  const home = run.page('index.html');
  const moduleCss = run.page(/<link rel="stylesheet" href="\/rockets\/(assets\/css\/index-[0-9a-f]{10}\.css)"/.exec(home)![1]);
  assert.match(moduleCss, /\.index_65d6f5_sponsor\{background:#f6914d url\(\/rockets\/assets\/media\/logo-[0-9a-f]{10}\.svg\) 10px no-repeat;/);
  const siteCss = readdirSync(path.join(run.outDir, 'assets')).filter((file) => file.endsWith('.css')).map((file) => run.page(`assets/${file}`)).join('');
  assert.match(siteCss, /\.navbar-logo\{background:url\(\/rockets\/assets\/media\/logo-[\w]+\.svg\)\}/);
});

test("a CSS module's url() from the site root naming no file of the static folder, or a path out of it, is one error naming the CSS file and line", async () => {
  const css = readFileSync(path.join(fixture, 'src/pages/index.module.css'), 'utf8');
  const run = await buildFixture(['--allow-component-code'], {
    'src/pages/index.module.css': css.replace('url(/img/logo.svg)', 'url(/img/tidelift-small.png)'),
    'src/pages/outside.js': "import styles from './outside.module.css';\n\nexport default function Outside() { return <p className={styles.out}>Out</p>; }\n",
    'src/pages/outside.module.css': '.out {\n  background: url(/../../../../../../etc/hostname);\n}\n',
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'src/pages/index.js: could not load "./index.js": src/pages/index.module.css:23:23: cannot import "/img/tidelift-small.png": no such file in the static folder',
    '  → Fix the error in that file.',
    'src/pages/outside.js: could not load "./outside.js": src/pages/outside.module.css:2:15: cannot import "/../../../../../../etc/hostname": it is outside the site folder',
    '  → Fix the error in that file.',
  ].join('\n'));
});

test('a Markdown page is built like a doc with no sidebar, breadcrumbs or pagination, with its front matter, links and table of contents', () => {
  const about = built.page('about/index.html');
  assert.equal(title(about), 'About Acme | Acme Rockets');
  assert.equal(description(about), 'Who builds the rockets.');
  assert.equal(main(about), [
    '<div class="doc-layout doc-layout-no-sidebar"><div class="doc-main doc-main-toc"><article class="doc-article"><div class="doc-content" data-pagefind-body="">',
    '<h1>About Acme</h1>',
    '<details class="toc-collapsible" data-pagefind-ignore=""><summary>On this page</summary><ul class="toc-list"><li><a href="#our-team" class="toc-link">Our team</a></li><li><a href="#our-history" class="toc-link">Our history</a></li></ul></details>',
    '<div class="markdown"><p>We build rockets. Read the <a href="/docs/intro">tutorial</a>.</p>\n',
    '<h2 id="our-team" class="anchor">Our team<a class="hash-link" href="#our-team" aria-label="Direct link to Our team" title="Direct link to this heading" data-pagefind-ignore="">#</a></h2>\n',
    '<p>Engineers who like countdowns.</p>\n',
    '<h2 id="our-history" class="anchor">Our history<a class="hash-link" href="#our-history" aria-label="Direct link to Our history" title="Direct link to this heading" data-pagefind-ignore="">#</a></h2>\n',
    '<p>Founded in 1962.</p></div></div>',
    '<div class="doc-footer"><span class="doc-footer-actions"><button type="button" class="copy-page-button" data-markdown="/about.md">Copy page as Markdown</button></span></div></article>',
    '<aside class="toc-container" aria-label="Table of contents"><nav aria-label="Table of contents" class="toc"><p class="toc-title">On this page</p><ul class="toc-list"><li><a href="#our-team" class="toc-link">Our team</a></li><li><a href="#our-history" class="toc-link">Our history</a></li></ul></nav></aside>',
    '</div></div>',
  ].join(''));
  assert.match(built.page('docs/intro/index.html'), /See <a href="\/about">what we are<\/a>\./, 'a doc links to a page by its file');
});

test('an MDX page runs its expressions and theme components, keeps the heading it writes below its imports, and hides its table of contents as asked', () => {
  const nested = built.page('nested/index.html');
  assert.equal(title(nested), 'Launch schedule | Acme Rockets');
  assert.equal(main(nested), [
    '<div class="doc-layout doc-layout-no-sidebar"><div class="doc-main"><article class="doc-article"><div class="doc-content" data-pagefind-body="">',
    '<div class="markdown"><h1 id="launch-schedule">Launch schedule</h1>\n',
    '<div class="admonition admonition-tip"><p class="admonition-heading">Next up</p><div class="admonition-content">Alpha launches first.</div></div>\n',
    '<p>Rocket Alpha</p>\n<p>Rocket Beta</p>\n',
    '<h2 id="past-launches" class="anchor">Past launches<a class="hash-link" href="#past-launches" aria-label="Direct link to Past launches" title="Direct link to this heading" data-pagefind-ignore="">#</a></h2>\n',
    '<p>None yet.</p></div></div>',
    '<div class="doc-footer"><span class="doc-footer-actions"><button type="button" class="copy-page-button" data-markdown="/nested/index.md">Copy page as Markdown</button></span></div></article>',
    '</div></div>',
  ].join(''));
});

test('files and folders starting with "_" are not pages, nor is a draft (nor are its warnings); the sitemap lists the pages', () => {
  assert.equal(existsSync(path.join(built.outDir, 'hidden')) || existsSync(path.join(built.outDir, '_hidden')), false);
  assert.equal(existsSync(path.join(built.outDir, 'wip')), false);
  assert.doesNotMatch(built.page('sitemap.xml'), /hidden/);
  const sitemap = [...built.page('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort();
  assert.deepEqual(sitemap, ['https://rockets.example.com/', 'https://rockets.example.com/about', 'https://rockets.example.com/docs/intro', 'https://rockets.example.com/docs/launch', 'https://rockets.example.com/nested/']);
});

test('without --allow-component-code the React page is skipped with one warning, and / forwards to the first doc; Markdown pages are built', async () => {
  const run = await buildWithoutReactPages();
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), SKIPPED_REACT_PAGE);
  assert.match(run.page('index.html'), /<meta http-equiv="refresh" content="0; url=\/docs\/intro">/);
  assert.equal(title(run.page('about/index.html')), 'About Acme | Acme Rockets');
  assert.equal(readdirSync(path.join(run.outDir, 'assets')).includes('css'), false, 'nothing of the React page was bundled');
});

test("the preset's pages: false builds no pages (the navbar's link to one is dead); its pages options are taken or warned about", async () => {
  const config = readFileSync(path.join(fixture, 'docusaurus.config.js'), 'utf8');
  const off = await buildFixture([], { 'docusaurus.config.js': config.replace('blog: false,', 'blog: false,\n        pages: false,') });
  assert.equal(off.code, 1);
  assert.equal(off.stderr.trim(), 'error: docusaurus.config.js: dead link /about in navbar item 2 ("About")\n  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
  const moved = await buildFixture([], {
    'docusaurus.config.js': config.replace('blog: false,', "blog: false,\n        pages: { path: 'site-pages', routeBasePath: '/more', remarkPlugins: [() => {}] },").replace("to: '/about'", "to: '/more/team'"),
    'site-pages/team.md': '# Team\n\nUs.\n',
  });
  assert.equal(moved.code, 0, moved.stderr);
  assert.equal(moved.stderr.trim(), [
    'warning: docusaurus.config.js: "pages.remarkPlugins" of preset "classic" is not supported; it is ignored',
    // src/pages is no longer the pages folder: its about.md is no page.
    'warning: docs/intro.md:7:61: link to a missing Markdown file "../src/pages/about.md"',
    '  → Fix the path (relative to this file or to the docs folder), or create the page.',
  ].join('\n'));
  assert.equal(title(moved.page('more/team/index.html')), 'Team | Acme Rockets');
});

test('a page and a doc, or two pages, writing the same route are one error naming both', async () => {
  const run = await buildFixture([], { 'src/pages/docs/intro.md': '# Intro again\n', 'src/pages/about/index.md': '# About again\n' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'src/pages/about/index.md: route "/about/" writes about/index.html, where the page of src/pages/about.md is written',
    "  → Rename the page's file, or the other file.",
    'src/pages/docs/intro.md: route "/docs/intro" writes docs/intro/index.html, where the page of docs/intro.md is written',
    "  → Rename the page's file, or the other file.",
  ].join('\n'));
});

test('what a React page imports and cannot have is one error naming the file and the import, never a stack', async () => {
  const page = (imports: string) => `${imports}\nexport default function Page() { return <p>Hi</p>; }\n`;
  const run = await buildFixture(['--allow-component-code'], {
    'src/pages/index.js': page("import confetti from 'canvas-confetti';"),
    'src/pages/styled.js': page("import './theme.scss';"),
    'src/pages/theme.scss': '$x: 1;\n',
    'src/pages/outside.js': page("import secret from './linked.js';"),
    'src/pages/unknown.js': page("import CodeInline from '@theme/CodeInline';"),
  }, (root) => symlinkSync(tempTree({ 'secret.js': 'export default 42;\n' }) + '/secret.js', path.join(root, 'src/pages/linked.js')));
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 4 problems found:',
    'src/pages/index.js: could not load "./index.js": src/pages/index.js:1:22: cannot import "canvas-confetti": the package is not installed in the site (its node_modules)',
    '  → Fix the error in that file.',
    'src/pages/outside.js: could not load "./outside.js": src/pages/outside.js:1:20: cannot import "./linked.js": it is outside the site folder',
    '  → Fix the error in that file.',
    'src/pages/styled.js: could not load "./styled.js": src/pages/styled.js:1:8: cannot import "./theme.scss": .scss files cannot be imported',
    '  → Fix the error in that file.',
    'src/pages/unknown.js: could not load "./unknown.js": src/pages/unknown.js:1:24: cannot import "@theme/CodeInline": this generator has no such theme component',
    '  → Fix the error in that file.',
  ].join('\n'));
});

test('a React page that throws while rendering, has no default export or exports no component is one error naming it, with no line of the build\'s own making', async () => {
  const run = await buildFixture(['--allow-component-code'], {
    'src/pages/index.js': 'export default function Home() { return [1].map((n) => n.toUpperCase()); }\n',
    'src/pages/named.js': 'export function Team() { return null; }\n',
    'src/pages/number.js': 'export default 42;\n',
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 3 problems found:',
    'src/pages/index.js: <Page> failed to render: n.toUpperCase is not a function',
    '  → Fix the component, or the props the page passes it.',
    'src/pages/named.js: "./named.js" has no export named "default"',
    '  → Import one of: Team.',
    'src/pages/number.js: <Page> is not a component: "Page" is a number',
    "  → Use a theme component, a component of the site's own (--allow-component-code) or a function of this page; for an HTML element, write its tag (<div>).",
  ].join('\n'));
});
