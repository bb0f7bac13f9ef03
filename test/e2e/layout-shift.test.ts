/**
 * Nothing moves once painted. A long page is painted while its HTML still streams in; what arrives
 * later (the table of contents after the article) must not push or rewrap what is already shown.
 * The server here sends each page in two halves, 400 ms apart, so every load paints the first half.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createStaticServer } from '../../build/serve/static-server.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { builtSite, readRoute } from '../helpers/site.ts';

const ROUTES = ['/', '/api/store', '/introduction/getting-started', '/tutorials/essentials/part-1-overview-concepts'];
const WIDTHS = [375, 1024, 1280, 1440];
const STALL_MS = 400;
const MAX_SHIFT = 0.05;

let browser: Browser;
let server: http.Server;
let origin: string;

before(async () => {
  const { outDir } = await builtSite();
  const files = createStaticServer({ root: outDir });
  server = http.createServer((request, response) => {
    const route = ROUTES.find((candidate) => candidate === request.url);
    if (!route) return void files.emit('request', request, response);
    const html = readRoute(outDir, route);
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.write(html.slice(0, html.length / 2));
    setTimeout(() => response.end(html.slice(html.length / 2)), STALL_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Every layout shift of the load, each with the elements that moved (tag, id, classes). */
const RECORD_SHIFTS = `window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const moved = (entry.sources || []).map(({ node }) => node && node.nodeType === 1
      ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '')
      : String(node && node.nodeName));
    window.__shifts.push({ value: entry.value, moved });
  }
}).observe({ type: 'layout-shift', buffered: true });`;

for (const width of WIDTHS) {
  test(`at ${width} px, pages painted half-loaded do not move when the rest arrives`, async () => {
    const found: string[] = [];
    for (const route of ROUTES) {
      const { context, page } = await newPage(browser, { viewport: { width, height: 800 } });
      await context.addInitScript(RECORD_SHIFTS);
      await page.goto(origin + route);
      await waitForHydration(page);
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      if (total >= MAX_SHIFT) found.push(`${route}: ${total.toFixed(3)} (moved: ${[...new Set(shifts.flatMap((shift) => shift.moved))].join(', ')})`);
      await context.close();
    }
    assert.deepEqual(found, [], `cumulative layout shift of ${MAX_SHIFT} or more`);
  });
}
