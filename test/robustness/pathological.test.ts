/**
 * Inputs built to make a Markdown pipeline slow or crash: long runs that made our patterns backtrack
 * (quadratic: 11 s for 100 KB), deep nesting (a stack overflow after minutes), huge pages and tables.
 * Each compiles in a worker with a 512 MB heap and must finish within the time bound, either compiled
 * or with one error naming the page — never a crash, an out-of-memory abort or a hang.
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { GENERATED_MODULES_DIR } from '../../build/fs-utils.ts';
import { tempTree } from '../helpers/tmp.ts';
import { fastestOf } from '../helpers/time-bound.ts';

const MAX_MS = 2000;
const HEAP_MB = 512;
const RUN = 300_000;

interface Outcome { ms: number; error?: string }

const workerScript = path.join(GENERATED_MODULES_DIR, `page-worker-${process.pid}.mjs`);

// A worker cannot start from TypeScript under tsx: the page worker is bundled to one file (packages stay
// imports, so the file lives where node_modules resolves).
before(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL('./page-worker.ts', import.meta.url))], outfile: workerScript,
    bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', jsx: 'automatic', logLevel: 'silent',
  });
});
after(() => rmSync(workerScript, { force: true }));

function compileInWorker(markdown: string, maxPageBytes?: number): Promise<Outcome> {
  const docsDir = tempTree({});
  writeFileSync(path.join(docsDir, 'page.md'), markdown);
  const worker = new Worker(workerScript, { workerData: { docsDir, maxPageBytes }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void worker.terminate().then(() => reject(new Error(`no answer within ${MAX_MS * 5} ms`))), MAX_MS * 5);
    worker.once('message', (outcome: Outcome) => { clearTimeout(timer); void worker.terminate(); resolve(outcome); });
    worker.once('error', (error) => { clearTimeout(timer); reject(error); });
  });
}

const spaces = ' '.repeat(RUN);
const LINEAR_CASES: [string, string][] = [
  ['a leading title with a long run of spaces', `# a${spaces}b\n\nText.\n`],
  ['a heading custom id after a long run of spaces', `Intro.\n\n## a${spaces}x {#x\n`],
  ['an admonition title with a long run of spaces', `:::tip a${spaces}b\nText.\n:::\n`],
  ['a page of many short paragraphs with links', `${'See [a](/b) and [c](https://example.com/d).\n\n'.repeat(RUN / 192)}`],
];

for (const [name, markdown] of LINEAR_CASES) {
  test(`${name} (${Math.round(markdown.length / 1000)} KB) compiles within ${MAX_MS} ms`, async () => {
    const outcome = await fastestOf(MAX_MS, () => compileInWorker(markdown));
    assert.equal(outcome.error, undefined);
    assert.ok(outcome.ms < MAX_MS, `${Math.round(outcome.ms)} ms`);
  });
}

const TOO_DEEP = 'blockquotes, lists and admonitions are nested more than 100 levels deep\n  → Flatten the structure: readers cannot follow that many levels either.';
const TOO_MANY_OPENINGS = 'a paragraph has more than 5000 "[" (link and image openings)\n  → Split the paragraph, or put the text in a code block.';

const LIMIT_CASES: [string, string, string][] = [
  ['1,000 nested admonitions', `${':::note\n'.repeat(1000)}Deep.\n${':::\n'.repeat(1000)}`, `page.md:101: ${TOO_DEEP}`],
  ['50,000 nested blockquote markers', `${'>'.repeat(50_000)} deep\n`, `page.md:1: ${TOO_DEEP}`],
  ['5,000 nested list items on one line', `${'- '.repeat(5000)}deep\n`, `page.md:1: ${TOO_DEEP}`],
  ['1,000 nested list items by indentation', Array.from({ length: 1000 }, (_, depth) => `${'  '.repeat(depth)}- item ${depth}`).join('\n'), `page.md:201: ${TOO_DEEP}`],
  ['a line of 150,000 image openings', `${'!['.repeat(150_000)}\n`, `page.md:1: ${TOO_MANY_OPENINGS}`],
  ['a paragraph of 75,000 link openings', `${'[a](\n'.repeat(75_000)}`, `page.md:5001: ${TOO_MANY_OPENINGS}`],
  ['a table row of 20,000 cells', `| ${'a | '.repeat(20_000)}\n| ${'- | '.repeat(20_000)}\n`,
    'page.md:1: a table row has more than 1000 cells\n  → Split the table, or turn it into a list.'],
];

for (const [name, markdown, expected] of LIMIT_CASES) {
  test(`${name}: one error naming the page and line, within ${MAX_MS} ms`, async () => {
    const outcome = await fastestOf(MAX_MS, () => compileInWorker(markdown));
    assert.equal(outcome.error, expected);
    assert.ok(outcome.ms < MAX_MS, `${Math.round(outcome.ms)} ms`);
  });
}

test('a 21 MB page is refused by the page size limit, which the config can raise', async () => {
  const page = `# Big\n\n${'Words and more words. '.repeat(1_000_000)}\n`;
  const refused = await compileInWorker(page);
  assert.equal(refused.error, 'page.md: the page is 21.0 MB, over the limit of 4.0 MB\n  → Split the page into several, or raise maxPageBytes in site.config.ts.');
  const small = await compileInWorker('# Small\n\nA page of a few bytes.\n', 16);
  assert.equal(small.error, 'page.md: the page is 25 bytes, over the limit of 16 bytes\n  → Split the page into several, or raise maxPageBytes in site.config.ts.');
});
