/**
 * A site whose sidebar is too large to ship whole: each page gets its open categories, closed ones
 * load when opened, and a page's first-load JavaScript does not grow with the number of docs.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { firstLoadJsBytes } from '../../bench/first-load.ts';
import { buildSite } from '../../build/build.ts';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { routeFile } from '../helpers/site.ts';

/** `categories` categories of `pagesEach` short docs, all in one sidebar; folder c3 holds /c3/p0 … */
async function buildDocsSite(categories: number, pagesEach: number): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'large-sidebar-'));
  roots.push(root);
  const files: Record<string, string> = {};
  const sidebar = [];
  for (let category = 0; category < categories; category++) {
    const ids = [];
    for (let page = 0; page < pagesEach; page++) {
      files[`docs/c${category}/p${page}.md`] = `---\ntitle: Page ${category}.${page}\n---\n\nText of page ${category}.${page}, with a [link](../c0/p0.md).\n\n## Section\n\nMore text.\n`;
      ids.push(`c${category}/p${page}`);
    }
    sidebar.push({ type: 'category', label: `Category ${category}`, items: ids });
  }
  files['sidebars.js'] = `module.exports = ${JSON.stringify({ docs: sidebar })};\n`;
  files['static/favicon.ico'] = ''; // the browser asks for one; a 404 would show as a console error
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents);
  }
  const outDir = path.join(root, 'out');
  await buildSite({ projectRoot: root, docsDir: path.join(root, 'docs'), sidebarsFile: path.join(root, 'sidebars.js'), outDir, search: false, log: () => {} });
  return outDir;
}

const roots: string[] = [];
let smallSite: string;
let largeSite: string;
let server: SiteServer;
let browser: Browser;

before(async () => {
  smallSite = await buildDocsSite(4, 8);
  largeSite = await buildDocsSite(40, 30);
  server = await serveSite(largeSite);
  browser = await launchBrowser();
}, { timeout: 120_000 });

after(async () => {
  await browser?.close();
  await server?.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

test('a page of a 1,200-doc site loads no more JavaScript than the same page of a 32-doc site (within 5%)', () => {
  const small = firstLoadJsBytes(smallSite, 'c3/p5/index.html').gzip;
  const large = firstLoadJsBytes(largeSite, 'c3/p5/index.html').gzip;
  assert.ok(large <= small * 1.05, `first-load JS: ${large} bytes gzip at 1,200 docs, ${small} at 32`);
});

test('the HTML of a large site carries the open category, and only the labels of closed ones', () => {
  const html = readFileSync(routeFile(largeSite, '/c3/p5'), 'utf8');
  assert.match(html, /href="\/c3\/p29"/);
  assert.doesNotMatch(html, /href="\/c8\/p0"/);
  assert.match(html, /Category 8<\/summary>/);
});

test('opening a closed category of a large sidebar loads its pages, and they navigate', async () => {
  const { context, page, problems } = await newPage(browser);
  try {
    await page.goto(`${server.origin}/c3/p5`);
    await waitForHydration(page);
    const sidebar = page.locator('nav.doc-sidebar');
    assert.equal(await sidebar.locator('a[href="/c8/p0"]').count(), 0);
    await sidebar.locator('summary', { hasText: /^Category 8$/ }).click();
    await sidebar.locator('a[href="/c8/p4"]').click();
    await page.waitForURL(`${server.origin}/c8/p4`);
    await page.locator('h1', { hasText: /^Page 8\.4$/ }).waitFor();
    assert.equal(await sidebar.locator('a[href="/c8/p4"]').getAttribute('aria-current'), 'page');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
