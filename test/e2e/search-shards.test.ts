/**
 * Search across a sharded build: the merged site serves shard 1's Pagefind bundle at pagefind/ and
 * every other shard's under pagefind/shards/<k>/, listed in pagefind/shards.json, and the modal
 * searches them all. No shards.json (a site built before shards) or a broken one means shard 1 alone.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, serveSite, waitForHydration, type SiteServer } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { builtSite } from '../helpers/site.ts';
import { tempTree } from '../helpers/tmp.ts';

const WIDTHS = [375, 1280];
/** A word no Redux page has, on the one page of the second shard. */
const UNIQUE_WORD = 'zygomorphic';
const SHARD_PAGE = '/zygomorphic-flowers';

let root: string;
let server: SiteServer;
let browser: Browser;

/** The built Redux site as shard 1, plus a one-page docs-only site's bundle as shard 2. */
before(async () => {
  const shard = tempTree({ 'docs/zygomorphic-flowers.md': `---\ntitle: Zygomorphic flowers\n---\n\nA ${UNIQUE_WORD} flower has one plane of symmetry.\n` });
  const run = await runCli(['build', '--docs', path.join(shard, 'docs'), '--out', path.join(shard, 'out'), '--no-cache']);
  assert.equal(run.code, 0, run.stderr);
  root = mkdtempSync(path.join(tmpdir(), 'redux-docs-shards-'));
  cpSync((await builtSite()).outDir, root, { recursive: true });
  cpSync(path.join(shard, 'out/pagefind'), path.join(root, 'pagefind/shards/2'), { recursive: true });
  mkdirSync(path.join(root, SHARD_PAGE), { recursive: true });
  cpSync(path.join(shard, 'out', SHARD_PAGE, 'index.html'), path.join(root, SHARD_PAGE, 'index.html'));
  server = await serveSite(root);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Writes pagefind/shards.json (or removes it, for undefined). */
function shardsJson(contents: string | undefined) {
  const file = path.join(root, 'pagefind/shards.json');
  if (contents === undefined) rmSync(file, { force: true });
  else writeFileSync(file, contents);
}

async function openSearch(width: number) {
  const opened = await newPage(browser, { viewport: { width, height: 800 } });
  await opened.page.goto(`${server.origin}/introduction/getting-started`);
  await waitForHydration(opened.page);
  await opened.page.click('button.search-button');
  await opened.page.waitForSelector('[role="dialog"] input[type="search"]');
  return opened;
}

/** The results' links (path and hash) once the modal has answered `query`. */
async function hitsFor(page: Page, query: string): Promise<string[]> {
  await page.fill('[role="dialog"] input[type="search"]', query);
  await page.waitForFunction((value) => (document.querySelector('.search-count') !== null || document.querySelector('.search-empty') !== null)
    && !document.querySelector('.search-hint') && (document.querySelector('[role="dialog"] input') as HTMLInputElement).value === value, query, { timeout: 10_000 });
  return page.$$eval('[role="dialog"] .search-hit a', (links) => links.map((link) => {
    const url = new URL((link as HTMLAnchorElement).href);
    return url.pathname + url.hash;
  }));
}

for (const width of WIDTHS) {
  test(`${width} px: with shards.json listing shard 2, its page is found, and Redux pages still are`, async () => {
    shardsJson('["shards/2/"]');
    const { context, page, problems } = await openSearch(width);
    const shardHits = await hitsFor(page, UNIQUE_WORD);
    assert.deepEqual(shardHits.map((href) => href.replace(/#.*/, '')), [SHARD_PAGE]);
    const hit = page.locator('[role="dialog"] .search-hit').first();
    assert.equal(await hit.locator('.search-hit-title').innerText(), 'Zygomorphic flowers');
    assert.equal((await hit.locator('.search-hit-excerpt mark').first().innerText()).toLowerCase(), UNIQUE_WORD);
    const status = await page.evaluate((href) => fetch(href).then((response) => response.status), shardHits[0]!);
    assert.equal(status, 200, 'the result links to a page that exists');
    const reduxHits = await hitsFor(page, 'createStore');
    assert.match(reduxHits[0] ?? '', /^\/api\/createstore(#|$)/, reduxHits.join(', '));
    assert.deepEqual(problems, []);
    await context.close();
  });
}

const BROKEN: [string, string | undefined][] = [
  ['no shards.json (a site built before shards)', undefined],
  ['an empty list (a single build)', '[]'],
  ['not JSON', '<!doctype html><title>Not found</title>'],
  ['JSON that is not a list', '{"shards":["shards/2/"]}'],
  ['a list with a number', '["shards/2/",2]'],
  ['an absolute path', '["/pagefind/shards/2/"]'],
  ['another origin', '["https://example.com/pagefind/"]'],
  ['a path with ..', '["shards/2/../2/"]'],
];

for (const [index, [what, contents]] of BROKEN.entries()) {
  const width = WIDTHS[index % WIDTHS.length]!;
  test(`${width} px: ${what} merges nothing, and search works`, async () => {
    shardsJson(contents);
    const { context, page } = await openSearch(width);
    const reduxHits = await hitsFor(page, 'createStore');
    assert.match(reduxHits[0] ?? '', /^\/api\/createstore(#|$)/, reduxHits.join(', '));
    assert.deepEqual(await hitsFor(page, UNIQUE_WORD), []);
    assert.equal(await page.locator('.search-crashed').count(), 0);
    await context.close();
  });
}
