import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import sirv from 'sirv';
import { launchBrowser, type SiteServer } from './browser.ts';
import { runCli, type CliRun } from './cli.ts';

/**
 * Serves a built site as a plain static host does (GitHub Pages, S3): files and a folder's
 * index.html for a clean URL, and none of the site's own headers, so no Content-Security-Policy
 * helps. Every request below `trap` (where a payload would send what it stole) is recorded in
 * `trapped`: one there is a script or a redirect that ran.
 */
export async function serveWithTrap(outDir: string, trap: string): Promise<SiteServer & { trapped: string[] }> {
  const trapped: string[] = [];
  const files = sirv(outDir);
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith(trap)) {
      trapped.push(request.url);
      response.end();
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    if (existsSync(path.join(outDir, pathname, 'index.html'))) request.url = `${pathname.replace(/\/?$/, '/')}index.html`;
    files(request, response, () => {
      response.statusCode = 404;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    trapped,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface TrappedSite { build: CliRun; server: SiteServer & { trapped: string[] }; browser: Browser }

/**
 * For a browser test file: builds the site in `root` with the CLI (`build …args --out out --no-search`),
 * which must succeed, serves it with the trap at `trap` and launches Chromium before the tests; closes
 * both after them.
 */
export function useTrappedSite(root: string, args: string[], trap: string): TrappedSite {
  const site = {} as TrappedSite;
  before(async () => {
    site.build = await runCli(['build', ...args, '--out', 'out', '--no-search'], root);
    assert.equal(site.build.code, 0, site.build.stderr);
    site.server = await serveWithTrap(path.join(root, 'out'), trap);
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
