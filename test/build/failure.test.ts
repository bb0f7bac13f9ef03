/** A failed build stops with one clear message and leaves the previous output as it was. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cliCommand, runCli } from '../helpers/cli.ts';
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
  assert.equal(failed.stderr.trim(), 'error: docs/intro.md:3: malformed front matter: unexpected end of the stream within a flow collection\n  → Fix the YAML between the --- lines (quote values that contain ": " or start with a special character).');
  assert.equal(readFileSync(path.join(out, 'intro/index.html'), 'utf8'), before);
  assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('out.')), [], 'no staging folder is left behind');
});

test('a sidebar naming a missing doc fails with the sidebar and the id', async () => {
  const { root } = corpusCopy();
  writeFileSync(path.join(root, 'sidebars.js'), "module.exports = { main: ['intro', 'nope'] };");
  const failed = await build(root);
  assert.equal(failed.code, 1);
  assert.equal(failed.stderr.trim(), 'error: sidebars.js: sidebar "main" names the doc "nope", which does not exist\n  → Create content for "nope", or fix the id (ids are paths below the docs folder without ".md").');
});

test('in a docs-only build a broken anchor is a warning and a dead link fails the build, as Docusaurus\'s defaults have it', async () => {
  const { root, docs } = corpusCopy();
  const intro = readFileSync(path.join(docs, 'intro.md'), 'utf8');
  writeFileSync(path.join(docs, 'intro.md'), intro.replace('Welcome to the fixture.', 'Welcome. See [the guide](./guides/01-first-guide.md#no-such-heading).'));
  const warned = await build(root);
  assert.equal(warned.code, 0, warned.stderr);
  assert.equal(warned.stderr.trim(), 'warning: docs/intro.md:7: broken anchor /guides/first#no-such-heading');
  writeFileSync(path.join(docs, 'intro.md'), intro.replace('Welcome to the fixture.', 'Welcome. See [the guide](/guides/gone).'));
  const failed = await build(root);
  assert.equal(failed.code, 1);
  assert.equal(failed.stderr.trim(), 'error: docs/intro.md:7: dead link /guides/gone\n  → Fix the link, or pass --config with the site\'s docusaurus.config.js to build with its onBrokenLinks / onBrokenAnchors.');
});

/** A corpus big enough that the build is still compiling when the test interrupts it. */
function slowCorpus(): { root: string; out: string } {
  const { root, docs, out } = corpusCopy();
  const block = '```ts\nexport const answer: number = 42\nexport function double(value: number) {\n  return value * 2\n}\n```\n\n';
  for (let index = 0; index < 150; index++) writeFileSync(path.join(docs, `page-${index}.md`), `# Page ${index}\n\n${block.repeat(30)}`);
  return { root, out };
}

/** As `npm run build` runs it: one process, so a signal reaches the build itself (tsx would run it in a child). */
function startBuild(root: string): ChildProcess {
  return spawn(...cliCommand(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search']), { cwd: root });
}

async function interruptWhileCompiling(root: string, signal: NodeJS.Signals): Promise<number | null> {
  const child = startBuild(root);
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    if (output.includes('compile and write pages')) child.kill(signal);
  });
  const [code, received] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  assert.ok(output.includes('compile and write pages'), 'the build was interrupted while compiling');
  return code ?? (received === signal ? null : -1);
}

test('Ctrl-C during a build keeps the previous output and removes the staging folder', async () => {
  const { root, out } = slowCorpus();
  assert.equal((await build(root)).code, 0);
  const before = readFileSync(path.join(out, 'intro/index.html'), 'utf8');
  assert.equal(await interruptWhileCompiling(root, 'SIGINT'), 130);
  assert.equal(readFileSync(path.join(out, 'intro/index.html'), 'utf8'), before);
  assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('out.')), []);
});

test('a killed build keeps the previous output, and the next build clears what it left', async () => {
  const { root, out } = slowCorpus();
  assert.equal((await build(root)).code, 0);
  const before = readFileSync(path.join(out, 'intro/index.html'), 'utf8');
  await interruptWhileCompiling(root, 'SIGKILL');
  assert.equal(readFileSync(path.join(out, 'intro/index.html'), 'utf8'), before);
  // What a build killed while writing leaves behind: its staging folder, maybe a retired output.
  mkdirSync(path.join(root, 'out.staging-999999/api'), { recursive: true });
  mkdirSync(path.join(root, 'out.retired-999999'), { recursive: true });
  assert.equal((await build(root)).code, 0);
  assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('out.')), []);
});
