/** Every route hydrates in a real browser without a single console error or warning. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { ALL_ROUTES, builtSite } from '../helpers/site.ts';

let browser: Browser | undefined;
let server: SiteServer;

before(async () => {
  const { outDir } = await builtSite();
  server = await serveSite(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('every route hydrates with no console error or warning', { timeout: 300_000 }, async (t) => {
  if (!browser) return t.skip('Chromium is not installed');
  const { context, page, problems } = await newPage(browser);
  for (const route of [...ALL_ROUTES, '/errors?code=3', '/no/such/page']) {
    await page.goto(server.origin + route);
    await waitForHydration(page);
    // An effect after hydration (such as ?code=N) must not cause warnings either.
    await page.waitForTimeout(20);
    assert.deepEqual(problems.filter((problem) => !problem.includes('404 (Not Found)')), [], `console problems on ${route}`);
  }
  await context.close();
});

test('the not-found page has status 404 and says so', async (t) => {
  if (!browser) return t.skip('Chromium is not installed');
  const { context, page } = await newPage(browser);
  const response = await page.goto(`${server.origin}/no/such/page`);
  assert.equal(response?.status(), 404);
  assert.equal(await page.textContent('h1'), 'Page Not Found');
  await context.close();
});
