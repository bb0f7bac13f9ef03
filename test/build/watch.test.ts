/** `npm start`: watch mode on a copy of the site, driven through HTTP and its server-sent events. */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { takeServerEvents } from '../../bench/watch.ts';
import { connect } from 'node:net';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { brokenLinkFix } from '../../build/links/policy.ts';
import { projectRoot } from '../helpers/site.ts';

const WAIT_MS = 20_000;

interface ServerEvent { event: string; data: { pages?: string[] | 'all'; errors?: { file?: string; line?: number; message: string; fix?: string }[]; failing?: boolean } }

/** A server-sent-events client that keeps every event, so a test can wait for one after a point. */
class EventClient {
  readonly received: ServerEvent[] = [];
  private waiters: (() => void)[] = [];
  private request?: http.ClientRequest;

  static connect(url: string): Promise<EventClient> {
    const client = new EventClient();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from ${url}`)), WAIT_MS);
      client.request = http.get(url, (response) => {
        clearTimeout(timer);
        assert.equal(response.statusCode, 200);
        assert.match(String(response.headers['content-type']), /^text\/event-stream/);
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const { received, rest } = takeServerEvents(buffer + chunk);
          buffer = rest;
          for (const { event, data } of received) client.received.push({ event, data: JSON.parse(data) });
          for (const wake of client.waiters.splice(0)) wake();
        });
        resolve(client);
      });
      client.request.on('error', reject);
    });
  }

  /** The first event from index `from` on that matches, within WAIT_MS. */
  async waitFor(from: number, matches: (event: ServerEvent) => boolean, what: string): Promise<ServerEvent> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.received.slice(from).find(matches);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; received ${JSON.stringify(this.received.slice(from))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.request?.destroy();
  }
}

const reloadOf = (permalink: string) => (event: ServerEvent) => event.event === 'reload' && (event.data.pages === 'all' || event.data.pages!.includes(permalink));

let root: string;
let server: DevServer;
let events: EventClient;
const logLines: string[] = [];

async function get(route: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(route, server.url), { signal: AbortSignal.timeout(WAIT_MS) });
  return { status: response.status, html: await response.text() };
}

const docFile = (name: string) => path.join(root, 'content/docs', name);

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'watch-mode-'));
  for (const entry of ['content', 'static', 'src', 'site.config.ts', 'sidebars.ts', 'tsconfig.json', 'tsconfig.base.json']) {
    cpSync(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  server = await startDevServer({ projectRoot: root, port: 0, host: '127.0.0.1', log: (line) => logLines.push(line), logError: (line) => logLines.push(line) });
  events = await EventClient.connect(new URL('/__dev/events', server.url).href);
}, { timeout: 180_000 });

after(async () => {
  events?.close();
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test('the first build is served, with the reload client in every page', async () => {
  assert.match(logLines.join('\n'), /^built \d+ pages in [\d.]+ m?s$/m);
  const { status, html } = await get('/api/store');
  assert.equal(status, 200);
  assert.match(html, /<h1>Store<\/h1>/);
  assert.match(html, /<script data-dev-reload>[\s\S]*\/__dev\/events[\s\S]*<\/script>\n<\/body>/);
  const { status: missing } = await get('/no/such/page');
  assert.equal(missing, 404);
  const hello = await events.waitFor(0, (event) => event.event === 'hello', 'hello');
  assert.equal(hello.data.failing, false);
});

/** The body of a raw HTTP/1.1 reply, its chunked transfer encoding undone (the bodies checked are ASCII). */
function bodyOf(reply: string): string {
  const headEnd = reply.indexOf('\r\n\r\n');
  const rest = reply.slice(headEnd + 4);
  if (!/^transfer-encoding: chunked\r?$/im.test(reply.slice(0, headEnd))) return rest;
  let body = '';
  for (let at = 0; ;) {
    const lineEnd = rest.indexOf('\r\n', at);
    const size = parseInt(rest.slice(at, lineEnd), 16);
    if (!size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends one raw HTTP/1.1 request (fetch would normalise the target); resolves to the status code and body. */
function rawRequest(target: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    let reply = '';
    socket.on('data', (chunk) => { reply += chunk; });
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(reply)?.[1]), body: bodyOf(reply) }));
    socket.on('error', reject);
  });
}

test('a malformed request target gets 400 and the dev server keeps running', async () => {
  const { port } = new URL(server.url);
  assert.deepEqual(await rawRequest('//[', `127.0.0.1:${port}`), { status: 400, body: 'Bad request path' });
  assert.deepEqual(await rawRequest('//[x', `127.0.0.1:${port}`), { status: 400, body: 'Bad request path' });
  assert.equal((await get('/api/store')).status, 200);
});

test('the dev server answers only local host names (no DNS rebinding)', async () => {
  const { port } = new URL(server.url);
  assert.deepEqual(await rawRequest('/api/store', `attacker.example:${port}`), { status: 403, body: 'Unknown host name' });
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) assert.equal((await rawRequest('/api/store', host)).status, 200, host);
});

test('editing a page re-renders only that page and tells the tab to reload', async () => {
  const file = docFile('api/store.md');
  const text = readFileSync(file, 'utf8');
  const from = events.received.length;
  writeFileSync(file, text.replace('A Redux store is a plain object', 'A Redux store is an edited plain object'));
  const reload = await events.waitFor(from, reloadOf('/api/store'), 'the reload of /api/store');
  assert.deepEqual(reload.data.pages, ['/api/store']);
  assert.match((await get('/api/store')).html, /A Redux store is an edited plain object/);
  assert.match(logLines.at(-1)!, /^rebuilt \/api\/store \(content\/docs\/api\/store\.md\) in \d+ ms$/);
});

test('a save right after a quick failed rebuild is not lost', async () => {
  // chokidar reports one change per file per 50 ms, and a front matter error fails a rebuild in
  // less: the fix saved right after the error must still be seen.
  const file = docFile('api/utils.md');
  const text = readFileSync(file, 'utf8');
  for (let round = 1; round <= 3; round++) {
    let from = events.received.length;
    writeFileSync(file, text.replace(/^title: /m, 'title: [broken '));
    await events.waitFor(from, (event) => event.event === 'build-error', 'the build-error event');
    from = events.received.length;
    writeFileSync(file, `${text}\nQuick fix ${round}.\n`);
    await events.waitFor(from, reloadOf('/api/utils'), `the reload after quick fix ${round}`);
    assert.match((await get('/api/utils')).html, new RegExp(`Quick fix ${round}\\.`));
  }
});

test('changing a title re-renders every page whose sidebar shows it', async () => {
  const file = docFile('api/compose.md');
  const text = readFileSync(file, 'utf8');
  assert.match(text, /^title: compose$/m);
  const from = events.received.length;
  writeFileSync(file, text.replace(/^title: compose$/m, 'title: compose (renamed)'));
  const reload = await events.waitFor(from, reloadOf('/api/store'), 'the reload of every sidebar page');
  assert.ok(reload.data.pages === 'all' || reload.data.pages!.length > 50);
  assert.match((await get('/faq')).html, /compose \(renamed\)/);
});

test('broken front matter shows the error with file and line, keeps the last good page, and recovers', async () => {
  const file = docFile('api/store.md');
  const good = readFileSync(file, 'utf8');
  let from = events.received.length;
  writeFileSync(file, good.replace(/^title: Store$/m, 'title: [broken'));
  const failed = await events.waitFor(from, (event) => event.event === 'build-error', 'the build-error event');
  const [error] = failed.data.errors!;
  assert.match(error.file!, /content\/docs\/api\/store\.md$/);
  assert.equal(typeof error.line, 'number');
  assert.match(error.message, /malformed front matter/);
  const served = await get('/api/store');
  assert.equal(served.status, 200);
  assert.match(served.html, /A Redux store is an edited plain object/, 'the last good page is still served');
  // A tab opened (or reloaded) meanwhile gets the error as soon as it connects.
  const late = await EventClient.connect(new URL('/__dev/events', server.url).href);
  try {
    const hello = await late.waitFor(0, (event) => event.event === 'hello', 'hello');
    assert.equal(hello.data.failing, true);
    await late.waitFor(0, (event) => event.event === 'build-error', 'the build-error for a new tab');
  } finally {
    late.close();
  }
  from = events.received.length;
  writeFileSync(file, good.replace('an edited plain object', 'a fixed plain object'));
  await events.waitFor(from, reloadOf('/api/store'), 'the reload after the fix');
  assert.match((await get('/api/store')).html, /A Redux store is a fixed plain object/);
});

test('saving the same broken file twice reports the failure once', async () => {
  const file = docFile('api/compose.md');
  const good = readFileSync(file, 'utf8');
  const broken = good.replace(/^title: .*$/m, 'title: [broken');
  const failuresBefore = logLines.filter((line) => line.startsWith('rebuild failed')).length;
  let from = events.received.length;
  writeFileSync(file, broken);
  await events.waitFor(from, (event) => event.event === 'build-error', 'the first build-error');
  from = events.received.length;
  writeFileSync(file, `${broken}\n`);
  await events.waitFor(from, (event) => event.event === 'build-error', 'the second build-error');
  assert.equal(logLines.filter((line) => line.startsWith('rebuild failed')).length, failuresBefore + 1);
  from = events.received.length;
  writeFileSync(file, good);
  await events.waitFor(from, (event) => event.event === 'reload', 'the reload after the fix');
});

test('a page added is served, renamed moves, and deleted is gone', async () => {
  const added = docFile('watch-test-page.md');
  let from = events.received.length;
  writeFileSync(added, '---\ntitle: Watch Test Page\n---\n\nA page made while the server runs.\n');
  await events.waitFor(from, reloadOf('/watch-test-page'), 'the reload of the new page');
  const page = await get('/watch-test-page');
  assert.equal(page.status, 200);
  assert.match(page.html, /<h1>Watch Test Page<\/h1>/);

  const renamed = docFile('watch-test-renamed.md');
  from = events.received.length;
  renameSync(added, renamed);
  await events.waitFor(from, reloadOf('/watch-test-page'), 'the reload of the old path');
  await events.waitFor(from, reloadOf('/watch-test-renamed'), 'the reload of the new path');
  assert.equal((await get('/watch-test-page')).status, 404);
  assert.equal((await get('/watch-test-renamed')).status, 200);

  from = events.received.length;
  unlinkSync(renamed);
  await events.waitFor(from, reloadOf('/watch-test-renamed'), 'the reload of the deleted page');
  assert.equal((await get('/watch-test-renamed')).status, 404);
});

test('editing an MDX partial re-renders the page that includes it, and a partial is never a page', async () => {
  const partial = docFile('_watch-note.mdx');
  const page = docFile('watch-mdx-page.mdx');
  writeFileSync(partial, 'The first version of the note.\n');
  let from = events.received.length;
  writeFileSync(page, "---\ntitle: Watch MDX Page\n---\nimport Note from './_watch-note.mdx';\n\n<Note />\n");
  await events.waitFor(from, reloadOf('/watch-mdx-page'), 'the reload of the new MDX page');
  assert.match((await get('/watch-mdx-page')).html, /<p>The first version of the note\.<\/p>/);
  assert.equal((await get('/_watch-note')).status, 404);

  from = events.received.length;
  writeFileSync(partial, 'The second version of the note.\n');
  const reload = await events.waitFor(from, reloadOf('/watch-mdx-page'), 'the reload after the partial changed');
  assert.deepEqual(reload.data.pages, ['/watch-mdx-page']);
  assert.match((await get('/watch-mdx-page')).html, /<p>The second version of the note\.<\/p>/);
  unlinkSync(page);
  unlinkSync(partial);
});

test('a broken link fails the rebuild naming the Markdown file and line', async () => {
  const file = docFile('watch-links.md');
  let from = events.received.length;
  writeFileSync(file, '---\ntitle: Watch Links\n---\n\nFirst paragraph.\n\nSee [nothing](/no/such/page).\n');
  const failed = await events.waitFor(from, (event) => event.event === 'build-error', 'the build-error event');
  const [error] = failed.data.errors!;
  assert.match(error.file!, /content\/docs\/watch-links\.md$/);
  assert.equal(error.line, 7);
  assert.equal(error.message, 'dead link /no/such/page');
  assert.equal(error.fix, brokenLinkFix(path.relative(process.cwd(), path.join(root, 'site.config.ts'))), 'the same advice as the build gives, naming the config');
  assert.equal((await get('/watch-links')).status, 404, 'nothing of the failed rebuild is served');
  from = events.received.length;
  unlinkSync(file);
  await events.waitFor(from, (event) => event.event === 'reload', 'the reload after the fix');
});

test('a syntax error in src/ is reported with file and line, and fixing it recovers', async () => {
  const file = path.join(root, 'src/theme/Footer.tsx');
  const good = readFileSync(file, 'utf8');
  let from = events.received.length;
  writeFileSync(file, `${good}\nconst broken = ;\n`);
  const failed = await events.waitFor(from, (event) => event.event === 'build-error', 'the build-error event');
  const [error] = failed.data.errors!;
  assert.equal(error.file, 'src/theme/Footer.tsx');
  assert.equal(error.line, good.split('\n').length + 1);
  assert.equal((await get('/faq')).status, 200);
  from = events.received.length;
  writeFileSync(file, good.replace('{footer.copyright}', '{footer.copyright} (watch test)'));
  await events.waitFor(from, reloadOf('/faq'), 'every page reloaded after the theme changed');
  assert.match((await get('/faq')).html, /\(watch test\)/);
});
