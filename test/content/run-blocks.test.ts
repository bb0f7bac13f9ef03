/**
 * Every run block of the docs runs against the installed packages and prints what its page shows
 * (build/examples/run.ts): one test per page, so a failure names the page, and each problem its line.
 * (Their types are checked with the page's other examples, in content.test.ts.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { extractExamples } from '../../build/examples/extract.ts';
import { runPage } from '../../build/examples/run.ts';
import { listMarkdownFiles } from '../../build/fs-utils.ts';
import { projectRoot } from '../helpers/site.ts';

const pages = listMarkdownFiles(path.join(projectRoot, 'content/docs'))
  .map((file) => path.relative(projectRoot, file))
  .map((relative) => ({ relative, examples: extractExamples(readFileSync(path.join(projectRoot, relative), 'utf8'), relative) }))
  .filter(({ examples }) => examples.runBlocks.length > 0);

test('the docs have at least 10 run blocks', () => {
  const count = pages.reduce((sum, { examples }) => sum + examples.runBlocks.length, 0);
  assert.ok(count >= 10, `${count} run blocks`);
});

// Two pages at a time: each runs in its own worker thread.
describe('every run block prints what its page shows', { concurrency: 2 }, () => {
  for (const { relative, examples } of pages) {
    test(relative, async () => {
      const errors = await runPage(projectRoot, examples);
      assert.deepEqual(errors.map(({ sourceFile, line, message }) => `${sourceFile}:${line}: ${message}`), []);
    });
  }
});
