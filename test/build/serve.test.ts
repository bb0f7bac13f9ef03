/** The preview server (`npm run serve`): a built site served as a static host serves it. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import { buildSite } from '../../build/build.ts';
import { parseHeadersFile } from '../../build/serve/headers-file.ts';
import { createStaticServer } from '../../build/serve/static-server.ts';
import { cliCommand, runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { BASE_URL_SITE } from '../helpers/base-url-site.ts';
import { tempTree } from '../helpers/tmp.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-site');
const SECRET = 'OUTSIDE-THE-ROOT';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let base: string;
let root: string;
let server: http.Server;
let port: number;

before(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'serve-'));
  // The root sits in a folder named `assets`: only the site's own /assets/ may be cached forever.
  root = path.join(base, 'assets/site');
  await buildSite({
    projectRoot, docsDir: path.join(fixture, 'docs'), sidebarsFile: path.join(fixture, 'sidebars.js'),
    staticDir: path.join(fixture, 'static'), outDir: root, search: false, log: () => {},
  });
  writeFileSync(path.join(base, 'assets/package.json'), JSON.stringify({ secret: SECRET }));
  writeFileSync(path.join(base, 'secret.html'), SECRET);
  symlinkSync(path.join(base, 'assets/package.json'), path.join(root, 'leak.json'));
  symlinkSync(base, path.join(root, 'leak-dir'));
  server = createStaticServer({ root });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

interface Reply { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A raw request: the path goes on the wire exactly as written, encoded dots and all. */
function request(requestPath: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET', to = port): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port: to, path: requestPath, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const builtFile = (relative: string) => readFileSync(path.join(root, relative));
const firstAsset = (extension: string) => `assets/${readdirSync(path.join(root, 'assets')).find((name) => name.endsWith(extension))}`;

test('clean URLs serve the route folder page as HTML', async () => {
  for (const [url, file] of [['/intro', 'intro/index.html'], ['/guides/', 'guides/index.html'], ['/guides/first', 'guides/first/index.html'], ['/', 'index.html'], ['//guides/first', 'guides/first/index.html']]) {
    const reply = await request(url);
    assert.equal(reply.status, 200, url);
    assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8', url);
    assert.deepEqual(reply.body, builtFile(file), url);
  }
});

test('/intro.html serves the redirect page to the clean URL', async () => {
  const reply = await request('/intro.html');
  assert.equal(reply.status, 200);
  assert.deepEqual(reply.body, builtFile('intro.html'));
  assert.match(reply.body.toString(), /<meta http-equiv="refresh" content="0; url=\/intro">/);
});

test('an unknown path answers 404 with the 404.html page', async () => {
  const reply = await request('/no/such/page');
  assert.equal(reply.status, 404);
  assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
  assert.deepEqual(reply.body, builtFile('404.html'));
});

test('a site without 404.html still answers unknown paths with a 404', async () => {
  const bare = path.join(base, 'bare');
  mkdirSync(bare);
  writeFileSync(path.join(bare, 'index.html'), '<!DOCTYPE html><title>Home</title>');
  const bareServer = createStaticServer({ root: bare });
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  try {
    const reply = await request('/missing', {}, 'GET', (bareServer.address() as AddressInfo).port);
    assert.equal(reply.status, 404);
    assert.equal(reply.body.toString(), 'Not found');
  } finally {
    bareServer.close();
  }
});

test('files get their content types', async () => {
  const expected = [
    [firstAsset('.js'), 'text/javascript; charset=utf-8'],
    [firstAsset('.css'), 'text/css; charset=utf-8'],
    ['img/logo.svg', 'image/svg+xml'],
    ['__routes/intro.json', 'application/json; charset=utf-8'],
  ];
  for (const [file, type] of expected) {
    const reply = await request(`/${file}`);
    assert.equal(reply.status, 200, file);
    assert.equal(reply.headers['content-type'], type, file);
    assert.deepEqual(reply.body, builtFile(file), file);
  }
});

test('hashed assets are cached forever; pages, pointers and static files are revalidated', async () => {
  for (const file of [firstAsset('.js'), firstAsset('.css')]) {
    assert.equal((await request(`/${file}`)).headers['cache-control'], IMMUTABLE, file);
  }
  for (const url of ['/intro', '/', '/no/such/page', '/__routes/intro.json', '/img/logo.svg']) {
    assert.equal((await request(url)).headers['cache-control'], 'no-cache', url);
  }
});

test('gzip and brotli are used when the client asks for them', async () => {
  const page = builtFile('intro/index.html');
  const plain = await request('/intro');
  assert.equal(plain.headers['content-encoding'], undefined);
  const gzip = await request('/intro', { 'Accept-Encoding': 'gzip' });
  assert.equal(gzip.headers['content-encoding'], 'gzip');
  assert.deepEqual(zlib.gunzipSync(gzip.body), page);
  const brotli = await request('/intro', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(brotli.headers['content-encoding'], 'br');
  assert.deepEqual(zlib.brotliDecompressSync(brotli.body), page);
  const refused = await request('/intro', { 'Accept-Encoding': 'br;q=0, gzip' });
  assert.equal(refused.headers['content-encoding'], 'gzip', 'q=0 means "not this one"');
  assert.equal(plain.headers.vary, 'Accept-Encoding');
});

test('a revalidated file that did not change is a 304, and a range request gets its slice', async () => {
  const asset = `/${firstAsset('.js')}`;
  const first = await request(asset);
  assert.match(String(first.headers.etag), /^W\/"/);
  const again = await request(asset, { 'If-None-Match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  const slice = await request(asset, { Range: 'bytes=0-9' });
  assert.equal(slice.status, 206);
  assert.deepEqual(slice.body, builtFile(asset.slice(1)).subarray(0, 10));
});

test('only GET and HEAD are answered', async () => {
  const head = await request('/intro', {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  const post = await request('/intro', {}, 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
});

test('nothing outside the root is ever served', async () => {
  const attempts = [
    '/../package.json', '/../../secret.html', '/%2e%2e/package.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd',
    '/..%2fpackage.json', '/%2e%2e%5c%2e%2e%5cetc%5cpasswd', '/..%5cpackage.json', '/foo%00.html', '/intro%00.html',
    '//etc/passwd', '/C:/Windows/win.ini', '/leak.json', '/leak-dir/secret.html', '/leak-dir/assets/package.json',
  ];
  for (const attempt of attempts) {
    const reply = await request(attempt);
    assert.notEqual(reply.status, 200, attempt);
    assert.ok(reply.status === 400 || reply.status === 404, `${attempt}: ${reply.status}`);
    const body = reply.body.toString();
    assert.ok(!body.includes(SECRET) && !/root:.*:0:0:/.test(body), `${attempt} leaked a file from outside the root`);
  }
});

/** Starts `npm run serve` on a free port; resolves with the process, its port and the URL it printed. */
async function startServe(dir: string): Promise<{ child: ChildProcess; servedAt: number; url: string }> {
  const [command, args] = cliCommand(['serve', '--dir', dir, '--port', '0', '--host', '127.0.0.1']);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /at (http:\/\/127\.0\.0\.1:(\d+)\/\S*)\n/.exec(output);
      if (match) resolve({ child, servedAt: Number(match[2]), url: match[1] });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

test('`npm run serve` sends the security headers of _headers, as a host would', async () => {
  const { child, servedAt } = await startServe(root);
  try {
    const rules = parseHeadersFile(builtFile('_headers').toString('utf8'));
    const csp = rules.find((rule) => rule.pattern === '/*')!.headers['Content-Security-Policy'];
    assert.match(csp, /script-src 'self'/);
    for (const route of ['/', '/intro', '/no/such/page']) {
      const reply = await request(route, {}, 'GET', servedAt);
      assert.equal(reply.headers['content-security-policy'], csp, route);
      assert.equal(reply.headers['referrer-policy'], 'strict-origin-when-cross-origin', route);
    }
    assert.equal((await request(`/${firstAsset('.js')}`, {}, 'GET', servedAt)).headers['cache-control'], IMMUTABLE);
    const rebound = await request('/intro', { Host: 'rebound.example' }, 'GET', servedAt);
    assert.deepEqual({ status: rebound.status, body: rebound.body.toString() }, { status: 403, body: 'Unknown host name' }, 'a foreign Host header is refused');
  } finally {
    child.kill();
  }
});

test('`npm run serve` serves a site built with a baseUrl below it: / leads there, other paths are not found', async () => {
  const siteRoot = tempTree(BASE_URL_SITE);
  const build = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out', '--no-search'], siteRoot);
  assert.equal(build.code, 0, build.stderr);
  const { child, servedAt, url } = await startServe(path.join(siteRoot, 'out'));
  try {
    assert.equal(url, `http://127.0.0.1:${servedAt}/rockets/`);
    const home = await request('/', {}, 'GET', servedAt);
    assert.deepEqual([home.status, home.headers.location], [302, '/rockets/']);
    assert.deepEqual([(await request('/rockets', {}, 'GET', servedAt)).headers.location], ['/rockets/']);
    const page = await request('/rockets/docs/intro', {}, 'GET', servedAt);
    assert.equal(page.status, 200);
    assert.match(page.body.toString(), /<title>Intro \| Acme Rockets<\/title>/);
    assert.equal((await request('/rockets/img/logo.svg', {}, 'GET', servedAt)).status, 200);
    const outside = await request('/docs/intro', {}, 'GET', servedAt);
    assert.equal(outside.status, 404);
    assert.match(outside.body.toString(), /<title>Page Not Found/);
  } finally {
    child.kill();
  }
});

test('`npm run serve` on a folder without a built site is one error naming the fix', async () => {
  const run = await runCli(['serve', '--dir', 'nothing-here', '--port', '0'], base);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: nothing-here: no built site here\n  → Run `npm run build` first, or pass --dir with a built site.');
});
