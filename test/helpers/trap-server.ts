import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import type { SiteServer } from './browser.ts';

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
