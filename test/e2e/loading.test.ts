/** Slow and failing chunks, and a page that throws while rendering. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';

const site = useSiteInBrowser();

const COMBINE_REDUCERS_CHUNK = /\/assets\/routes\/api\/combinereducers-[\w]+\.js$/;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openStorePage() {
  const opened = await newPage(site.browser, { viewport: { width: 1200, height: 800 } });
  // Data saver keeps prefetching from loading the chunk these tests intercept before the click.
  await opened.page.addInitScript({ content: "Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ saveData: true }) });" });
  await opened.page.goto(`${site.server.origin}/api/store`);
  await waitForHydration(opened.page);
  await opened.page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  return opened;
}

function clickSidebarLink(page: Page, href: string) {
  // From script, so no hover happens first (a hover would prefetch the chunk).
  return page.evaluate((target) => (document.querySelector(`nav[aria-label="Docs sidebar"] a[href="${target}"]`) as HTMLAnchorElement).click(), href);
}

test('a slow chunk shows the progress bar and the spinner only after 200 ms, then the page', async () => {
  const { context, page } = await openStorePage();
  await page.route(COMBINE_REDUCERS_CHUNK, async (route) => {
    await delay(2500);
    await route.continue();
  });
  // Timed in the page from the click, so a slow test process cannot make the bar look early.
  const shownAfterMs = await page.evaluate(`new Promise((resolve) => {
    const started = performance.now();
    const shown = {};
    const observer = new MutationObserver(() => {
      if (shown.bar === undefined && document.querySelector('#nprogress .bar')) shown.bar = performance.now() - started;
      if (shown.spinner === undefined && document.querySelector('.loading .loading-spinner')) shown.spinner = performance.now() - started;
      if (shown.bar !== undefined && shown.spinner !== undefined) {
        observer.disconnect();
        resolve(shown);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.querySelector('nav[aria-label="Docs sidebar"] a[href="/api/combinereducers"]').click();
  })`) as { bar: number; spinner: number };
  assert.ok(shownAfterMs.bar >= 200 && shownAfterMs.bar < 2500, `progress bar after ${shownAfterMs.bar} ms`);
  assert.ok(shownAfterMs.spinner >= 200 && shownAfterMs.spinner < 2500, `spinner after ${shownAfterMs.spinner} ms`);
  const spinner = (await page.$('.loading .loading-spinner'))!;
  // Layout size: the bounding box of a rotating element is larger than the element.
  const size = await spinner.evaluate((element) => [(element as HTMLElement).offsetWidth, (element as HTMLElement).offsetHeight]);
  assert.deepEqual(size, [128, 110]);
  await page.waitForSelector('h1:text("combineReducers")');
  await page.waitForSelector('#nprogress', { state: 'detached' });
  assert.equal(await page.locator('.loading').count(), 0);
  await context.close();
});

test('a chunk that fails during navigation makes the site.browser load the page itself', async () => {
  const { context, page } = await openStorePage();
  let failures = 0;
  await page.route(COMBINE_REDUCERS_CHUNK, (route) => (failures++ === 0 ? route.abort() : route.continue()));
  await clickSidebarLink(page, '/api/combinereducers');
  await page.waitForFunction(() => !(window as unknown as { marker?: string }).marker && document.querySelector('h1')?.textContent === 'combineReducers');
  assert.match(page.url(), /\/api\/combinereducers$/);
  assert.equal(failures, 2, 'the full load fetched the chunk again');
  await context.close();
});

test('a page whose own chunk fails shows the error and a Retry button that reloads', async () => {
  const { context, page } = await newPage(site.browser, { viewport: { width: 1200, height: 800 } });
  await page.route(COMBINE_REDUCERS_CHUNK, (route) => route.abort());
  await page.goto(`${site.server.origin}/api/combinereducers`);
  const errorBox = await page.waitForSelector('.load-error');
  assert.match(await errorBox.innerText(), /Loading chunk \/assets\/routes\/api\/combinereducers-\w+\.js failed\./);
  const styles = await errorBox.evaluate((element) => {
    const style = getComputedStyle(element);
    return { border: style.borderTopColor, width: element.getBoundingClientRect().width, viewport: window.innerWidth };
  });
  assert.equal(styles.border, 'rgb(211, 47, 47)');
  assert.ok(Math.abs(styles.width - styles.viewport * 0.5) < styles.viewport * 0.05, 'the box is half the page wide');
  await page.unroute(COMBINE_REDUCERS_CHUNK);
  await Promise.all([page.waitForEvent('load'), page.click('.load-error button:text("Retry")')]);
  await waitForHydration(page);
  assert.equal(await page.locator('.load-error').count(), 0);
  await context.close();
});

test('a render error shows the crash page with its cause chain, and Try again re-renders', async () => {
  const { context, page } = await openStorePage();
  // A chunk whose page data throws until the test says otherwise, as a bug in a page would.
  await page.route(COMBINE_REDUCERS_CHUNK, (route) => route.fulfill({
    contentType: 'text/javascript',
    body: `export default { route: { kind: 'doc', permalink: '/api/combinereducers', title: 'combineReducers', description: '',
        get doc() { if (!window.fixed) throw new Error('Rendering the page failed', { cause: new Error('the data was malformed') });
          return { id: 'api/combinereducers', toc: [], hideTitle: false, hideTableOfContents: false }; } },
        loadBody: () => Promise.resolve('<p>Recovered body</p>') };`,
  }));
  await clickSidebarLink(page, '/api/combinereducers');
  await page.waitForSelector('h1:text("This page crashed.")');
  const messages = await page.locator('.crash-message').allInnerTexts();
  assert.deepEqual(messages, ['Rendering the page failed', 'Cause: the data was malformed']);
  assert.ok(await page.locator('nav[aria-label="Main"]').isVisible(), 'the navbar survives the crash');
  await page.evaluate(() => ((window as unknown as { fixed: boolean }).fixed = true));
  await page.click('button:text("Try again")');
  await page.waitForSelector('text=Recovered body');
  await context.close();
});
