/**
 * A versioned Docusaurus site (test/fixtures/docusaurus-versions) in Chromium: the navbar's version menu
 * takes the reader to the same page in another version, client-side, and the banner, badge and navbar
 * follow; at 375 px the menu lists the versions in the mobile menu. No console error on the way.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { buildWithCli } from '../helpers/cli.ts';

let browser: Browser;
let server: SiteServer;
let output: string;

before(async () => {
  output = await buildWithCli(['--config', 'test/fixtures/docusaurus-versions/docusaurus.config.js'], undefined, { search: true });
  server = await serveSite(output, '/');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (output) rmSync(path.dirname(output), { recursive: true, force: true });
});

test('the version menu switches to the same doc in another version, and the page says which version it is', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.origin}/docs/next/guide`);
  await waitForHydration(page);
  assert.equal(await page.textContent('.version-badge'), 'Version: Next');
  await page.hover('.navbar-dropdown-toggle');
  await page.click('.navbar-dropdown-menu a:text-is("2.0")');
  await page.waitForURL(`${server.origin}/docs/guide`);
  await page.waitForFunction(() => document.querySelector('.version-badge')?.textContent === 'Version: 2.0');
  assert.match(await page.textContent('.markdown') ?? '', /Trim the wick \(2\.0\)/);
  assert.equal(await page.locator('.version-banner').count(), 0, 'the last version has no banner');
  assert.equal((await page.textContent('.navbar-dropdown-toggle'))?.trim(), '2.0');
  // 1.0 has no guide: the menu leads to its first doc, which has the unmaintained banner.
  await page.hover('.navbar-dropdown-toggle');
  await page.click('.navbar-dropdown-menu a:text-is("1.0")');
  await page.waitForURL(`${server.origin}/docs/1.0/intro`);
  await page.waitForFunction(() => document.querySelector('.version-badge')?.textContent === 'Version: 1.0');
  assert.match(await page.textContent('.version-banner') ?? '', /no longer actively maintained/);
  assert.equal(await page.getAttribute('.navbar-items-left a:text-is("Docs")', 'href'), '/docs/1.0/intro');
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 375 px the mobile menu lists the versions and leads to the same page in the one chosen', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 375, height: 740 } });
  await page.goto(`${server.origin}/docs/intro`);
  await waitForHydration(page);
  await page.click('.navbar-toggle');
  await page.click('.mobile-menu-back'); // a doc page opens the menu on its sidebar
  assert.deepEqual(await page.locator('.mobile-menu .menu-dropdown-label').allInnerTexts(), ['Versions']);
  await page.click('.mobile-menu a:text-is("Next")');
  await page.waitForURL(`${server.origin}/docs/next/intro`);
  await page.waitForFunction(() => document.querySelector('.version-badge')?.textContent === 'Version: Next');
  assert.match(await page.textContent('.version-banner') ?? '', /unreleased documentation for Lighthouse Next version/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('search finds the docs of the version being read, and says which version it searches', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const results = async (pathname: string, query: string) => {
    await page.goto(server.origin + pathname);
    await waitForHydration(page);
    await page.click('.search-button');
    await page.fill('.search-input', query);
    await page.waitForSelector('.search-results, .search-empty');
    const scope = await page.textContent('.search-scope');
    const hits = await page.$$eval('.search-hit a', (links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    await page.keyboard.press('Escape');
    return { scope, hits };
  };
  assert.deepEqual(await results('/docs/next/guide', 'wick'), { scope: 'Searching the docs of version Next', hits: ['/docs/next/guide'] });
  assert.deepEqual(await results('/docs/guide', 'wick'), { scope: 'Searching the docs of version 2.0', hits: ['/docs/guide'] });
  assert.deepEqual(await results('/docs/1.0/intro', 'lamp'), { scope: 'Searching the docs of version 1.0', hits: ['/docs/1.0/intro'] });
  assert.deepEqual(problems, []);
  await context.close();
});
