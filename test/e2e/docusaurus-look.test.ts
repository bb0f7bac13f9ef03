/**
 * The navbar of a Docusaurus site as its config styles it, in Chromium at 375 and 1280 px: the fixture's
 * dark bar and its dropdowns (hover, click, Escape, arrow keys, the mobile menu's list), and a small
 * site's primary bar. Requests to other sites (its fonts, KaTeX) are refused: tests run offline.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { buildWithCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

let browser: Browser;
const servers: SiteServer[] = [];
const outputs: string[] = [];
let fixture: SiteServer;
let primarySite: SiteServer;

async function buildAndServe(args: string[], cwd?: string): Promise<SiteServer> {
  const out = await buildWithCli(args, cwd);
  outputs.push(path.dirname(out));
  const server = await serveSite(out);
  servers.push(server);
  return server;
}

/** A small site of its own with a primary bar (tempTree removes it after the file's tests). */
const primaryRoot = tempTree({
  'package.json': '{ "private": true }\n',
  'docs/intro.md': '# Intro\n\nHello.\n\n<details>\n<summary>More</summary>\n\n[Launch](/guide/launch)\n\n</details>\n',
  'docs/guide/launch.md': '# Launch\n\nCount down.\n',
  // As immer's CSS styles the links of its pages' <details>; the theme's sidebar categories are <details> too.
  'src/custom.css': ':root { --ifm-color-primary: #2e8555; }\ndetails a { display: block; text-align: right; font-size: 0.8em; }\n',
  'docusaurus.config.js': "module.exports = { title: 'Primary', url: 'https://p.example', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: '/' }, theme: { customCss: './src/custom.css' } }]], themeConfig: { navbar: { title: 'Primary', style: 'primary', items: [{ to: '/intro', label: 'Intro' }] } } };\n",
});

before(async () => {
  fixture = await buildAndServe(['--config', 'test/fixtures/docusaurus-look/docusaurus.config.js']);
  primarySite = await buildAndServe(['--config', 'docusaurus.config.js'], primaryRoot);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const server of servers) await server.close();
  for (const out of outputs) rmSync(out, { recursive: true, force: true });
});

/** A hydrated page of the site; other sites' files are refused, and the console problems that causes are not counted. */
async function openPage(server: SiteServer, pathname: string, width: number, colorMode = 'light') {
  const opened = await newPage(browser, { viewport: { width, height: 800 } });
  await opened.context.route(/^https:/, (route) => route.abort());
  await opened.context.addInitScript(`localStorage.setItem('theme', '${colorMode}')`);
  await opened.page.goto(server.origin + pathname);
  await waitForHydration(opened.page);
  const problems = () => opened.problems.filter((problem) => !/net::ERR_FAILED|Failed to decode downloaded font|OTS parsing error/.test(problem));
  return { ...opened, problems };
}

const colour = (page: Page, selector: string, property: 'backgroundColor' | 'color') => page.$eval(selector, (element, name) => getComputedStyle(element)[name], property);

/** Whether each dropdown's list is shown, and what its button says. */
function dropdowns(page: Page): Promise<string[]> {
  return page.$$eval('.navbar-items .navbar-dropdown', (elements) => elements.map((element) => {
    const button = element.querySelector('button')!;
    const list = element.querySelector<HTMLElement>('.navbar-dropdown-menu')!;
    return `${button.textContent} ${button.getAttribute('aria-expanded')} ${list.offsetHeight > 0 ? 'shown' : 'hidden'}`;
  }));
}

for (const colorMode of ['light', 'dark']) {
  test(`in ${colorMode} mode the fixture's navbar is dark, its links light, as on Docusaurus`, async () => {
    const { context, page, problems } = await openPage(fixture, '/intro', 1280, colorMode);
    assert.equal(await colour(page, 'nav.navbar', 'backgroundColor'), 'rgb(43, 44, 47)');
    assert.equal(await colour(page, '.navbar-title', 'color'), 'rgb(227, 227, 227)');
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test('at 1280 px a dropdown opens while the mouse is over it, and on a click until a click elsewhere', async () => {
  const { context, page, problems } = await openPage(fixture, '/intro', 1280);
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community false hidden']);
  await page.getByRole('button', { name: 'Guides' }).hover();
  assert.deepEqual(await dropdowns(page), ['Guides true shown', 'Community false hidden']);
  await page.locator('.navbar-dropdown-menu').getByRole('link', { name: 'Deploy', exact: true }).hover();
  assert.deepEqual(await dropdowns(page), ['Guides true shown', 'Community false hidden'], 'the list stays open under the mouse');
  await page.mouse.move(640, 500);
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community false hidden']);

  await page.getByRole('button', { name: 'Community' }).click();
  await page.mouse.move(640, 500);
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community true shown'], 'a click keeps it open');
  await page.mouse.click(640, 500);
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community false hidden']);

  await page.getByRole('button', { name: 'Guides' }).click();
  await page.locator('.navbar-dropdown-menu').getByRole('link', { name: 'Install', exact: true }).click();
  await page.waitForURL(`${fixture.origin}/guides/install`);
  await page.locator('h1', { hasText: /^Install$/ }).waitFor();
  await page.mouse.move(640, 500);
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community false hidden'], 'a navigation closes it');
  assert.equal(await page.getByRole('button', { name: 'Guides' }).getAttribute('class'), 'navbar-link navbar-dropdown-toggle active');
  assert.deepEqual(problems(), []);
  await context.close();
});

test('at 1280 px a dropdown works by keyboard: Enter opens, arrows move through its links, Escape closes it and returns to its button', async () => {
  const { context, page } = await openPage(fixture, '/intro', 1280);
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.getByRole('button', { name: 'Guides' }).focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await dropdowns(page), ['Guides true shown', 'Community false hidden']);
  await page.keyboard.press('Escape');
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community false hidden']);
  assert.equal(await focused(), 'Guides');

  await page.keyboard.press('ArrowDown');
  assert.deepEqual(await dropdowns(page), ['Guides true shown', 'Community false hidden']);
  assert.equal(await focused(), 'Install');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'Deploy');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'Install', 'from the last link round to the first');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'Deploy');
  await page.keyboard.press('Tab');
  assert.deepEqual(await dropdowns(page), ['Guides false hidden', 'Community false hidden'], 'focus leaving it closes it');
  await context.close();
});

test('at 375 px the dropdowns leave the bar; the mobile menu lists each one\'s label over its links', async () => {
  const { context, page, problems } = await openPage(fixture, '/intro', 375);
  assert.equal(await page.locator('.navbar-items .navbar-dropdown').first().isVisible(), false);
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await page.getByRole('button', { name: '← Back to main menu' }).click();
  const entries = await page.$$eval('.mobile-menu-panel > .menu-list > li', (items) => items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).filter(Boolean));
  assert.deepEqual(entries, ['Docs', 'Guides Install Deploy', 'Community Discussions (opens in a new tab) Support', 'GitHub (opens in a new tab)']);
  assert.equal(await page.locator('.mobile-menu').getByRole('link', { name: 'Deploy', exact: true }).isVisible(), true);
  assert.equal(await colour(page, '.mobile-menu-panel', 'backgroundColor'), 'rgb(43, 44, 47)', 'the dark bar\'s menu is dark too');
  assert.deepEqual(problems(), []);
  await context.close();
});

for (const width of [375, 1280]) {
  test(`at ${width} px navbar.style "primary" puts the bar on the site's primary colour`, async () => {
    const { context, page, problems } = await openPage(primarySite, '/intro', width);
    assert.equal(await colour(page, 'nav.navbar', 'backgroundColor'), 'rgb(46, 133, 85)');
    assert.equal(await colour(page, '.navbar-title', 'color'), 'rgb(28, 30, 33)');
    assert.deepEqual(problems(), []);
    await context.close();
  });
}

test("a site's CSS for the <details> of its pages styles them, never the sidebar's categories, which are <details> too", async () => {
  const { context, page, problems } = await openPage(primarySite, '/intro', 1280);
  const style = (selector: string) => page.locator(selector).first().evaluate((link) => ({ align: getComputedStyle(link).textAlign, size: getComputedStyle(link).fontSize }));
  await page.locator('.markdown details summary').click();
  assert.deepEqual(await style('.markdown details a'), { align: 'right', size: '12.8px' });
  const topLevel = await style('nav[aria-label="Docs sidebar"] .menu-level-1 > .menu-item-link > .menu-link');
  assert.deepEqual(await style('nav[aria-label="Docs sidebar"] .menu-category .menu-level-2 .menu-link'), topLevel);
  assert.equal(topLevel.align, 'start');
  assert.deepEqual(problems(), []);
  await context.close();
});
