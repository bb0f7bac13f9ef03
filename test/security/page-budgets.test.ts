/**
 * A page cannot stall the build or flood the output (issue #34, item 6): its compile, render and
 * write share one time budget, and the files it writes are capped; past either, one line names it.
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { buildSiteFolder, siteConfig } from '../helpers/site-folder.ts';

const BUDGET_FIX = '  → Look for a very long line, deeply repeated syntax or a slow component in it, or raise maxPageSeconds in site.config.ts.';

test('a page whose expressions make more than 10 MB of page is one error naming it, and nothing is published', async () => {
  // Six results under the 1 MB an expression may give, 5.4 MB of text: its HTML and body chunk are twice that.
  const page = `# Big\n\n${Array.from({ length: 6 }, () => "{'x'.repeat(900000)}").join('\n\n')}\n`;
  const run = await buildSiteFolder({ 'docs/big.mdx': page, 'site.config.ts': siteConfig({ markdown: { format: 'detect', languageTabs: false } }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/big.mdx: the page would write 10.3 MB, over the limit of 10.0 MB\n  → Look for an expression or component that repeats content, split the page, or raise maxPageOutputBytes in site.config.ts.');
  assert.ok(!existsSync(path.join(run.root, 'out')));
});

test('maxPageOutputBytes in the config sets the cap', async () => {
  const run = await buildSiteFolder({ 'docs/guide.md': `# Guide\n\n${'A line of prose.\n'.repeat(2000)}`, 'site.config.ts': siteConfig({ maxPageOutputBytes: 32 * 1024 }) });
  assert.equal(run.code, 1);
  assert.match(run.stderr.trim(), /^error: docs\/guide\.md: the page would write \d+ KB, over the limit of 32 KB\n/);
});

test('rendering and writing a page count against its budget too: a page compiled long ago still ends the build when its render is over', async () => {
  const big = `# Big\n\n${'Some *emphasis*, `code` and a [link](https://example.com) in a paragraph.\n\n'.repeat(12_000)}`;
  const first = await buildSiteFolder({ 'docs/guide.md': big }, 'out');
  assert.equal(first.code, 0, first.stderr);
  // The compiled page comes from the build cache; a new site title renders it again, under a budget no render meets.
  writeFileSync(path.join(first.root, 'site.config.ts'), siteConfig({ title: 'Renamed', maxPageSeconds: 0.001 }));
  const run = await runCli(['build', '--config', 'site.config.ts', '--out', 'out', '--no-search'], first.root);
  assert.notEqual(run.code, 0);
  const [error, fix] = run.stderr.trim().split('\n').slice(-2);
  assert.match(error, /^error: docs\/(guide|intro)\.md: the page took longer than 0\.001 s to build$/);
  assert.equal(fix, BUDGET_FIX);
});
