/** Every route hydrates in a real site.browser without a single console error or warning. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';
import { ALL_ROUTES } from '../helpers/site.ts';

const site = useSiteInBrowser();

test('every route hydrates with no console error or warning', { timeout: 300_000 }, async () => {
  const { context, page, problems } = await newPage(site.browser);
  for (const route of [...ALL_ROUTES, '/errors?code=3', '/no/such/page']) {
    await page.goto(site.server.origin + route);
    await waitForHydration(page);
    // An effect after hydration (such as ?code=N) must not cause warnings either.
    await page.waitForTimeout(20);
    assert.deepEqual(problems.filter((problem) => !problem.includes('404 (Not Found)')), [], `console problems on ${route}`);
  }
  await context.close();
});

test('the not-found page has status 404 and says so', async () => {
  const { context, page } = await newPage(site.browser);
  const response = await page.goto(`${site.server.origin}/no/such/page`);
  assert.equal(response?.status(), 404);
  assert.equal(await page.textContent('h1'), 'Page Not Found');
  await context.close();
});
