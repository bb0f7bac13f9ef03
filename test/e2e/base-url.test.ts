/**
 * A Docusaurus site deployed below a path (`baseUrl: '/rockets/'`), built with the docs-only command and
 * its config, served only below that path as a host would: links, the client router, the mobile menu
 * and search all stay below it.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { BASE_URL_SITE } from '../helpers/base-url-site.ts';
import { tempTree } from '../helpers/tmp.ts';

const root = tempTree(BASE_URL_SITE);
let server: SiteServer;
let browser: Browser;

before(async () => {
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out'], root);
  assert.equal(run.code, 0, run.stderr);
  server = await serveSite(path.join(root, 'out'), '/rockets/');
  browser = await launchBrowser();
});

/** The router may change the URL before the page it loads is shown (going back does): wait for the page's heading. */
function showsHeading(page: Page, text: string): Promise<void> {
  return page.locator('h1').filter({ hasText: new RegExp(`^${text}$`) }).waitFor({ timeout: 10_000 });
}

after(async () => {
  await browser?.close();
  await server?.close();
});

for (const width of [375, 1280]) {
  test(`at ${width} px the site opens at /, and links in the page and the sidebar stay below /rockets/ without a reload`, async () => {
    const { context, page, problems } = await newPage(browser, { viewport: { width, height: 800 } });
    await page.goto(`${server.origin}/`);
    await page.waitForURL(`${server.origin}/rockets/docs/intro`);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));

    await page.locator('.markdown a', { hasText: 'its steps' }).click();
    await page.waitForURL(`${server.origin}/rockets/docs/guide#steps`);
    await showsHeading(page, 'Guide');

    if (width < 997) await page.click('button.navbar-toggle');
    await page.locator('a.menu-link:visible', { hasText: 'Liftoff' }).click();
    await page.waitForURL(`${server.origin}/rockets/docs/launch/liftoff`);
    await showsHeading(page, 'Liftoff');
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');

    await page.goBack();
    await page.waitForURL(`${server.origin}/rockets/docs/guide#steps`);
    await showsHeading(page, 'Guide');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('search finds a page and links to it below /rockets/', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.origin}/rockets/docs/intro`);
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  await page.fill('[role="dialog"] input[type="search"]', 'countdown');
  await page.waitForSelector('[role="dialog"] .search-hit', { timeout: 10_000 });
  const first = page.locator('[role="dialog"] .search-hit a').first();
  assert.match((await first.getAttribute('href')) ?? '', /^\/rockets\/docs\/launch\/liftoff(#|$)/);
  await first.click();
  await page.waitForURL(/\/rockets\/docs\/launch\/liftoff/);
  await showsHeading(page, 'Liftoff');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a path outside /rockets/ is the not-found page, whose home link leads back below it', async () => {
  const { context, page } = await newPage(browser, { viewport: { width: 1024, height: 800 } });
  const response = await page.goto(`${server.origin}/docs/intro`);
  assert.equal(response?.status(), 404);
  await waitForHydration(page);
  await showsHeading(page, 'Page Not Found');
  await page.locator('.not-found a', { hasText: 'home page' }).click();
  await page.waitForURL(`${server.origin}/rockets/docs/intro`);
  await context.close();
});
