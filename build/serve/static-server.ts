import { fileCandidates } from '../output-layout.ts';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import http from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import { lookup } from 'mrmime';
import sirv from 'sirv';
import { ContentError } from '../errors.ts';
import { headersFor, type HeaderRule } from './headers-file.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const TEXT_TYPE = /^(text\/|application\/(json|xml|javascript))/;

export interface StaticServerOptions {
  root: string;
  /** Extra handling before static files (the dev server's live-reload endpoint); true if handled. */
  intercept?: (request: http.IncomingMessage, response: http.ServerResponse, pathname: string) => boolean;
  /** Rewrites HTML before sending it (the dev server injects its reload script). */
  transformHtml?: (html: string) => string;
  /**
   * When set, only requests naming this host, localhost or an IP address in their Host header are answered
   * (others get 403), so a web page behind a rebinding DNS name cannot read a local server.
   */
  checkHost?: string;
  /** Headers from the site's `_headers` file, sent as a host would send them. */
  headerRules?: HeaderRule[];
  /**
   * The site's baseUrl (read per request: watch mode's config may change it): the folder is served below
   * it, `/` redirects there, and other paths are not found.
   */
  baseUrl?: () => string;
}

/**
 * Serves a built site as a static host does: clean URLs, 404.html with status 404, content types,
 * long-lived caching for hashed assets, compression, ETags and ranges, and nothing outside the root
 * folder. sirv sends the files and `compression` compresses them; which file a URL means (the same
 * candidates the link checker tries) and the root's boundary (symlinks included) are decided here.
 */
export function createStaticServer(options: StaticServerOptions): http.Server {
  const root = realpathSync(options.root);
  const send = sirv(root, { dev: true, etag: true, extensions: [], setHeaders: (response, pathname) => setFileHeaders(response, pathname) });
  const compress = compression();
  return http.createServer((request, response) => {
    const pathname = decodePathname(request.url ?? '/');
    if (pathname === undefined) return void response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path');
    if (options.checkHost !== undefined && !isLocalHost(request.headers.host, options.checkHost)) {
      return void response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Unknown host name');
    }
    for (const [name, value] of Object.entries(headersFor(options.headerRules ?? [], pathname))) response.setHeader(name, value);
    if (options.intercept?.(request, response, pathname)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    const baseUrl = options.baseUrl?.() ?? '/';
    if (baseUrl !== '/' && (pathname === '/' || `${pathname}/` === baseUrl)) return void response.writeHead(302, { Location: baseUrl }).end();
    const url = request.url ?? '/';
    const file = url.startsWith(baseUrl) ? resolveRequest(root, `/${url.slice(baseUrl.length)}`) : {};
    if (file === 'forbidden') return void response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    compress(request as never, response as never, () => {
      if (!file.path) return sendNotFound(root, request, response, options.transformHtml);
      const relative = path.relative(root, file.path).split(path.sep).join('/');
      if (options.transformHtml && relative.endsWith('.html')) return sendHtml(request, response, options.transformHtml(readFileSync(file.path, 'utf8')), 200);
      request.url = `/${relative.split('/').map(encodeURIComponent).join('/')}`;
      send(request, response, () => sendNotFound(root, request, response, options.transformHtml));
    });
  });
}

/** Content type with a charset for text, and caching: hashed assets forever, everything else revalidated. */
function setFileHeaders(response: http.ServerResponse, pathname: string): void {
  const type = lookup(pathname) ?? 'application/octet-stream';
  response.setHeader('Content-Type', TEXT_TYPE.test(type) ? `${type}; charset=utf-8` : type);
  response.setHeader('Cache-Control', isHashedAsset(pathname.slice(1)) ? IMMUTABLE : 'no-cache');
}

function sendNotFound(root: string, request: http.IncomingMessage, response: http.ServerResponse, transformHtml: ((html: string) => string) | undefined): void {
  const page = insideRoot(root, '404.html');
  if (typeof page !== 'string') return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  const html = readFileSync(page, 'utf8');
  sendHtml(request, response, transformHtml ? transformHtml(html) : html, 404);
}

function sendHtml(request: http.IncomingMessage, response: http.ServerResponse, html: string, status: number): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  response.end(request.method === 'HEAD' ? undefined : html);
}

type Resolution = 'forbidden' | { path?: string };

/** Maps a URL path to a file under `root`, refusing anything that would leave it. */
export function resolveRequest(root: string, url: string): Resolution {
  const pathname = decodePathname(url);
  if (pathname === undefined || pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) return 'forbidden';
  for (const candidate of fileCandidates(pathname)) {
    const file = insideRoot(root, candidate);
    if (file === 'forbidden') return 'forbidden';
    if (file) return { path: file };
  }
  return {};
}

/** A DNS rebinding attack needs a domain name: IP literals, localhost and the server's own host are safe. */
function isLocalHost(header: string | undefined, ownHost: string): boolean {
  const name = (header ?? '').replace(/:\d+$/, '').toLowerCase();
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) !== 0 || name === 'localhost' || name.endsWith('.localhost') || name === ownHost.toLowerCase();
}

/**
 * The decoded path of an origin-form request target (`//etc/passwd` is a path here, not a host). A target
 * that no URL parser accepts (`//[`) is refused: code that later resolves it as a URL would throw.
 */
function decodePathname(url: string): string | undefined {
  if (!url.startsWith('/') || !URL.canParse(url, 'http://localhost')) return undefined;
  try {
    return decodeURIComponent(new URL(`http://localhost${url}`).pathname);
  } catch {
    return undefined;
  }
}

/** Content-hashed names, relative to the root: a folder named `assets` above the root does not count. */
function isHashedAsset(relative: string): boolean {
  return relative.startsWith('assets/') || /^pagefind\/.+\.(pf_\w+|pagefind)$/.test(relative);
}

function insideRoot(root: string, relative: string): string | undefined | 'forbidden' {
  const joined = path.join(root, relative);
  try {
    if (!statSync(joined).isFile()) return undefined;
    const real = realpathSync(joined);
    // A symlink may point outside the folder: refuse it rather than follow it.
    return real === root || real.startsWith(root + path.sep) ? real : 'forbidden';
  } catch {
    return undefined;
  }
}

/** Starts listening; a port in use or not allowed becomes one error naming the port, never a hang or a stack. */
export function listenOn(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const problem = error.code === 'EADDRINUSE' ? 'is in use' : error.code === 'EACCES' ? 'needs administrator rights' : `cannot be opened (${error.message})`;
      reject(new ContentError({ rule: 'cli', message: `port ${port} on ${host} ${problem}`, file: '--port', fix: 'Stop the other server, or pass another port, for example --port 3001.' }));
    });
    server.listen(port, host, () => resolve());
  });
}

/** A `--port` value: a whole number from 0 to 65535. */
export function portOption(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ContentError({ rule: 'cli', message: `"${value}" is not a port number`, file: '--port', fix: 'Pass a whole number from 0 to 65535, for example --port 3000.' });
  return port;
}
