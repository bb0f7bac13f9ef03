/**
 * Docs whose file names hold spaces or non-ASCII letters: their pages are reachable at the
 * percent-encoded addresses the site links to, by a full load and by a click, and the link checker
 * agrees with the server about them.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { buildSiteFolder } from '../helpers/site-folder.ts';

const FILES = {
  'docs/intro.md': '---\ntitle: Intro\n---\n\nStart [getting started](./getting%20started.md), or read [über uns](<./über uns.md>).\n',
  'docs/getting started.md': '# Getting started\n\nThen read [über uns](<./über uns.md#team>).\n',
  'docs/über uns.md': '# Über uns\n\n## Team {#team}\n\nBack to [getting started](<./getting started.md>).\n',
  'sidebars.js': "module.exports = { main: ['intro', 'getting started', 'über uns'] };\n",
  'static/favicon.ico': '',
};

// Built at the top level: the temporary folder lives until the file's tests are done.
const built = await buildSiteFolder(FILES);
const outDir = path.join(built.root, 'out');
let browser: Browser;
let server: SiteServer;

before(async () => {
  assert.equal(built.code, 0, built.stderr);
  server = await serveSite(outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('pages are written under their decoded names, as a server looks for them', () => {
  for (const file of ['getting started/index.html', 'über uns/index.html', '__routes/über uns.json', 'über uns.html']) {
    assert.ok(existsSync(path.join(outDir, file)), file);
  }
});

test('a page with a space or an umlaut in its name loads at its encoded address, and a click reaches the other', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 1024, height: 800 } });
  const response = await page.goto(`${server.origin}/getting%20started`);
  assert.equal(response?.status(), 200);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page.click('.markdown a:text("über uns")');
  await page.waitForURL(`${server.origin}/%C3%BCber%20uns#team`);
  await page.locator('h1', { hasText: /^Über uns$/ }).waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: string }).marker), 'same document', 'a client-side navigation');
  await page.click('nav[aria-label="Docs sidebar"] a:text("Getting started")');
  await page.waitForURL(`${server.origin}/getting%20started`);
  await page.locator('h1', { hasText: /^Getting started$/ }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the link checker finds a broken anchor on a page with an umlaut in its name', async () => {
  const built = await buildSiteFolder({ ...FILES, 'docs/getting started.md': '# Getting started\n\nThen read [über uns](<./über uns.md#nobody>).\n' });
  assert.equal(built.code, 1);
  assert.equal(built.stderr.trim(), 'error: docs/getting started.md:3: broken anchor /%C3%BCber%20uns#nobody\n'
    + '  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in site.config.ts.');
});
