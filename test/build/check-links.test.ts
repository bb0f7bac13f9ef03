/** `npm run check-links`: the links of a built site, each broken one named by its Markdown line. */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { buildSite } from '../../build/build.ts';
import { LINK_SOURCES_FILE } from '../../build/links/checker.ts';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

const fixture = path.join(projectRoot, 'test/fixtures/link-check');
const SUMMARY = /^Checked \d+ internal links on 3 pages in [\d.]+ m?s: (\d+) broken, 2 external \((.+)\)$/;

let root: string;
let outDir: string;
let origin: string;
const externalRequests: string[] = [];
const server = http.createServer((request, response) => {
  externalRequests.push(`${request.method} ${request.url}`);
  response.writeHead(request.url === '/ok' ? 200 : 404).end();
});

/** As the build names source files: relative to the folder it ran in. */
const sourceFile = (name: string) => path.relative(process.cwd(), path.join(root, 'docs', name));

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = mkdtempSync(path.join(tmpdir(), 'link-check-'));
  cpSync(fixture, root, { recursive: true });
  const externalDoc = path.join(root, 'docs/external.md');
  writeFileSync(externalDoc, readFileSync(externalDoc, 'utf8').replaceAll('EXTERNAL_ORIGIN', origin));
  outDir = path.join(root, 'out');
  await buildSite({
    projectRoot: root, docsDir: path.join(root, 'docs'), sidebarsFile: path.join(root, 'sidebars.js'), outDir,
    search: false, linkPolicy: 'warn', log: () => {},
  });
});

after(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

function outputCopy(name: string): string {
  const copy = path.join(root, name);
  cpSync(outDir, copy, { recursive: true });
  return copy;
}

test('each broken link is reported with its Markdown file and line, then a summary; exit code 1', async () => {
  const run = await runCli(['check-links', '--dir', outDir]);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stdout.trimEnd().split('\n');
  assert.deepEqual(lines.slice(0, -1), [
    `${sourceFile('intro.md')}:8: dead link /no-such-page`,
    `${sourceFile('intro.md')}:9: broken anchor /guide#no-such-section`,
  ]);
  const summary = SUMMARY.exec(lines.at(-1)!);
  assert.ok(summary, lines.at(-1));
  assert.equal(summary[1], '2');
  assert.equal(summary[2], 'not fetched; --external fetches them');
  assert.deepEqual(externalRequests, [], 'external links are not fetched unless asked');
});

test('the build writes the link source map that names those lines', () => {
  const sources = JSON.parse(readFileSync(path.join(outDir, LINK_SOURCES_FILE), 'utf8'));
  assert.equal(sources.baseUrl, '/');
  assert.deepEqual(Object.keys(sources.pages).sort(), ['/external', '/guide', '/intro']);
  assert.deepEqual(sources.pages['/intro'], {
    sourceFile: sourceFile('intro.md'),
    links: [
      { url: '/guide', line: 5 }, { url: '/guide#setting-up', line: 5 }, { url: '#details', line: 6 },
      { url: '/files/sample.txt', line: 6 }, { url: '/no-such-page', line: 8 }, { url: '/guide#no-such-section', line: 9 },
    ],
  });
});

test('the same folder passes with exit code 0 once the missing targets exist', async () => {
  const fixed = outputCopy('fixed');
  mkdirSync(path.join(fixed, 'no-such-page'));
  writeFileSync(path.join(fixed, 'no-such-page/index.html'), '<!DOCTYPE html><body><p>Here now.</p></body>');
  const guide = path.join(fixed, 'guide/index.html');
  writeFileSync(guide, readFileSync(guide, 'utf8').replace('<h2 id="setting-up"', '<h2 id="no-such-section"></h2><h2 id="setting-up"'));
  const run = await runCli(['check-links', '--dir', fixed]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout.trim(), SUMMARY);
  assert.equal(SUMMARY.exec(run.stdout.trim())![1], '0');
});

test('--json prints a machine-readable report', async () => {
  const run = await runCli(['check-links', '--dir', outDir, '--json']);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(Object.keys(report).sort(), ['broken', 'counts', 'elapsedMs', 'external', 'externalFetched', 'problems', 'sourceMap', 'unbuilt']);
  assert.deepEqual(report.unbuilt, [], 'no link leads into a route the build does not make');
  assert.deepEqual({ ...report.counts, links: typeof report.counts.links }, { pages: 3, links: 'number', broken: 2, external: 2 });
  assert.ok(report.counts.links >= 6, 'every internal link of the fixture is counted');
  assert.deepEqual(report.broken, [
    { href: '/no-such-page', kind: 'page', source: sourceFile('intro.md'), line: 8, page: '/intro' },
    { href: '/guide#no-such-section', kind: 'anchor', source: sourceFile('intro.md'), line: 9, page: '/intro' },
  ]);
  const fix = 'Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in site.config.ts.';
  assert.deepEqual(report.problems, [
    { rule: 'links/page', file: sourceFile('intro.md'), line: 8, message: 'dead link /no-such-page', fix, text: `${sourceFile('intro.md')}:8: dead link /no-such-page\n  → ${fix}` },
    { rule: 'links/anchor', file: sourceFile('intro.md'), line: 9, message: 'broken anchor /guide#no-such-section', fix, text: `${sourceFile('intro.md')}:9: broken anchor /guide#no-such-section\n  → ${fix}` },
  ]);
  assert.deepEqual(report.external, [`${origin}/missing`, `${origin}/ok`]);
  assert.equal(report.externalFetched, false);
  assert.equal(report.sourceMap, true);
  assert.equal(typeof report.elapsedMs, 'number');
});

test('--external fetches external links (HEAD, then GET on failure) and reports only the failing one', async () => {
  externalRequests.length = 0;
  const run = await runCli(['check-links', '--dir', outDir, '--external']);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stdout.trimEnd().split('\n');
  assert.deepEqual(lines.filter((line) => line.includes(origin)), [
    `${sourceFile('external.md')}:6: dead link ${origin}/missing (HTTP 404)`,
  ]);
  assert.deepEqual(SUMMARY.exec(lines.at(-1)!)?.slice(1), ['3', 'fetched']);
  assert.deepEqual(externalRequests.sort(), ['GET /missing', 'HEAD /missing', 'HEAD /ok']);
});

test('without the source map, broken links are still found and named by page', async () => {
  const old = outputCopy('without-map');
  rmSync(path.join(old, LINK_SOURCES_FILE));
  const run = await runCli(['check-links', '--dir', old]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /note: .* has no __routes\/__link-sources\.json/);
  assert.deepEqual(run.stdout.trimEnd().split('\n').slice(0, -1), [
    'the theme on page /intro: dead link /no-such-page',
    'the theme on page /intro: broken anchor /guide#no-such-section',
  ]);
});

test('a folder without a built site is an error naming the fix', async () => {
  const dir = path.join(root, 'nothing-here');
  const run = await runCli(['check-links', '--dir', dir]);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), `error: ${dir}: no built site here\n  → Run \`npm run build\` first, or pass --dir with a built site.`);
});

test('a link source map that cannot be read, or a page it lists that is gone, is an error asking for a rebuild', async () => {
  const garbled = outputCopy('garbled-map');
  writeFileSync(path.join(garbled, LINK_SOURCES_FILE), '{"baseUrl": ');
  const unreadable = await runCli(['check-links', '--dir', garbled]);
  assert.equal(unreadable.code, 1);
  assert.equal(unreadable.stderr.trim(), `error: ${path.join(garbled, LINK_SOURCES_FILE)}: unreadable link source map\n  → Rebuild the site with \`npm run build\`.`);

  const partial = outputCopy('page-gone');
  rmSync(path.join(partial, 'guide'), { recursive: true });
  const missing = await runCli(['check-links', '--dir', partial]);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr.trim(), `error: ${path.join(partial, 'guide/index.html')}: the page /guide is missing\n  → Rebuild the site with \`npm run build\`.`);
});
