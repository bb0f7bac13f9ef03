/**
 * A Docusaurus site looks like itself: its custom CSS and stylesheets, its Prism themes, its navbar
 * style and dropdowns, its footer HTML. Small sites built with the CLI; asserted on the HTML, the CSS
 * and the messages.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

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
  assert.equal(run.stderr.trim(), 'Found dead link /gone in docusaurus.config.js, navbar item 2 ("More") item 2 ("Gone")\n1 broken link found. Fix them, or set onBrokenLinks / onBrokenAnchors to "warn" in docusaurus.config.js.');
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
