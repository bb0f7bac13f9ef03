import { existsSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createStaticServer } from '../../build/serve/static-server.ts';
import { builtSite } from './site.ts';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium. Without it the browser tests fail (never skip): a green run must have run them. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

export interface SiteServer { origin: string; close(): Promise<void> }

/** Serves a built site on 127.0.0.1 on a free port, below its baseUrl. */
export async function serveSite(root: string, baseUrl = '/'): Promise<SiteServer> {
  const server = createStaticServer({ root, baseUrl: () => baseUrl });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Console errors and warnings and uncaught exceptions of a page, for asserting there are none. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** A page in a fresh context (fresh storage), with its console problems collected. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, problems: collectProblems(page) };
}

/** Resolves once the page is hydrated: the runtime marks <html> when React has committed. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * After a client-side navigation (a click, Back, Forward), resolves once the router has shown the new
 * page: the address changes before the page renders, and the router sets the title in an effect after
 * it has rendered it, so a title other than `previousTitle` (the old page's) means the new page, head
 * and body, is there. For when the new page's heading is not known; else wait for that heading.
 */
export async function waitForNewTitle(page: Page, previousTitle: string): Promise<void> {
  await page.waitForFunction((previous) => document.title !== previous, previousTitle);
}

export interface SiteInBrowser { browser: Browser; server: SiteServer }

/**
 * For a browser test file: builds the site (the Redux docs, once for all files; or the one `build`
 * makes, removed afterwards), serves it on 127.0.0.1 and launches Chromium before the tests, and
 * closes both after them.
 */
export function useSiteInBrowser(build?: () => Promise<string>): SiteInBrowser {
  const site = {} as SiteInBrowser;
  let ownOutput: string | undefined;
  before(async () => {
    ownOutput = build && await build();
    site.server = await serveSite(ownOutput ?? (await builtSite()).outDir);
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
    if (ownOutput) rmSync(path.dirname(ownOutput), { recursive: true, force: true });
  });
  return site;
}

/** Puts a link to `href` at the top of the page body, as if the page had one; returns its selector. */
export async function addLink(page: Page, href: string): Promise<string> {
  await page.evaluate((target) => {
    const link = document.createElement('a');
    link.href = target;
    link.id = 'added-link';
    link.textContent = `link to ${target}`;
    document.querySelector('.markdown')!.prepend(link);
  }, href);
  return '#added-link';
}
