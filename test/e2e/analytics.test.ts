/**
 * An analytics script from the config: loaded once the page is interactive, and the CSP allows exactly its
 * origin — nothing wider, and nothing at all on a site without analytics.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../../build/build.ts';
import { loadConfig } from '../../build/site/config.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { directive, parseHeaders, serveWithHeaders, type HostedSite } from '../helpers/headers.ts';
import { builtSite, projectRoot, readRoute } from '../helpers/site.ts';

let browser: Browser;
let analyticsServer: http.Server;
let analyticsOrigin: string;
let withAnalytics: HostedSite;
let withoutAnalytics: HostedSite;
let analyticsOutDir: string;

/** Records whether the page was already hydrated when the script ran. */
const ANALYTICS_SCRIPT = `window.__analytics = { hydrated: document.documentElement.dataset.hydrated === 'true' };`;

before(async () => {
  analyticsServer = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(ANALYTICS_SCRIPT);
  });
  await new Promise<void>((resolve) => analyticsServer.listen(0, '127.0.0.1', resolve));
  analyticsOrigin = `http://127.0.0.1:${(analyticsServer.address() as AddressInfo).port}`;

  // The site's own config, with analytics on and the base URL banner off.
  const work = mkdtempSync(path.join(tmpdir(), 'analytics-'));
  const config = { ...(await loadConfig(path.join(projectRoot, 'site.config.ts'))), analytics: { src: `${analyticsOrigin}/script.js` }, baseUrlIssueBanner: false };
  writeFileSync(path.join(work, 'site.config.ts'), `export default ${JSON.stringify(config)};\n`);
  analyticsOutDir = path.join(work, 'dist');
  await buildSite({ projectRoot, configFile: path.join(work, 'site.config.ts'), outDir: analyticsOutDir, search: false, log: () => {} });

  withAnalytics = await serveWithHeaders(analyticsOutDir);
  withoutAnalytics = await serveWithHeaders((await builtSite()).outDir);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await withAnalytics?.close();
  await withoutAnalytics?.close();
  await new Promise((resolve) => analyticsServer?.close(resolve));
});

function cspOf(outDir: string): string {
  return parseHeaders(readFileSync(path.join(outDir, '_headers'), 'utf8')).get('/*')!['Content-Security-Policy'];
}

const hosts = (sources: string[]) => sources.filter((source) => !source.startsWith("'"));

test('without analytics the CSP allows scripts and connections to the site itself only', async () => {
  const csp = cspOf((await builtSite()).outDir);
  assert.deepEqual(hosts(directive(csp, 'script-src')), []);
  assert.deepEqual(directive(csp, 'connect-src'), ["'self'"]);
});

test('with analytics the CSP adds exactly the script\'s origin to script-src and connect-src', () => {
  const csp = cspOf(analyticsOutDir);
  assert.deepEqual(hosts(directive(csp, 'script-src')), [analyticsOrigin]);
  assert.deepEqual(directive(csp, 'connect-src'), ["'self'", analyticsOrigin]);
  assert.doesNotMatch(readRoute(analyticsOutDir, '/'), /base-url-issue-banner/, 'baseUrlIssueBanner: false leaves the check out');
});

/** Adds a script from `src` to the page; resolves to "loaded" or the CSP directive that blocked it. */
function tryScript(page: Page, src: string): Promise<string> {
  return page.evaluate((url) => new Promise<string>((resolve) => {
    document.addEventListener('securitypolicyviolation', (event) => resolve(`blocked by ${event.violatedDirective}`), { once: true });
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve('loaded');
    document.head.append(script);
  }), src);
}

test('the analytics script loads after hydration, and scripts from any other host stay blocked', async () => {
  const { context, page, problems } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${withAnalytics.origin}/api/store`);
  await waitForHydration(page);
  await page.waitForFunction(() => '__analytics' in window);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { __analytics: unknown }).__analytics), { hydrated: true });
  assert.equal(await page.locator(`script[data-analytics][src="${analyticsOrigin}/script.js"]`).count(), 1);
  const otherHost = analyticsOrigin.replace('127.0.0.1', 'localhost');
  assert.equal(await tryScript(page, `${otherHost}/script.js`), 'blocked by script-src-elem');
  assert.deepEqual(problems.filter((line) => !line.includes(otherHost)), []);
  await context.close();
});

test('a site without analytics loads no analytics script, and its CSP blocks that host', async () => {
  const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${withoutAnalytics.origin}/api/store`);
  await waitForHydration(page);
  assert.equal(await page.locator('script[data-analytics]').count(), 0);
  assert.equal(await tryScript(page, `${analyticsOrigin}/script.js`), 'blocked by script-src-elem');
  await context.close();
});
