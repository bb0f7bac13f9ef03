import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import http from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { ContentError } from '../errors.ts';
import { headersFor, type HeaderRule } from './headers-file.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.webp': 'image/webp', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.wasm': 'application/wasm',
  '.woff2': 'font/woff2', '.pf_meta': 'application/octet-stream', '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream', '.pagefind': 'application/octet-stream',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

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
}

/**
 * Serves a built site as a static host does: clean URLs, 404.html with status 404, content types,
 * long-lived caching for hashed assets, compression, and nothing outside the root folder.
 */
export function createStaticServer(options: StaticServerOptions): http.Server {
  const root = realpathSync(options.root);
  return http.createServer((request, response) => {
    const pathname = decodePathname(request.url ?? '/');
    if (pathname === undefined) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path');
      return;
    }
    if (options.checkHost !== undefined && !isLocalHost(request.headers.host, options.checkHost)) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Unknown host name');
      return;
    }
    for (const [name, value] of Object.entries(headersFor(options.headerRules ?? [], pathname))) response.setHeader(name, value);
    if (options.intercept?.(request, response, pathname)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = resolveRequest(root, request.url ?? '/');
    if (file === 'forbidden') {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path');
      return;
    }
    const notFoundPage = path.join(root, '404.html');
    if (!file.path && !existsSync(notFoundPage)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const found = file.path ?? notFoundPage;
    const immutable = isHashedAsset(path.relative(root, found).split(path.sep).join('/'));
    sendFile(request, response, { file: found, status: file.path ? 200 : 404, immutable }, options.transformHtml);
  });
}

type Resolution = 'forbidden' | { path?: string };

/** The files a decoded URL path may be served from, in the order they are tried (the link checker tries the same). */
export function fileCandidates(pathname: string): string[] {
  return pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`, `${pathname}.html`];
}

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

interface Reply { file: string; status: number; immutable: boolean }

function sendFile(request: http.IncomingMessage, response: http.ServerResponse, { file, status, immutable }: Reply, transformHtml?: (html: string) => string): void {
  const extension = path.extname(file).toLowerCase();
  const type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  const encoding = COMPRESSIBLE.test(type) ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  response.writeHead(status, headers);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const source = transformHtml && extension === '.html'
    ? (async function* () {
        const chunks: Buffer[] = [];
        for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
        yield transformHtml(Buffer.concat(chunks).toString('utf8'));
      })()
    : createReadStream(file);
  const compressor = encoding === 'br' ? zlib.createBrotliCompress() : encoding === 'gzip' ? zlib.createGzip() : undefined;
  const onDone = (error: Error | null) => {
    if (error) response.destroy(error);
  };
  if (compressor) pipeline(source, compressor, response, onDone);
  else pipeline(source, response, onDone);
}

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(String(header ?? '').toLowerCase().split(',').flatMap((part) => {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim());
    // `br;q=0` means the client refuses br.
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return refused ? [] : [name];
  }));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
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
