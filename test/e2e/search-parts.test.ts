/**
 * A large site's search index is in parts (build/search/search-index.ts): part 0 at pagefind/, the
 * others at pagefind/parts/K/, listed in pagefind/shards.json. The modal searches every part: here a
 * six-page site in parts of two pages, each page with a word no other page has.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { buildSite } from '../../build/build.ts';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { tempTree } from '../helpers/tmp.ts';

/** Each in a part with one other: the permalink hash puts two of them in each of the three parts. */
const PAGES = ['amber', 'basalt', 'cobalt', 'dolomite', 'emerald', 'feldspar'];
const wordOf = (page: string) => `zq${page}`;

// Made here, not in before(): tempTree's clean-up would run as soon as the hook ends.
const root = tempTree(Object.fromEntries(PAGES.map((page) => [`docs/${page}.md`, `# ${page}\n\nOnly this page says ${wordOf(page)}.\n`])));
let server: SiteServer;
let browser: Browser;

before(async () => {
  await buildSite({ projectRoot: root, docsDir: path.join(root, 'docs'), outDir: path.join(root, 'out'), pagesPerSearchPart: 2, log: () => {} });
  server = await serveSite(path.join(root, 'out'));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

for (const width of [375, 1280]) {
  test(`${width} px: the search finds the page of every index part`, async () => {
    assert.equal(readFileSync(path.join(root, 'out/pagefind/shards.json'), 'utf8'), '["parts/1/","parts/2/"]');
    const { context, page, problems } = await newPage(browser, { viewport: { width, height: 800 } });
    await page.goto(`${server.origin}/amber`);
    await waitForHydration(page);
    await page.click('button.search-button');
    const input = page.locator('[role="dialog"] input[type="search"]');
    for (const name of PAGES) {
      await input.fill(wordOf(name));
      await page.waitForFunction((word) => (document.querySelector('[role="dialog"] input') as HTMLInputElement).value === word
        && document.querySelector('.search-count, .search-empty') !== null && !document.querySelector('.search-hint'), wordOf(name));
      const hits = await page.$$eval('[role="dialog"] .search-hit a', (links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      assert.deepEqual(hits, [`/${name}`], `searching ${wordOf(name)}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
