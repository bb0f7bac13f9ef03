import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseHeadersFile } from '../../build/serve/headers-file.ts';
import { createStaticServer } from '../../build/serve/static-server.ts';

/** The `_headers` file as a map of path pattern → headers. */
export function parseHeaders(text: string): Map<string, Record<string, string>> {
  return new Map(parseHeadersFile(text).map((rule) => [rule.pattern, rule.headers]));
}

/** The directive's sources, e.g. script-src → ["'self'", "'sha256-…'"]. */
export function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

export interface HostedSite { origin: string; headers: Record<string, string>; csp: string; close(): Promise<void> }

/**
 * Serves a built site on 127.0.0.1 as a host that reads dist/_headers does: the `/*` headers (the CSP
 * among them) on every response. With `prefix`, the site is served under that path and nothing else is.
 */
export async function serveWithHeaders(root: string, prefix = '/'): Promise<HostedSite> {
  const headers = parseHeaders(readFileSync(path.join(root, '_headers'), 'utf8')).get('/*') ?? {};
  const serveFile = createStaticServer({ root, baseUrl: () => prefix }).listeners('request')[0] as http.RequestListener;
  const server = http.createServer((request, response) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    serveFile(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    headers,
    csp: headers['Content-Security-Policy'],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
