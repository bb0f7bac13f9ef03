/**
 * A Docusaurus site's React home page (test/fixtures/docusaurus-pages, built with --allow-component-code)
 * in Chromium: styled by its CSS modules, free of console errors, and its Link navigating client-side.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

let server: SiteServer;
let browser: Browser;

before(async () => {
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'docusaurus-pages-e2e-')), 'out');
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', outDir, '--no-search', '--allow-component-code'], path.join(projectRoot, 'test/fixtures/docusaurus-pages'));
  assert.equal(run.code, 0, run.stderr);
  server = await serveSite(outDir);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The hero's background, which only the page's CSS module gives it. */
function heroBackground(page: Page): Promise<string> {
  return page.locator('header.hero').evaluate((hero) => getComputedStyle(hero).backgroundColor);
}

for (const width of [375, 1280]) {
  test(`at ${width} px the home page shows its hero and features styled, and its Link opens the tutorial without a reload`, async () => {
    const { context, page, problems } = await newPage(browser, { viewport: { width, height: 800 } });
    await page.goto(`${server.origin}/`);
    await waitForHydration(page);
    assert.equal(await page.title(), 'Hello from Acme Rockets | Acme Rockets');
    assert.equal(await heroBackground(page), 'rgb(46, 133, 85)');
    assert.deepEqual(await page.locator('img[class*="featureSvg"]').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getBoundingClientRect().height)), [200, 200]);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));

    await page.getByRole('link', { name: 'Docusaurus Tutorial - 5min ⏱️' }).click();
    await page.waitForURL(`${server.origin}/docs/intro`);
    await page.locator('h1', { hasText: 'Tutorial Intro' }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
    assert.equal(await page.title(), 'Tutorial Intro | Acme Rockets');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('reached by client-side navigation from a Markdown page, the home page loads its stylesheet before it is shown', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.origin}/about`);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.locator('a.navbar-brand').click();
  await page.waitForURL(`${server.origin}/`);
  await page.locator('header.hero').waitFor();
  assert.equal(await heroBackground(page), 'rgb(46, 133, 85)');
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document');
  assert.deepEqual(problems, []);
  await context.close();
});
