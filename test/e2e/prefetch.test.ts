/** Route chunks are prefetched on hover, touch and visibility, never on 2g or with data saver. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { addLink, newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';

const site = useSiteInBrowser();

/** Requests for route pointers and route chunks, by URL path. */
function recordRouteRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/__routes/') || pathname.startsWith('/assets/routes/')) requests.push(pathname);
  });
  return requests;
}

async function openWithConnection(connection?: { effectiveType: string; saveData: boolean }) {
  const opened = await newPage(site.browser, { viewport: { width: 1200, height: 800 } });
  if (connection) {
    await opened.page.addInitScript({ content: `Object.defineProperty(navigator, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });` });
  }
  const requests = recordRouteRequests(opened.page);
  await opened.page.goto(`${site.server.origin}/faq/general`);
  await waitForHydration(opened.page);
  await opened.page.waitForTimeout(300);
  if (!connection?.saveData && !connection?.effectiveType.includes('2g')) {
    // The prefetching code itself loads once the page is idle.
    await opened.page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/prefetch-intent-')));
  }
  return { ...opened, requests };
}

test('hovering a link fetches its pointer and chunk once', async () => {
  const { context, page, requests } = await openWithConnection();
  // A link added after load is not watched for visibility, so only the hover can prefetch it.
  const link = await addLink(page, '/api/compose');
  assert.deepEqual(requests.filter((path) => path.includes('/api/compose')), []);
  await page.hover(link);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/routes/api/compose-')));
  await page.mouse.move(600, 600);
  await page.hover(link);
  await page.waitForTimeout(200);
  const forCompose = requests.filter((path) => path.includes('/api/compose'));
  assert.deepEqual(forCompose.map((path) => path.replace(/-\w+\.js$/, '.js')), ['/__routes/api/compose.json', '/assets/routes/api/compose.js']);
  await context.close();
});

test('links that scroll into view are prefetched', async () => {
  const { context, requests } = await openWithConnection();
  assert.ok(requests.includes('/__routes/faq/reducers.json'), 'a visible sidebar link was prefetched');
  await context.close();
});

for (const connection of [{ effectiveType: '2g', saveData: false }, { effectiveType: '4g', saveData: true }]) {
  test(`nothing is prefetched on ${connection.saveData ? 'data saver' : 'a 2g connection'}`, async (t) => {
    const { context, page, requests } = await openWithConnection(connection);
    await page.hover('nav[aria-label="Docs sidebar"] a[href="/faq/actions"]');
    await page.waitForTimeout(400);
    assert.deepEqual(requests.filter((path) => !path.includes('/faq/general')), []);
    // Navigation itself still works.
    await page.click('nav[aria-label="Docs sidebar"] a[href="/faq/actions"]');
    await page.waitForSelector('h1:text("FAQ: Actions")');
    await context.close();
  });
}

test('after hovering a link, clicking it needs nothing from the network: code, data and body are loaded', async () => {
  const { context, page } = await openWithConnection();
  const link = await addLink(page, '/api/compose');
  await page.hover(link);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/bodies/api/compose-')));
  const duringClick: string[] = [];
  page.on('request', (request) => duringClick.push(new URL(request.url()).pathname));
  await page.click(link);
  await page.waitForSelector('h1:text("compose")');
  // (Links that the new page scrolls into view are prefetched in turn; none of that is for this page.)
  assert.deepEqual(duringClick.filter((path) => path.includes('/api/compose')), []);
  await context.close();
});
