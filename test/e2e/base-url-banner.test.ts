/**
 * The base URL problem banner: a site deployed under another path than its baseUrl loses its scripts and
 * styles; the home page then explains why and suggests the baseUrl that matches. Served right, never shown.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { serveWithHeaders, type HostedSite } from '../helpers/headers.ts';
import { builtSite } from '../helpers/site.ts';

let browser: Browser;
let underWrongPrefix: HostedSite;
let atItsBaseUrl: HostedSite;

before(async () => {
  const { outDir } = await builtSite();
  underWrongPrefix = await serveWithHeaders(outDir, '/docs/');
  atItsBaseUrl = await serveWithHeaders(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await underWrongPrefix?.close();
  await atItsBaseUrl?.close();
});

const BANNER = '#base-url-issue-banner';

for (const path of ['/docs/', '/docs/index.html']) {
  test(`served under ${path}, the home page shows the banner with the baseUrl that would work`, async (t) => {
    const { context, page } = await newPage(browser, { viewport: { width: 1024, height: 768 } });
    const violations: string[] = [];
    page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) violations.push(message.text()); });
    await page.goto(underWrongPrefix.origin + path);
    const banner = page.locator(BANNER);
    await banner.waitFor();
    assert.equal(await banner.getAttribute('role'), 'alert');
    assert.equal(await banner.innerText(), 'This site did not load properly: its scripts and styles are requested under the base URL "/" set in the site config, but this page is served from "/docs/". Try baseUrl: "/docs/" in the site config, then rebuild.');
    assert.deepEqual(violations, [], 'the banner runs and is styled under the CSP');
    const box = await banner.boundingBox();
    assert.ok(box && box.y <= 8 && box.width >= 1000, `the banner spans the top of the page: ${JSON.stringify(box)}`);
    await context.close();
  });
}

for (const width of [375, 1280]) {
  test(`served at its baseUrl, the home page never shows the banner (${width} px)`, async (t) => {
    const { context, page, problems } = await newPage(browser, { viewport: { width, height: 800 } });
    await page.goto(atItsBaseUrl.origin + '/');
    await page.waitForLoadState('load');
    await waitForHydration(page);
    assert.equal(await page.locator(BANNER).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
