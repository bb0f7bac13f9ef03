/** Search: the Pagefind index of the built site, through the modal, as a reader uses it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration, waitForNewTitle } from '../helpers/browser.ts';

const site = useSiteInBrowser();

async function open(path = '/introduction/getting-started') {
  const opened = await newPage(site.browser, { viewport: { width: 1200, height: 800 } });
  const pagefindRequests: string[] = [];
  opened.page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/pagefind/')) pagefindRequests.push(request.url());
  });
  await opened.page.goto(site.server.origin + path);
  await waitForHydration(opened.page);
  return { ...opened, pagefindRequests };
}

async function search(page: Page, query: string) {
  await page.fill('[role="dialog"] input[type="search"]', query);
  await page.waitForSelector('[role="dialog"] .search-hit, [role="dialog"] .search-empty', { timeout: 10_000 });
}

test('nothing under pagefind/ is requested until search is used', async () => {
  const { context, page, pagefindRequests } = await open();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(pagefindRequests, []);
  await page.click('button.search-button');
  await page.waitForSelector('[role="dialog"][aria-modal="true"]');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/pagefind/pagefind.js')));
  await context.close();
});

test('typing createStore lists the createStore page first', async () => {
  const { context, page } = await open();
  await page.keyboard.press('Control+k');
  await search(page, 'createStore');
  const first = page.locator('[role="dialog"] .search-hit a').first();
  assert.match((await first.getAttribute('href')) ?? '', /^\/api\/createstore(#|$)/);
  assert.equal(await first.locator('.search-hit-title').innerText(), 'createStore');
  assert.ok((await page.locator('[role="dialog"] .search-hit-excerpt mark').count()) > 0, 'matched words are highlighted');
  assert.match(await page.locator('.search-count').innerText(), /^(12 of )?\d+ results?$/);
  await context.close();
});

test('a heading from inside a long page links to that heading', async () => {
  const { context, page } = await open();
  await page.keyboard.press('Control+k');
  await search(page, 'optimistic updates onQueryStarted');
  const hrefs = await page.locator('[role="dialog"] .search-hit a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  assert.ok(hrefs.some((href) => /^\/tutorials\/essentials\/part-8-rtk-query-advanced#[\w-]+$/.test(href ?? '')), hrefs.join(', '));
  await context.close();
});

test('keyboard only: open with /, type, arrow to a result, Enter navigates, Esc closes and restores focus', async () => {
  const { context, page } = await open();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.keyboard.press('/');
  await page.waitForSelector('[role="dialog"]');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'search');
  await page.keyboard.type('combineReducers');
  await page.waitForSelector('[role="dialog"] .search-hit');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const selectedHref = await page.locator('[role="dialog"] .search-hit-selected a').getAttribute('href');
  const title = await page.title();
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="dialog"]', { state: 'detached' });
  await page.waitForURL((url) => url.pathname + url.hash === selectedHref);
  // The result's page renders after the address changes: search opens again on it, not before it.
  await waitForNewTitle(page, title);
  assert.ok(await page.evaluate(() => (window as unknown as { marker?: string }).marker === 'same document'), 'client-side navigation');
  await page.focus('button.search-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[role="dialog"]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[role="dialog"]', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'search-button');
  await context.close();
});

test('a query with no match says so', async () => {
  const { context, page } = await open();
  await page.keyboard.press('Control+k');
  await search(page, 'qqqzzzqqq');
  assert.match(await page.locator('.search-empty').innerText(), /No results for “qqqzzzqqq”/);
  await context.close();
});

test('a broken pagefind.js shows that search crashed, and the page keeps working', async () => {
  const { context, page } = await open();
  await page.route('**/pagefind/pagefind.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("index is corrupt")' }));
  await page.click('button.search-button');
  const alert = await page.waitForSelector('[role="dialog"] .search-crashed');
  const text = await alert.innerText();
  assert.match(text, /Search crashed\./);
  assert.match(text, /index is corrupt/);
  assert.match(text, /reload/i);
  assert.match(text, /npm run build/);
  await page.keyboard.press('Escape');
  await page.click('nav[aria-label="Docs sidebar"] a[href="/introduction/installation"]');
  await page.waitForSelector('h1:text("Installation")');
  await context.close();
});

test('search answers quickly as you type', async () => {
  const { context, page } = await open();
  await page.keyboard.press('Control+k');
  await search(page, 'store');
  const queries = ['reducer', 'selector', 'thunk', 'middleware', 'slice', 'dispatch', 'immutable', 'normalize', 'typescript', 'provider',
    'entity', 'listener', 'devtools', 'hooks', 'testing', 'action', 'compose', 'enhancer', 'immer', 'query'];
  const durations: number[] = [];
  for (const query of queries) {
    await page.fill('[role="dialog"] input[type="search"]', '');
    const started = Date.now();
    await page.fill('[role="dialog"] input[type="search"]', query);
    await page.waitForFunction((value) => document.querySelector('.search-hit-title') && !document.querySelector('.search-hint') && (document.querySelector('[role="dialog"] input') as HTMLInputElement).value === value, query);
    durations.push(Date.now() - started);
  }
  durations.sort((a, b) => a - b);
  console.log(`keystroke to rendered results (includes the 120 ms debounce): median ${durations[10]} ms over 20 queries`);
  await context.close();
});

/** The page that documents each API (its front matter names the API in `keywords`). */
const DOCUMENTING_PAGE: [string, string][] = [
  ['createSlice', '/redux-toolkit/overview'],
  ['configureStore', '/usage/configuring-your-store'],
  ['createStore', '/api/createstore'],
  ['useSelector', '/tutorials/fundamentals/part-5-ui-react'],
  ['createAsyncThunk', '/usage/writing-logic-thunks'],
];

const hitUrls = (page: Page) => page.$$eval('[role="dialog"] .search-hit a', (links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname + new URL((link as HTMLAnchorElement).href).hash));

test('searching an API name ranks the page that documents it in the first three, linked as a page', async () => {
  const { context, page } = await open();
  await page.click('button.search-button');
  const ranks: string[] = [];
  for (const [api, documenting] of DOCUMENTING_PAGE) {
    await search(page, api);
    await page.waitForFunction((query) => document.querySelector('.search-count') !== null && (document.querySelector('input[type="search"]') as HTMLInputElement).value === query, api);
    const urls = await hitUrls(page);
    const rank = urls.indexOf(documenting);
    ranks.push(`${api}: ${rank === -1 ? `not in ${urls.slice(0, 3).join(', ')}` : `#${rank + 1}`}`);
    assert.ok(rank >= 0 && rank < 3, ranks.join('; '));
  }
  await context.close();
});

test('every result can be reached: "Show more results" loads the rest, and snippets mark where they were cut', async () => {
  const { context, page } = await open();
  await page.click('button.search-button');
  await search(page, 'createSlice');
  const total = Number((await page.textContent('.search-count'))!.match(/of (\d+) results/)![1]);
  assert.ok(total > 12, `${total} results`);
  while (await page.locator('.search-more button').count() > 0) {
    const before = await page.locator('.search-hit').count();
    await page.click('.search-more button');
    await page.waitForFunction((count) => document.querySelectorAll('.search-hit').length > count, before);
  }
  assert.equal(await page.locator('.search-hit').count(), total);
  assert.equal(await page.textContent('.search-count'), `${total} results`);
  const excerpts = await page.locator('.search-hit-excerpt').allInnerTexts();
  for (const excerpt of excerpts) assert.match(excerpt, /^([A-Z0-9`"“(<]|…)[\s\S]*([.!?:]["”)]?|…)$/, excerpt);
  const marks = await page.locator('.search-hit-excerpt mark').allInnerTexts();
  assert.ok(marks.every((mark) => !/[.,;:!?)]$/.test(mark)), `highlights end in punctuation: ${marks.filter((mark) => /[.,;:!?)]$/.test(mark)).join(' ')}`);
  await context.close();
});

test('while search is open the page behind it does not scroll', async () => {
  const { context, page } = await open('/api/store');
  await page.click('button.search-button');
  await page.waitForSelector('[role="dialog"]');
  await page.mouse.move(40, 700);
  await page.mouse.wheel(0, 1200);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.keyboard.press('Escape');
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => window.scrollY > 0);
  await context.close();
});

test('the search button shows ⌘ K on a Mac and Ctrl K elsewhere', async () => {
  for (const [platform, label] of [['MacIntel', '⌘ K'], ['Linux x86_64', 'Ctrl K']]) {
    const { context, page } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: `Object.defineProperty(navigator, 'platform', { get: () => ${JSON.stringify(platform)} });` });
    await page.goto(`${site.server.origin}/api/store`);
    await waitForHydration(page);
    await page.waitForFunction((expected) => document.querySelector('.search-button-key')?.textContent === expected, label);
    await context.close();
  }
});
