/**
 * What a reader of a Docusaurus site built from its own config sees where Docusaurus's options and
 * conventions shape the page (test/fixtures/docusaurus-options, baseUrl `/harbor/`): navbar items placed
 * left and right, the items marked on the pages of their sidebar, `pathname://` links, sidebarCollapsed,
 * old-style `<a name>` anchors and inline code in the table of contents. Asserted on the built HTML.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildFixtureCopy } from '../helpers/cli.ts';

const buildCopy = (edit?: (root: string) => void) => buildFixtureCopy('docusaurus-options', edit);

const built = buildCopy();

const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';
/** Each link and button of a part of the page as `label href` (`label` alone for a button), what a reader sees there. */
function entries(html: string): string[] {
  const tags = html.replace(/<span class="sr-only">[^<]*<\/span>/g, '').matchAll(/<a [^>]*?href="([^"]*)"[^>]*>([^<]*)<|<button [^>]*?(?:aria-label="([^"]*)"|class="search-button")/g);
  return [...tags].map((match) => (match[1] !== undefined ? `${match[2]} ${match[1]}` : match[3]?.replace(/ \(.*/, '') ?? 'Search'));
}
/** A group of the navbar (this fixture's hold no dropdown): the left one ends where the right one starts, the right one with the bar. */
const navbarGroup = (html: string, side: 'left' | 'right') => entries(part(html, new RegExp(`<div class="navbar-items navbar-items-${side}">[\\s\\S]*?</div>(?=<div class="navbar-items|</div></nav>)`)));

test('the site builds without a warning: no dead link, no broken anchor, nothing unsupported', async () => {
  const run = await built;
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '');
});

test('navbar items without a position or placed left follow the title; right ones end the bar, then the colour switch and search', async () => {
  const html = (await built).page('docs/guides/intro');
  assert.match(html, /<b class="navbar-title">Harbor<\/b><\/a><div class="navbar-items navbar-items-left">/);
  assert.deepEqual(navbarGroup(html, 'left'), ['Guides /harbor/docs/guides/intro', 'Reference /harbor/docs/reference/api']);
  assert.deepEqual(navbarGroup(html, 'right'), [
    'Playground /harbor/playground/', 'Cheatsheet /harbor/files/cheatsheet.txt', 'GitHub https://github.com/harbor/harbor', 'Switch between dark and light mode', 'Search',
  ]);
});

test('a docSidebar item is marked on every page of its sidebar, a doc item on every page of its doc\'s sidebar', async () => {
  const { page } = await built;
  const marked = (route: string) => [...part(page(route), /<div class="navbar-items navbar-items-left">[\s\S]*?<\/div>/).matchAll(/class="navbar-link active"[^>]*>([^<]+)/g)].map((match) => match[1]);
  assert.deepEqual(marked('docs/guides/intro'), ['Guides']);
  assert.deepEqual(marked('docs/guides/setup/install'), ['Guides']);
  assert.deepEqual(marked('docs/guides/advanced/tuning'), ['Guides']);
  assert.deepEqual(marked('docs/reference/api'), ['Reference']);
  assert.deepEqual(marked('docs/reference/cli'), ['Reference']);
});

test('a pathname:// navbar or footer link is its path below the baseUrl, loaded by the browser: in this tab with target "_self", else in a new tab', async () => {
  const html = (await built).page('docs/reference/cli');
  const navbar = part(html, /<nav aria-label="Main"[\s\S]*?<\/nav>/);
  assert.match(navbar, /<a class="navbar-link" href="\/harbor\/playground\/" target="_self">Playground<\/a>/);
  assert.match(navbar, /<a href="\/harbor\/files\/cheatsheet\.txt" class="navbar-link" target="_blank" rel="noopener noreferrer">Cheatsheet<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/);
  const footer = part(html, /<footer[\s\S]*?<\/footer>/);
  assert.match(footer, /<a class="footer-link" href="\/harbor\/playground\/" target="_self">Playground<\/a>/);
  assert.match(footer, /<a href="\/harbor\/files\/cheatsheet\.txt" class="footer-link" target="_blank" rel="noopener noreferrer">Cheatsheet/);
  assert.doesNotMatch(html, /pathname:/);
});

test('a pathname:// link in Markdown or an MDX <a> is its path below the baseUrl, opening in a new tab, as Docusaurus\'s Link makes it', async () => {
  const body = part((await built).page('docs/guides/intro'), /<div class="markdown">[\s\S]*?<\/p>/);
  assert.match(body, /<a href="\/harbor\/playground\/" target="_blank" rel="noopener noreferrer">playground<\/a>/);
  assert.match(body, /<a href="\/harbor\/files\/cheatsheet\.txt" target="_blank" rel="noopener noreferrer">cheatsheet<\/a>/);
});

test('a pathname:// link is left to the browser, as Docusaurus leaves it (prettier\'s navbar links to an app deployed beside the site): a missing path in the navbar or a page is no dead link, while a plain link to one still is', async () => {
  const run = await buildCopy((root) => {
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(config, readFileSync(config, 'utf8').replace("href: 'pathname:///playground/', label: 'Playground', position: 'right'", "href: 'pathname:///sandbox/', label: 'Playground', position: 'right'"));
    writeFileSync(path.join(root, 'docs/reference/cli.md'), '# CLI\n\nThe [manual page](pathname:///man/harbor.1.txt), and [the old one](/man/harbor.0.txt).\n');
  });
  assert.equal(run.code, 1);
  assert.doesNotMatch(run.stderr, /sandbox|harbor\.1\.txt/);
  assert.match(run.stderr, /docs\/reference\/cli\.md:3: dead link \/harbor\/man\/harbor\.0\.txt/);
});

test('sidebarCollapsed: false opens every category; a category\'s own collapsed: true still wins', async () => {
  const sidebar = part((await built).page('docs/guides/intro'), /<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/);
  assert.match(sidebar, /<details class="menu-category" open=""><summary class="menu-link menu-category-label">Setup<\/summary>/);
  assert.match(sidebar, /<details class="menu-category"><summary class="menu-link menu-category-label">Advanced<\/summary>/);
});

test('sidebarCollapsible: false opens every category, its own collapsed: true included, as Docusaurus opens a category that cannot close', async () => {
  const run = await buildCopy((root) => {
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(config, readFileSync(config, 'utf8').replace('sidebarCollapsed: false', 'sidebarCollapsible: false'));
  });
  assert.equal(run.code, 0, run.stderr);
  const sidebar = part(run.page('docs/guides/intro'), /<nav aria-label="Docs sidebar"[\s\S]*?<\/nav>/);
  assert.deepEqual([...sidebar.matchAll(/<details class="menu-category"( open="")?><summary class="menu-link menu-category-label">([^<]+)/g)].map((match) => `${match[2]}${match[1] ? ' open' : ''}`), ['Setup open', 'Advanced open']);
});

test('an old-style anchor <a name="tide-table"> is a target of #tide-table, from its own page and from another', async () => {
  const { page } = await built;
  assert.match(page('docs/guides/intro'), /<a id="tide-table"><\/a>/);
  assert.match(page('docs/guides/setup/configure'), /<a href="\/harbor\/docs\/guides\/intro#tide-table">tide table<\/a>/);
});

test('the table of contents keeps a heading\'s inline code and emphasis', async () => {
  const toc = part((await built).page('docs/guides/intro'), /<nav aria-label="Table of contents"[\s\S]*?<\/nav>/);
  assert.deepEqual([...toc.matchAll(/class="toc-link">(.*?)<\/a>/g)].map((match) => match[1]), [
    'Install <code>harbor</code>',
    'The <code>dock(ship)</code> call and <em>its</em> options',
    'Tides',
  ]);
});
