/** `npm run build -- --docs DIR --sidebars FILE --out DIR` on a Docusaurus-style folder. */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-site');
let outDir: string;
let stdout: string;

before(async () => {
  outDir = path.join(mkdtempSync(path.join(tmpdir(), 'corpus-')), 'out');
  const result = await runCli(['build', '--docs', `${fixture}/docs`, '--sidebars', `${fixture}/sidebars.js`, '--out', outDir, '--static', `${fixture}/static`]);
  assert.equal(result.code, 0, result.stderr);
  stdout = result.stdout;
});

test('the build prints one summary line with the page count', () => {
  assert.match(stdout, /Built 3 pages in [\d.]+ m?s/);
});

test('ids, slugs and number prefixes follow Docusaurus', () => {
  assert.ok(existsSync(path.join(outDir, 'intro/index.html')));
  assert.ok(existsSync(path.join(outDir, 'guides/index.html')), 'index.md is the folder page');
  assert.ok(existsSync(path.join(outDir, 'guides/first/index.html')), 'slug: first, number prefix dropped');
});

test('the CommonJS shorthand sidebar becomes the docs sidebar', () => {
  const html = readFileSync(path.join(outDir, 'intro/index.html'), 'utf8');
  assert.match(html, /<a href="\/intro" class="menu-link active" aria-current="page">Intro<\/a>/);
  assert.match(html, /<summary class="menu-link menu-category-label">Guides<\/summary>/);
});

test('links between Markdown files and duplicate heading ids work', () => {
  const html = readFileSync(path.join(outDir, 'guides/first/index.html'), 'utf8');
  assert.match(html, /<h2 id="setting-up"/);
  assert.match(html, /<h2 id="setting-up-1"/);
  assert.match(html, /<a href="\/intro#custom-details">intro<\/a>/);
  assert.match(html, /<h1>The First Guide<\/h1>/);
});

test('a docs-only build forwards / to the first doc', () => {
  assert.match(readFileSync(path.join(outDir, 'index.html'), 'utf8'), /url=\/intro"/);
});
