/**
 * The JavaScript a reader's site.browser runs on a first visit: measured from the real network
 * traffic of a page load, gzip-compressed as a host would serve it.
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import { newPage, useSiteInBrowser, waitForHydration } from '../helpers/browser.ts';

const BUDGET_GZIP_BYTES = 80 * 1024;
const site = useSiteInBrowser();

async function firstLoadJavaScript(path: string): Promise<{ raw: number; gzip: number; files: number }> {
  const { context, page } = await newPage(site.browser);
  // Data saver turns prefetching off: what remains is the code that runs, not guesses for later.
  await page.addInitScript({ content: "Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ saveData: true }) });" });
  const scriptUrls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) scriptUrls.push(request.url());
  });
  await page.goto(site.server.origin + path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(scriptUrls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
  await context.close();
  return {
    raw: files.reduce((sum, file) => sum + file.length, 0),
    gzip: files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0),
    files: files.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('a docs page runs at most 80 KB of gzipped JavaScript on its first load', async () => {
  for (const path of ['/', '/api/createstore', '/tutorials/fundamentals/part-7-standard-patterns']) {
    const measured = await firstLoadJavaScript(path);
    console.log(`first-load JavaScript of ${path}: ${kb(measured.raw)} raw, ${kb(measured.gzip)} gzip, ${measured.files} files`);
    if (path !== '/') assert.ok(measured.gzip <= BUDGET_GZIP_BYTES, `${path}: ${kb(measured.gzip)} gzip`);
  }
});

test('the first-load JavaScript does not grow with the length of the page', async () => {
  const short = await firstLoadJavaScript('/api/compose');
  const long = await firstLoadJavaScript('/tutorials/fundamentals/part-7-standard-patterns');
  assert.ok(Math.abs(long.gzip - short.gzip) < 2048, `${kb(short.gzip)} vs ${kb(long.gzip)}`);
});
