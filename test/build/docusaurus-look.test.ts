/**
 * A Docusaurus site looks like itself: its custom CSS and stylesheets, its Prism themes, its navbar
 * style and dropdowns, its footer HTML (test/fixtures/docusaurus-look, each construct a trimmed copy of
 * a real site's). Built with the CLI; asserted on the HTML, the CSS and the messages.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const FIXTURE_CONFIG = 'test/fixtures/docusaurus-look/docusaurus.config.js';

const out = mkdtempSync(path.join(tmpdir(), 'docusaurus-look-'));

async function buildFixture() {
  const run = await runCli(['build', '--config', FIXTURE_CONFIG, '--out', out, '--no-search']);
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  const page = read('intro/index.html');
  return { ...run, out, read, page, css: read(/href="\/(assets\/site-[^"]+\.css)"/.exec(page)![1]) };
}

const fixture = buildFixture();
// Removed once built, even when the tests that read it were skipped.
after(async () => {
  await fixture.catch(() => undefined);
  rmSync(out, { recursive: true, force: true });
});
const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';

test('the fixture site builds with one warning: the footer HTML it does not keep', async () => {
  const { code, stderr } = await fixture;
  assert.equal(code, 0, stderr);
  assert.deepEqual(stderr.trim().split('\n'), [
    `warning: ${FIXTURE_CONFIG}: footer column "More" item 2 (html): "data-icon", "data-show-count" of <a> were removed: the attribute is not allowed on this tag`,
  ]);
});

test('customCss and local stylesheets come after the theme\'s CSS, each file they load copied under a content hash', async () => {
  const { css, out } = await fixture;
  assert.ok(css.startsWith('@import"https://fonts.googleapis.com/css2?family=Inter:wght@400;600&display=swap";'), 'an @import of another site stays, first');
  assert.ok(css.indexOf('--ifm-color-primary: #2e8555') > css.indexOf('.navbar{'), 'custom.css comes after the theme');
  assert.ok(css.indexOf('.code-block-title{font-weight:600}') > css.indexOf('--ifm-color-primary: #2e8555'), 'customCss files in their order');
  const urls = [...css.matchAll(/url\((\/assets\/media\/[^)]+)\)/g)].map((match) => match[1]);
  assert.deepEqual(urls.map((url) => url.replace(/-[A-Z0-9]{8}\./, '-HASH.')), ['/assets/media/lookout-mono-HASH.woff2', '/assets/media/waves-HASH.svg', '/assets/media/logo-HASH.svg']);
  for (const url of urls) assert.ok(existsSync(path.join(out, url)), url);
});

test('a stylesheet of another site is linked after ours with its integrity; the CSP allows its origin and its fonts\', nothing inline', async () => {
  const { page, read } = await fixture;
  assert.match(page, /<link rel="stylesheet" href="\/assets\/site-\w+\.css" data-precedence="theme">\n<link rel="stylesheet" href="https:\/\/cdn\.jsdelivr\.net\/npm\/katex@0\.13\.24\/dist\/katex\.min\.css" integrity="sha384-odtC\+0UGzzFL\/6PNoE8rX\/SPcQDXBJ\+uRepguP4QkPCm2LBxH3FA3y\+fKSiJ\+AmM" crossorigin="anonymous">\n/);
  const csp = read('_headers').split('\n').find((line) => line.includes('Content-Security-Policy'))!;
  assert.match(csp, /; style-src 'self' https:\/\/cdn\.jsdelivr\.net https:\/\/fonts\.googleapis\.com; img-src 'self' data: https:; font-src 'self' https:\/\/cdn\.jsdelivr\.net https:\/\/fonts\.gstatic\.com; /);
  assert.doesNotMatch(csp, /unsafe-inline/);
});

test('the Prism themes colour the code: the site\'s own object in light mode, prism-react-renderer\'s Dracula in dark mode', async () => {
  const { css, page } = await fixture;
  assert.match(page, /<span class="token keyword">const<\/span>/);
  assert.ok(css.includes('[data-theme=light] .code-block{--code-text: #f8f8f2;--color-code-bg: #272822;--code-comment: #778090}'));
  assert.ok(css.includes('[data-theme=light] .code-block .token.keyword{color:#f92672}'));
  assert.ok(css.includes('[data-theme=dark] .code-block{--code-text: #F8F8F2;--color-code-bg: #282A36;--code-comment: rgb(98, 114, 164)}'));
  assert.ok(css.includes('[data-theme=dark] .code-block .token.keyword,[data-theme=dark] .code-block .token.variable{color:#bd93f9;font-style:italic}'));
});

test('a dark navbar carries Docusaurus\'s class and the dark colour mode; dropdowns are a button over a hidden list of their links', async () => {
  const navbar = part((await fixture).page, /<nav aria-label="Main"[\s\S]*?<\/nav>/);
  assert.match(navbar, /^<nav aria-label="Main" class="navbar navbar--dark" data-theme="dark">/);
  const dropdowns = [...navbar.matchAll(/<div class="navbar-dropdown">([\s\S]*?)<\/div>/g)].map((match) => match[1].replace(/ (id|aria-controls)="[^"]+"/g, ''));
  // The page is in the sidebar of both docs of "Guides": Docusaurus marks them (its dropdown's button, not).
  assert.deepEqual(dropdowns, [
    '<button type="button" class="navbar-link navbar-dropdown-toggle" aria-expanded="false">Guides</button>'
      + '<ul class="navbar-dropdown-menu" hidden=""><li><a href="/guides/install" class="navbar-link active">Install</a></li><li><a href="/guides/deploy" class="navbar-link active">Deploy</a></li></ul>',
    '<button type="button" class="navbar-link navbar-dropdown-toggle" aria-expanded="false">Community</button>'
      + '<ul class="navbar-dropdown-menu" hidden=""><li><a href="https://github.com/lookout/lookout/discussions" class="navbar-link" target="_blank" rel="noopener noreferrer">Discussions<span class="sr-only"> (opens in a new tab)</span></a></li><li><a href="/guides/deploy#support" class="navbar-link">Support</a></li></ul>',
  ]);
});

test('a footer link to the home of a docs-only site leads straight to the first doc, where / would forward it', async () => {
  const footer = part((await fixture).page, /<footer[\s\S]*?<\/footer>/);
  assert.match(footer, /<a class="footer-link" href="\/intro">Introduction<\/a>/);
});

test('footer HTML items keep what the page policy allows', async () => {
  const footer = part((await fixture).page, /<footer[\s\S]*?<\/footer>/);
  const items = [...footer.matchAll(/<li>\s*(<a (?![^>]*footer-link)[\s\S]*?<\/a>)\s*<\/li>/g)].map((match) => match[1].replace(/\s+/g, ' '));
  assert.deepEqual(items, [
    '<a class="github-button" href="https://github.com/lookout/lookout" aria-label="Star this project on GitHub">Star</a>',
    '<a href="https://www.netlify.com" target="_blank" rel="noreferrer noopener" aria-label="Deploys by Netlify"> <img src="https://www.netlify.com/img/global/badges/netlify-color-accent.svg" alt="Deploys by Netlify" width="114" height="51" loading="lazy"> </a>',
  ]);
});

/** A Docusaurus site of a few files, built with the CLI; `config` is the object literal module.exports gives. */
async function buildSite(files: Record<string, string>, config = '') {
  const root = tempTree({
    'docs/intro.md': '# Intro\n\nHello.\n',
    'package.json': '{ "private": true }\n',
    'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' }, theme: { customCss: './src/custom.css' } }]], ${config} };\n`,
    'src/custom.css': ':root { --ifm-color-primary: #2e8555; }\n',
    ...files,
  });
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out', '--no-search'], root);
  const read = (file: string) => readFileSync(path.join(root, 'out', file), 'utf8');
  const page = () => read('intro/index.html');
  return { ...run, page, css: () => read(/href="\/(assets\/site-[^"]+\.css)"/.exec(page())![1]) };
}

test('a url() or @import of a missing file fails the build, naming the CSS file and line', async () => {
  const run = await buildSite({ 'src/custom.css': '@import "./theme.css";\n:root { --x: 1; }\n.hero { background: url("../img/hero.png") no-repeat; }\n' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'src/custom.css:1: @import "./theme.css" not found',
    '  → Put the file at src/theme.css, or fix the path (it is relative to this CSS file).',
    'src/custom.css:3: url "../img/hero.png" not found',
    '  → Put the file at img/hero.png, or fix the path (it is relative to this CSS file).',
  ].join('\n'));
});

test('url(@site/…) names a file from the site folder, as Docusaurus\'s bundler reads it (Jest\'s CSS does); a missing one or one that climbs out is an error', async () => {
  const ok = await buildSite({ 'src/custom.css': '.card { background: url("@site/static/img/card.png"); }\n', 'static/img/card.png': 'png' });
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.css(), /\.card\{background:url\(\/assets\/media\/card-[\w-]+\.png\)\}/);
  const missing = await buildSite({ 'src/custom.css': '.card { background: url("@site/static/img/gone.png"); }\n' });
  assert.equal(missing.stderr.trim(), 'error: src/custom.css:1: url "@site/static/img/gone.png" not found\n  → Put the file at static/img/gone.png, or fix the path (@site/ is the site folder).');
  const outside = await buildSite({ 'src/custom.css': '.card { background: url("@site/../../etc/passwd"); }\n' });
  assert.equal(outside.code, 1);
  assert.match(outside.stderr, /url "@site\/\.\.\/\.\.\/etc\/passwd" is outside the site/);
});

test('a Sass, Less or Stylus file in customCss (a plugin compiles it for Docusaurus) is one warning and left out; the site builds with the rest', async () => {
  const run = await buildSite({ 'src/theme.scss': '$c: red;\n.a { color: $c; }\n' }, "themes: [['@docusaurus/theme-classic', { customCss: ['./src/theme.scss'] }]]");
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /warning: docusaurus\.config\.js: custom CSS "\.\/src\/theme\.scss" is Sass, which this generator does not compile \(Docusaurus needs a plugin for it\); it is left out\n {2}→ Compile it to a \.css file and name that, or leave the site without it\./);
  assert.doesNotMatch(run.css(), /\$c/);
});

test('a file of another site must load over https: an http @import or url() is an error, an https one is allowed', async () => {
  const run = await buildSite({
    'src/custom.css': '@import url("http://fonts.example.com/a.css");\n@import url("https://fonts.example.com/b.css");\n@font-face { font-family: A; src: url(http://fonts.example.com/a.woff2); }\n',
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'src/custom.css:1: @import "http://fonts.example.com/a.css" is not allowed: a file from another site must load over https',
    '  → Use its https:// address, or keep the file in the site and give its path.',
    'src/custom.css:3: url "http://fonts.example.com/a.woff2" is not allowed: a file from another site must load over https',
    '  → Use its https:// address, or keep the file in the site and give its path.',
  ].join('\n'));
});

test('a url() to a file outside the site is an error', async () => {
  const run = await buildSite({ 'src/custom.css': '.a { background: url(../../../../../../../../etc/hosts); }\n' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: src/custom.css:1: url "../../../../../../../../etc/hosts" is outside the site\n  → Keep the file inside the site folder (a symbolic link to a file outside it is refused).');
});

test('CSS a browser would ignore is a warning at its line; the site builds', async () => {
  const run = await buildSite({ 'src/custom.css': '.a { color: red; }\n@import url("https://fonts.example.com/a.css");\n' });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), 'warning: src/custom.css:2: All "@import" rules must come first');
});

test('a customCss file or a stylesheet of the static folder that does not exist is an error naming the config', async () => {
  const run = await buildSite({ 'docusaurus.config.js': "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', stylesheets: ['/css/print.css'], presets: [['classic', { docs: { routeBasePath: '/' }, theme: { customCss: ['./src/css/custom.css'] } }]] };\n" });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'docusaurus.config.js: custom CSS "./src/css/custom.css" not found',
    '  → Create src/css/custom.css, or fix the path (relative to the config\'s folder).',
    'docusaurus.config.js: stylesheet "/css/print.css" not found',
    '  → Put the file at static/css/print.css, or fix the path (a file of the static folder).',
  ].join('\n'));
});

test('a stylesheet of another site over http is rejected, named as the config writes it', async () => {
  const run = await buildSite({}, "stylesheets: ['http://cdn.example.com/a.css']");
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docusaurus.config.js: "stylesheets.0.href" is "http://cdn.example.com/a.css"\n  → Load a stylesheet of another site over https://, or give the path of a file of the static folder.');
});

test('a Prism theme\'s styles we cannot show are warnings, and a value that is not a plain colour never reaches the CSS', async () => {
  const theme = "{ plain: { color: 'red; } body { display: none', backgroundColor: '#101010' }, styles: [{ types: ['comment'], style: { color: '#999', textShadow: '0 0 2px red' } }, { types: ['keyword', 'x\"]{}'], style: { fontWeight: 'bold' } }] }";
  const run = await buildSite({}, `themeConfig: { prism: { theme: ${theme}, magicComments: [] } }`);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n'), [
    'warning: docusaurus.config.js: color "red; } body { display: none" in "themeConfig.prism.theme" (a code theme takes plain values only) is not supported; it is ignored',
    'warning: docusaurus.config.js: "textShadow" in "themeConfig.prism.theme" is not supported; code is coloured without it',
    'warning: docusaurus.config.js: token type "x\\"]{}" in "themeConfig.prism.theme" is not supported; it is ignored',
  ]);
  const css = run.css();
  assert.ok(css.includes('[data-theme=light] .code-block{--color-code-bg: #101010;--code-comment: #999}'));
  assert.ok(css.includes('[data-theme=light] .code-block .token.keyword{font-weight:700}'));
  assert.ok(!css.includes('body{display') && !css.includes('x"]'), 'neither the colour nor the token type reaches the CSS');
});

test('navbar.style "primary" carries Docusaurus\'s class; a dropdown\'s own link and one without links are warnings', async () => {
  const navbar = "navbar: { style: 'primary', items: [{ type: 'dropdown', label: 'More', to: '/more', items: [{ label: 'Intro', to: '/intro' }, { type: 'html', value: '<hr>' }] }, { type: 'dropdown', label: 'Empty', items: [] }] }";
  const run = await buildSite({}, `themeConfig: { ${navbar} }`);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n'), [
    'warning: docusaurus.config.js: the link of navbar item 1 ("More") is not supported; its label opens the list',
    'warning: docusaurus.config.js: navbar item 1 ("More") item 2 (type "html") is not supported; it is left out of the list',
    'warning: docusaurus.config.js: navbar item 2 ("Empty"), a dropdown without links, is not supported; it is left out of the navbar',
  ]);
  const html = run.page();
  assert.match(html, /<nav aria-label="Main" class="navbar navbar--primary">/);
  // The page is one of its links: the button is marked as the link is.
  assert.match(html, /class="navbar-link navbar-dropdown-toggle active" aria-expanded="false" aria-controls="([^"]+)">More<\/button><ul id="\1" class="navbar-dropdown-menu" hidden=""><li><a href="\/intro" class="navbar-link active" aria-current="page">Intro<\/a><\/li><\/ul>/);
});

test('a dead link of a dropdown is reported against the config, the dropdown and the link, counted as the config lists them', async () => {
  const run = await buildSite({}, "themeConfig: { navbar: { items: [{ type: 'search' }, { label: 'More', items: [{ label: 'Intro', to: '/intro' }, { label: 'Gone', to: '/gone' }] }] } }");
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docusaurus.config.js: dead link /gone in navbar item 2 ("More") item 2 ("Gone")\n  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
});

test('footer HTML loses its scripts and event handlers, with a warning each', async () => {
  const footer = "footer: { links: [{ title: 'More', items: [{ html: '<a href=\"https://t.example\" onclick=\"steal()\">Home</a><script>steal()</script>' }] }] }";
  const run = await buildSite({}, `themeConfig: { ${footer} }`);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n'), [
    'warning: docusaurus.config.js: footer column "More" item 1 (html): "onclick" of <a> was removed: the attribute is not allowed on this tag',
    'warning: docusaurus.config.js: footer column "More" item 1 (html): <script> was removed: the tag is not allowed in a page',
  ]);
  assert.match(run.page(), /<li><a href="https:\/\/t\.example">Home<\/a><\/li>/);
});

test('customCss given to @docusaurus/theme-classic in `themes`, beside the docs plugin, is the site\'s CSS too (immer\'s config); another theme is still warned about', async () => {
  const config = "module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', plugins: [['@docusaurus/plugin-content-docs', { routeBasePath: '/' }]], themes: [['@docusaurus/theme-classic', { customCss: require.resolve('./src/custom.css'), cookies: true }], '@docusaurus/theme-live-codeblock'] };\n";
  const run = await buildSite({ 'docusaurus.config.js': config, 'src/custom.css': ':root { --ifm-color-primary: #8a0e6a; }\n' });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n'), [
    'warning: docusaurus.config.js: theme "@docusaurus/theme-live-codeblock" is not supported; it is ignored',
    'warning: docusaurus.config.js: "cookies" of theme "@docusaurus/theme-classic" is not supported; it is ignored',
  ]);
  assert.match(run.css(), /--ifm-color-primary: #8a0e6a/);
});

test('customCss of @docusaurus/theme-classic in `themes` is held to the same rules as the preset\'s: a file outside the site is refused; entries that name no theme are warned about, never a crash', async () => {
  const themes = "[['@docusaurus/theme-classic', { customCss: ['/etc/hostname', '../x.css'] }], [null], {}, ['@docusaurus/theme-classic', 'not options']]";
  const run = await buildSite({ 'docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', plugins: [['@docusaurus/plugin-content-docs', { routeBasePath: '/' }]], themes: ${themes} };\n` });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim().split('\n').filter((line) => !line.startsWith('warning:')).join('\n'), [
    'error: 2 problems found:',
    'docusaurus.config.js: custom CSS "/etc/hostname" is outside the site',
    '  → Keep the file inside the site folder (a symbolic link to a file outside it is refused).',
    'docusaurus.config.js: custom CSS "../x.css" is outside the site',
    '  → Keep the file inside the site folder (a symbolic link to a file outside it is refused).',
  ].join('\n'));
});
