/**
 * One folder per Markdown feature under test/fixtures/markdown: input.md and the expected
 * output.html. Run with UPDATE_FIXTURES=1 to regenerate the expected files, then review the diff.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { compile, toHtml } from '../helpers/markdown.ts';

const fixturesDir = path.join(import.meta.dirname, '../fixtures/markdown');

for (const feature of readdirSync(fixturesDir)) {
  test(`Markdown feature "${feature}" renders as its fixture says`, async () => {
    const input = readFileSync(path.join(fixturesDir, feature, 'input.md'), 'utf8');
    const compiled = await compile(input);
    const actual = `${toHtml(compiled).replace(/></g, '>\n<')}\n`;
    const expectedFile = path.join(fixturesDir, feature, 'output.html');
    if (process.env.UPDATE_FIXTURES) writeFileSync(expectedFile, actual);
    assert.ok(existsSync(expectedFile), `${feature}/output.html is missing: run with UPDATE_FIXTURES=1 to write it, then review it`);
    assert.equal(actual, readFileSync(expectedFile, 'utf8'));
  });
}
