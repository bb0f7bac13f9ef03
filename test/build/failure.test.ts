/** A failed build stops with one clear message and leaves the previous output as it was. */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-site');

function corpusCopy(): { root: string; docs: string; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'failing-'));
  cpSync(fixture, root, { recursive: true });
  return { root, docs: path.join(root, 'docs'), out: path.join(root, 'out') };
}

function build(root: string) {
  return runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search'], root);
}

test('broken front matter fails the build and keeps the previous output', async () => {
  const { root, docs, out } = corpusCopy();
  assert.equal((await build(root)).code, 0);
  const before = readFileSync(path.join(out, 'intro/index.html'), 'utf8');
  writeFileSync(path.join(docs, 'intro.md'), '---\ntitle: [broken\n---\nText\n');
  const failed = await build(root);
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /error: docs\/intro\.md:\d: malformed front matter/);
  assert.equal(readFileSync(path.join(out, 'intro/index.html'), 'utf8'), before);
  assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('out.')), [], 'no staging folder is left behind');
});

test('a sidebar naming a missing doc fails with the sidebar and the id', async () => {
  const { root } = corpusCopy();
  writeFileSync(path.join(root, 'sidebars.js'), "module.exports = { main: ['intro', 'nope'] };");
  const failed = await build(root);
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /error: sidebars\.js: sidebar "main" names the doc "nope", which does not exist/);
});

test('a broken anchor fails the build naming the Markdown line', async () => {
  const { root, docs } = corpusCopy();
  const intro = readFileSync(path.join(docs, 'intro.md'), 'utf8');
  writeFileSync(path.join(docs, 'intro.md'), intro.replace('Welcome to the fixture.', 'Welcome. See [the guide](./guides/01-first-guide.md#no-such-heading).'));
  const failed = await build(root);
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /Found broken anchor \/guides\/first#no-such-heading in docs\/intro\.md:7/);
  assert.match(failed.stderr, /1 broken link found/);
});
