/**
 * The site's checked examples in Chromium: each shows TypeScript first with a JavaScript tab made
 * from it; one choice (groupId `language`) switches every example, follows the reader to later pages
 * and is remembered; the copy button copies the language shown.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';

const site = useSiteInBrowser();

/** The selected tab of every language group on the page, counted: `{ TypeScript: 3 }`. */
function selectedLanguages(page: Page): Promise<Record<string, number>> {
  return page.$$eval('[data-tabs][data-group-id="language"]', (groups) => groups.reduce<Record<string, number>>((counts, group) => {
    const label = group.querySelector('[role="tab"][aria-selected="true"]')!.textContent!;
    const shown = [...group.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')].filter((panel) => panel.offsetHeight > 0);
    const key = `${label} (${shown.map((panel) => panel.dataset.value).join(',')})`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {}));
}

for (const width of [375, 1280]) {
  test(`at ${width} px choosing JavaScript switches every example, here and on the next page, and survives a reload`, async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width, height: 900 } });
    await page.goto(`${site.server.origin}/tutorials/fundamentals/part-7-standard-patterns`);
    await waitForHydration(page);
    const before = await selectedLanguages(page);
    assert.deepEqual(Object.keys(before), ['TypeScript (ts)']);
    const examples = before['TypeScript (ts)'];
    assert.ok(examples >= 5, `${examples} examples`);

    const firstTab = page.getByRole('tab', { name: 'JavaScript' }).first();
    await firstTab.scrollIntoViewIfNeeded();
    const top = await firstTab.evaluate((tab) => tab.getBoundingClientRect().top);
    await firstTab.click();
    assert.deepEqual(await selectedLanguages(page), { 'JavaScript (js)': examples });
    const after = await firstTab.evaluate((tab) => tab.getBoundingClientRect().top);
    assert.ok(Math.abs(after - top) <= 1, `the clicked tab stays where it was: ${top} -> ${after}`);
    assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.language')), 'js');

    // A page the router shows without a reload opens on the choice.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a.pagination-next')!.click());
    await page.waitForURL(/part-8-modern-redux/);
    // The address changes before the page renders, and the page left had ready groups too.
    await page.locator('h1', { hasText: /^Redux Fundamentals, Part 8: Modern Redux with Redux Toolkit$/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-group-id="language"][data-ready]') !== null);
    const next = await selectedLanguages(page);
    assert.deepEqual(Object.keys(next), ['JavaScript (js)']);

    await page.reload();
    await waitForHydration(page);
    assert.deepEqual(Object.keys(await selectedLanguages(page)), ['JavaScript (js)'], 'a fresh load reads the stored choice');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the JavaScript tab holds the example without its types, and its copy button copies that', async () => {
  const { context, page } = await newPage(site.browser, { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await page.goto(`${site.server.origin}/api/createstore`);
  await waitForHydration(page);
  const group = page.locator('[data-group-id="language"]').first();
  await group.getByRole('tab', { name: 'JavaScript' }).click();
  const panel = group.locator(':scope > [role="tabpanel"][data-value="js"]');
  assert.equal(await panel.locator('.code-block-title').textContent(), 'src/garage/store.js');
  await panel.locator('.copy-button').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^import \{\n  applyMiddleware,\n  combineReducers,\n  legacy_createStore as createStore,\n\} from 'redux'\n\nfunction levels\(state = \[\], action\) \{\n/);
  assert.doesNotMatch(copied, /interface |: Level|UnknownAction/);
  await context.close();
});
