/**
 * The navbar of a Docusaurus site as its config places and links its items (test/fixtures/docusaurus-options,
 * served below its baseUrl `/harbor/`), in Chromium at the widths readers use: items placed left beside the
 * title and right at the bar's end, the mobile menu in the config's order, the items marked as the reader
 * moves between sidebars, and `pathname://` links that the browser, not the client router, loads.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { buildWithCli } from '../helpers/cli.ts';

let browser: Browser;
let server: SiteServer;
let output: string;

before(async () => {
  output = await buildWithCli(['--config', 'test/fixtures/docusaurus-options/docusaurus.config.js']);
  server = await serveSite(output, '/harbor/');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (output) rmSync(path.dirname(output), { recursive: true, force: true });
});

async function openPage(pathname: string, width: number, colorMode = 'light') {
  const opened = await newPage(browser, { viewport: { width, height: 800 } });
  await opened.context.addInitScript(`localStorage.setItem('theme', '${colorMode}')`);
  await opened.page.goto(server.origin + pathname);
  await waitForHydration(opened.page);
  return opened;
}

interface NavbarLayout {
  /** The shown items, left to right, with their left and right edges in px. */
  items: { name: string; left: number; right: number }[];
  /** Space between the title and the first item placed left; between the last item and the bar's right edge. */
  afterTitle: number;
  beforeEnd: number;
  /** Items that overlap another or the title, or leave the bar's line. */
  problems: string[];
}

/** What a reader sees of the bar: where each shown item sits. A string, so tsx adds nothing the page lacks. */
const MEASURE_NAVBAR = `(() => {
  const inner = document.querySelector('.navbar-inner');
  const bar = inner.getBoundingClientRect();
  const padding = parseFloat(getComputedStyle(inner).paddingRight);
  const shown = (element) => element.getBoundingClientRect().width > 0 && getComputedStyle(element).visibility !== 'hidden';
  const name = (element) => ((element.querySelector('.search-button-label') ?? element).textContent.trim() || element.getAttribute('aria-label') || '').replace(/ \\(.*$/, '');
  const items = [...document.querySelectorAll('.navbar-items > *')].filter(shown);
  const title = document.querySelector('.navbar-brand').getBoundingClientRect();
  const problems = [];
  items.forEach((item, index) => {
    const box = item.getBoundingClientRect();
    if (box.top < bar.top - 0.5 || box.bottom > bar.bottom + 0.5) problems.push(name(item) + ' leaves the bar');
    for (const other of [title, ...items.slice(index + 1).map((next) => next.getBoundingClientRect())]) {
      if (Math.min(box.right, other.right) - Math.max(box.left, other.left) > 0.5) problems.push(name(item) + ' overlaps');
    }
  });
  const firstLeft = document.querySelector('.navbar-items-left > *');
  const last = items.at(-1);
  return {
    items: items.map((item) => ({ name: name(item), left: Math.round(item.getBoundingClientRect().left), right: Math.round(item.getBoundingClientRect().right) })),
    afterTitle: firstLeft && shown(firstLeft) ? Math.round(firstLeft.getBoundingClientRect().left - title.right) : -1,
    beforeEnd: last ? Math.round(bar.right - padding - last.getBoundingClientRect().right) : -1,
    problems,
  };
})()`;

const measureNavbar = (page: Page) => page.evaluate(MEASURE_NAVBAR) as Promise<NavbarLayout>;
const names = (layout: NavbarLayout) => layout.items.map((item) => item.name);
const where = (layout: NavbarLayout) => layout.items.map((item) => `${item.name} ${item.left}–${item.right}`).join(', ');

for (const colorMode of ['light', 'dark']) {
  for (const width of [1024, 1280, 1440]) {
    test(`${colorMode}, ${width} px: the items placed left follow the title, the right ones end the bar, on one line`, async () => {
      const { context, page, problems } = await openPage('/harbor/docs/guides/intro', width, colorMode);
      const layout = await measureNavbar(page);
      assert.deepEqual(names(layout), ['Guides', 'Reference', 'Playground', 'Cheatsheet', 'GitHub', 'Switch between dark and light mode', 'Search']);
      assert.ok(layout.afterTitle >= 0 && layout.afterTitle <= 24, `the first item is ${layout.afterTitle} px after the title: ${where(layout)}`);
      assert.ok(layout.beforeEnd >= 0 && layout.beforeEnd <= 8, `the last item ends ${layout.beforeEnd} px before the bar's end: ${where(layout)}`);
      assert.ok(layout.items[2].left - layout.items[1].right > 200, `the groups stand apart: ${where(layout)}`);
      assert.deepEqual(layout.problems, []);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}

test('375 px: the bar shows the title and search; the mobile menu lists the items in the config\'s order', async () => {
  const { context, page, problems } = await openPage('/harbor/docs/guides/intro', 375);
  const layout = await measureNavbar(page);
  assert.deepEqual(names(layout), ['Search']);
  assert.deepEqual(layout.problems, []);
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await page.getByRole('button', { name: '← Back to main menu' }).click();
  const entries = await page.$$eval('.mobile-menu-panel > .menu-list > li', (items) => items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).filter(Boolean));
  assert.deepEqual(entries, ['Guides', 'Reference', 'Playground', 'Cheatsheet (opens in a new tab)', 'GitHub (opens in a new tab)']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('moving between sidebars moves the mark: a docSidebar item on its sidebar\'s pages, a doc item on its doc\'s sidebar\'s pages', async () => {
  const { context, page, problems } = await openPage('/harbor/docs/guides/setup/install', 1280);
  const marked = () => page.$$eval('.navbar-items a.active', (links) => links.map((link) => link.textContent));
  assert.deepEqual(await marked(), ['Guides']);
  await page.getByRole('link', { name: 'Reference' }).click();
  await page.waitForURL('**/harbor/docs/reference/api');
  await page.locator('h1', { hasText: /^API$/ }).waitFor();
  assert.deepEqual(await marked(), ['Reference']);
  await page.locator('a.pagination-next').click();
  await page.waitForURL('**/harbor/docs/reference/cli');
  await page.locator('h1', { hasText: /^CLI$/ }).waitFor();
  assert.deepEqual(await marked(), ['Reference']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a pathname:// link is loaded by the browser: the static playground opens in this tab, not the theme\'s not-found page', async () => {
  const { context, page } = await openPage('/harbor/docs/guides/intro', 1280);
  await page.locator('.navbar-items').getByRole('link', { name: 'Playground' }).click();
  await page.waitForURL(`${server.origin}/harbor/playground/`);
  assert.equal(await page.title(), 'Harbor playground');
  assert.equal(await page.textContent('h1'), 'Harbor playground');
  await context.close();
});

test('a pathname:// link in a page opens its file in a new tab', async () => {
  const { context, page } = await openPage('/harbor/docs/guides/intro', 1280);
  const [opened] = await Promise.all([context.waitForEvent('page'), page.locator('.markdown').getByRole('link', { name: 'cheatsheet' }).click()]);
  await opened.waitForLoadState();
  assert.equal(opened.url(), `${server.origin}/harbor/files/cheatsheet.txt`);
  assert.match(await opened.textContent('body') ?? '', /Knots, bearings and tides/);
  assert.equal(page.url(), `${server.origin}/harbor/docs/guides/intro`);
  await context.close();
});
