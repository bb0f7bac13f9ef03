/**
 * A Docusaurus site's React home page (test/fixtures/docusaurus-pages, built with --allow-component-code)
 * in Chromium: styled by its CSS modules, free of console errors, and its Link navigating client-side.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';
import { buildWithCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

const site = useSiteInBrowser(() => buildWithCli(['--config', 'docusaurus.config.js', '--allow-component-code'], path.join(projectRoot, 'test/fixtures/docusaurus-pages')));

/** The hero's background, which only the page's CSS module gives it. */
function heroBackground(page: Page): Promise<string> {
  return page.locator('header.hero').evaluate((hero) => getComputedStyle(hero).backgroundColor);
}

for (const width of [375, 1280]) {
  test(`at ${width} px the home page shows its hero and features styled, and its Link opens the tutorial without a reload`, async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width, height: 800 } });
    await page.goto(`${site.server.origin}/`);
    await waitForHydration(page);
    assert.equal(await page.title(), 'Hello from Acme Rockets | Acme Rockets');
    assert.equal(await heroBackground(page), 'rgb(46, 133, 85)');
    assert.deepEqual(await page.locator('img[class*="featureSvg"]').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getBoundingClientRect().height)), [200, 200]);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));

    await page.getByRole('link', { name: 'Docusaurus Tutorial - 5min ⏱️' }).click();
    await page.waitForURL(`${site.server.origin}/docs/intro`);
    await page.locator('h1', { hasText: 'Tutorial Intro' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
    assert.equal(await page.title(), 'Tutorial Intro | Acme Rockets');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('reached by client-side navigation from a Markdown page, the home page loads its stylesheet before it is shown', async () => {
  const { context, page, problems } = await newPage(site.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.server.origin}/about`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.locator('a.navbar-brand').click();
  await page.waitForURL(`${site.server.origin}/`);
  await page.locator('header.hero').waitFor();
  assert.equal(await heroBackground(page), 'rgb(46, 133, 85)');
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
  assert.deepEqual(problems, []);
  await context.close();
});
