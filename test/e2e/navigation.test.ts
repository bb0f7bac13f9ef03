/** Client-side navigation: what a click, Back and Forward do in a real browser. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addLink, newPage, useSiteInBrowser, waitForHydration, waitForNewTitle } from '../helpers/browser.ts';

const site = useSiteInBrowser();

async function open(path: string) {
  const opened = await newPage(site.browser, { viewport: { width: 1200, height: 800 } });
  await opened.page.goto(site.server.origin + path);
  await waitForHydration(opened.page);
  // Survives client-side navigation, disappears on a full page load.
  await opened.page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  return opened;
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker === 'same document');

test('an internal link renders the next page without a full page load', async () => {
  const { context, page, problems } = await open('/api/store');
  const title = await page.title();
  await page.click('nav[aria-label="Docs sidebar"] a[href="/api/combinereducers"]');
  await page.waitForURL('**/api/combinereducers');
  await page.waitForSelector('h1:text("combineReducers")');
  // The title follows the heading, in an effect after the page has rendered.
  await waitForNewTitle(page, title);
  assert.ok(await sameDocument(page));
  assert.match(await page.title(), /^combineReducers \| Redux$/);
  assert.equal(await page.getAttribute('nav[aria-label="Docs sidebar"] a[href="/api/combinereducers"]', 'aria-current'), 'page');
  assert.match((await page.getAttribute('nav[aria-label="Docs sidebar"] a[href="/api/combinereducers"]', 'class')) ?? '', /\bactive\b/);
  assert.ok((await page.locator('.markdown h2').count()) > 0, 'the body of the new page is rendered');
  assert.deepEqual(problems, []);
  await context.close();
});

test('navigation scrolls to the top, or to the heading a link names', async () => {
  const { context, page } = await open('/api/store');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.click('a.pagination-next');
  await page.waitForURL('**/api/combinereducers');
  // The address changes first; the new page, scrolled to its top, follows when its chunk has loaded.
  await page.waitForSelector('h1:text("combineReducers")');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const link = await addLink(page, '/api/createstore#parameters');
  await page.click(link);
  await page.waitForURL('**/api/createstore#parameters');
  await page.waitForSelector('h1:text("createStore")');
  const top = await page.evaluate(() => document.getElementById('parameters')!.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 120, `the heading is at the top of the viewport (top ${top})`);
  assert.ok(await sameDocument(page));
  await context.close();
});

test('Back and Forward restore the scroll position', async () => {
  const { context, page } = await open('/api/store');
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.waitForTimeout(50);
  // A click from script: Playwright's own click would first scroll the link into view.
  await page.evaluate(() => (document.querySelector('a.pagination-next') as HTMLAnchorElement).click());
  await page.waitForURL('**/api/combinereducers');
  // The address changes first; the new page, scrolled to its top, follows when its chunk has loaded.
  await page.waitForSelector('h1:text("combineReducers")');
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.goBack();
  await page.waitForSelector('h1:text("Store")');
  await page.waitForFunction(() => Math.abs(window.scrollY - 900) < 5);
  await page.goForward();
  await page.waitForSelector('h1:text("combineReducers")');
  assert.ok(await sameDocument(page));
  await context.close();
});

test('modified clicks, external links and new-tab links are left to the browser', async () => {
  const { context, page } = await open('/api/store');
  const popup = context.waitForEvent('page');
  await page.click('nav[aria-label="Docs sidebar"] a[href="/api/compose"]', { modifiers: ['Control'] });
  await (await popup).close();
  assert.match(page.url(), /\/api\/store$/, 'a Ctrl-click keeps this tab where it was');
  assert.equal(await page.getAttribute('a.navbar-link[href^="https://github.com"]', 'target'), '_blank');
  await context.close();
});

test('an unknown path renders the not-found page', async () => {
  const { context, page } = await open('/api/store');
  const link = await addLink(page, '/no/such/page');
  await page.click(link);
  await page.waitForSelector('h1:text("Page Not Found")');
  assert.match(page.url(), /\/no\/such\/page$/);
  assert.ok(await sameDocument(page));
  await context.close();
});

test('.html and /index.html addresses are normalised to the clean path', async () => {
  const { context, page } = await newPage(site.browser);
  await page.goto(`${site.server.origin}/api/store/index.html`);
  await waitForHydration(page);
  assert.equal(new URL(page.url()).pathname, '/api/store');
  await page.goto(`${site.server.origin}/api/store.html`);
  await page.waitForURL('**/api/store');
  assert.equal(new URL(page.url()).pathname, '/api/store');
  await context.close();
});

test('reloading a page keeps the scroll position', async () => {
  const { context, page } = await open('/tutorials/fundamentals/part-7-standard-patterns');
  await page.evaluate(() => window.scrollTo(0, 2400));
  await page.waitForFunction(() => window.scrollY === 2400);
  await page.reload();
  await waitForHydration(page);
  await page.waitForFunction(() => Math.abs(window.scrollY - 2400) <= 1, undefined, { timeout: 5000 });
  await context.close();
});
