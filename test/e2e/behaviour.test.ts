/** Colour mode, the mobile menu and the small behaviours of the DOM and storage contract. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';

const site = useSiteInBrowser();

async function open(path: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const opened = await newPage(site.browser, { viewport: { width: 1200, height: 800 }, ...options });
  await opened.page.goto(site.server.origin + path);
  await waitForHydration(opened.page);
  return opened;
}

const theme = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.dataset.theme);

test('colour mode: light by default even when the OS prefers dark', async () => {
  const { context, page } = await open('/api/store', { colorScheme: 'dark' });
  assert.equal(await theme(page), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), null);
  await context.close();
});

test('colour mode: the toggle switches, stores the choice, and other tabs follow', async () => {
  const { context, page } = await open('/api/store');
  const other = await context.newPage();
  await other.goto(`${site.server.origin}/faq`);
  await waitForHydration(other);
  await page.click('button[aria-label*="dark and light mode"]');
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
  await other.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.match((await page.getAttribute('button[aria-label*="dark and light mode"]', 'aria-label')) ?? '', /currently dark mode/);
  await context.close();
});

test('colour mode: the stored mode applies before any JavaScript bundle runs', async () => {
  const { context, page } = await open('/api/store');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  // With every module script blocked, only the inline script in <head> can set the theme.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.reload();
  assert.equal(await theme(page), 'dark');
  await context.close();
});

test('mobile: the hamburger opens the menu with the sidebar and a way back to the main menu', async () => {
  const { context, page, problems } = await open('/api/store', { viewport: { width: 375, height: 740 } });
  assert.ok(await page.isHidden('nav[aria-label="Docs sidebar"]'), 'no desktop sidebar on a phone');
  await page.click('button[aria-label="Toggle navigation bar"]');
  await page.waitForSelector('.mobile-menu nav[aria-label="Docs sidebar"]');
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden', 'the page behind does not scroll');
  await page.click('button:text("← Back to main menu")');
  await page.waitForSelector('.mobile-menu a.menu-link:text("FAQ")');
  await page.click('.mobile-menu a.menu-link:text("FAQ")');
  await page.waitForURL('**/faq');
  await page.locator('h1', { hasText: /^FAQ$/ }).waitFor();
  await page.waitForSelector('.mobile-menu', { state: 'detached' });
  // The menu closes when the new page is shown; it unlocks the page behind in an effect just after.
  await page.waitForSelector('body:not(.scroll-locked)', { state: 'attached' });
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'visible');
  assert.deepEqual(problems, []);
  await context.close();
});

test('mobile: the menu closes when the window becomes desktop-wide', async () => {
  const { context, page } = await open('/api/store', { viewport: { width: 375, height: 740 } });
  await page.click('button[aria-label="Toggle navigation bar"]');
  await page.waitForSelector('.mobile-menu');
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.waitForSelector('.mobile-menu', { state: 'detached' });
  assert.ok(await page.isHidden('button[aria-label="Toggle navigation bar"]'));
  assert.ok(await page.isVisible('nav[aria-label="Docs sidebar"]'));
  await context.close();
});

test('the skip link is the first focusable element and moves focus to the main content', async () => {
  const { context, page } = await open('/api/store');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content');
  assert.ok(await page.evaluate(() => document.body.classList.contains('navigation-with-keyboard')));
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');
  await page.mouse.down();
  assert.ok(!(await page.evaluate(() => document.body.classList.contains('navigation-with-keyboard'))));
  await context.close();
});

test('announcement bar: its id is stored, and a new id resets an earlier dismissal', async () => {
  const context = await site.browser.newContext();
  await context.addInitScript({ content: "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('docusaurus.announcement.id', 'an-old-announcement'); localStorage.setItem('docusaurus.announcement.dismiss', 'true'); }" });
  const page = await context.newPage();
  await page.goto(`${site.server.origin}/api/store`);
  await waitForHydration(page);
  assert.deepEqual(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')]), ['redux-toolkit-2', 'false']);
  assert.ok(await page.isVisible('.announcement-bar'));
  assert.equal(await page.locator('.announcement-bar button').count(), 0, 'this announcement cannot be closed');
  await context.close();
});

test('a stored docs version that no longer exists is removed; the current one is kept', async () => {
  for (const [stored, expected] of [['2.x', null], ['current', 'current']] as const) {
    const context = await site.browser.newContext();
    await context.addInitScript({ content: `localStorage.setItem('docs-preferred-version-default', ${JSON.stringify(stored)});` });
    const page = await context.newPage();
    await page.goto(`${site.server.origin}/api/store`);
    await waitForHydration(page);
    // The init script runs again on each load; read what the runtime left after it ran.
    assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), expected);
    await context.close();
  }
});

test('the table of contents highlights the heading being read', async () => {
  const { context, page } = await open('/api/createstore', { viewport: { width: 1280, height: 800 } });
  const ids = await page.$$eval('nav[aria-label="Table of contents"] a', (links) => links.map((link) => link.getAttribute('href')!.slice(1)));
  const target = ids[Math.min(3, ids.length - 1)];
  await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), target);
  await page.waitForSelector(`nav[aria-label="Table of contents"] a.toc-link-active[href="#${target}"]`);
  await context.close();
});

test('the copy button copies the code of its block', async () => {
  const { context, page } = await open('/api/createstore');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
  const block = page.locator('.code-block').first();
  await block.hover();
  await block.locator('.copy-button').click();
  await page.waitForSelector('.copy-button:text("Copied")');
  const code = await block.locator('pre code').innerText();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  await context.close();
});

test('the navbar marks the current section with aria-current and class active', async () => {
  const { context, page } = await open('/api/api-reference');
  const link = page.locator('a.navbar-link:text("API")');
  assert.equal(await link.getAttribute('aria-current'), 'page');
  assert.match((await link.getAttribute('class')) ?? '', /\bactive\b/);
  await context.close();
});

test('body text has a contrast of at least 4.5:1 in both colour modes', async () => {
  const { context, page } = await open('/api/store');
  for (const mode of ['light', 'dark']) {
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), mode);
    const ratio = await page.evaluate(`(() => {
      const parse = (color) => color.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
      const luminance = (rgb) => { const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const text = luminance(parse(getComputedStyle(document.querySelector('.markdown p')).color));
      const background = luminance(parse(getComputedStyle(document.body).backgroundColor));
      return (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
    })()`) as number;
    assert.ok(ratio >= 4.5, `${mode} mode body text contrast is ${ratio.toFixed(2)}`);
  }
  await context.close();
});

test('a category that is a page: its label opens the page, its button opens and closes the list', async () => {
  const { context, page } = await open('/faq/actions', { viewport: { width: 1280, height: 800 } });
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await sidebar.locator('button[aria-label="Expand the category API Reference"]').click();
  await sidebar.locator('a[href="/api/createstore"]').waitFor();
  await sidebar.locator('button[aria-label="Collapse the category API Reference"]').click();
  assert.ok(await sidebar.locator('a[href="/api/createstore"]').isHidden());
  await sidebar.locator('a.menu-link[href="/faq"]').click();
  await page.waitForURL('**/faq');
  await page.locator('h1', { hasText: /^FAQ$/ }).waitFor();
  assert.equal(await page.getAttribute('.navbar-items a[href="/faq"]', 'aria-current'), 'page');
  assert.match((await page.getAttribute('.navbar-items a[href="/api/api-reference"]', 'class')) ?? '', /^navbar-link$/);
  await context.close();
});

test('the navbar marks the part of the site a page belongs to, and never "Need help?"', async () => {
  const { context, page } = await open('/introduction/getting-started', { viewport: { width: 1280, height: 800 } });
  const active = () => page.$$eval('.navbar-items a.active', (links) => links.map((link) => link.textContent));
  assert.deepEqual(await active(), ['Getting Started']);
  await page.click('nav[aria-label="Docs sidebar"] summary:text("Tutorials")');
  await page.click('nav[aria-label="Docs sidebar"] a[href="/tutorials/quick-start"]');
  await page.waitForURL('**/tutorials/quick-start');
  await page.locator('h1', { hasText: /^Redux Toolkit Quick Start$/ }).waitFor();
  assert.deepEqual(await active(), ['Tutorial']);
  await context.close();
});

test('"Copy page as Markdown" copies the page\'s Markdown, which is served as text/markdown', async () => {
  const { context, page } = await open('/api/store');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
  await page.click('button.copy-page-button');
  await page.waitForSelector('button.copy-page-button:text("Copied")');
  const response = await fetch(`${site.server.origin}/api/store.md`);
  assert.equal(response.headers.get('content-type'), 'text/markdown; charset=utf-8');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await response.text());
  await context.close();
});
