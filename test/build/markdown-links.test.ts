/**
 * onBrokenMarkdownLinks: a link to a missing `.md` file fails the build, is a warning, or is let through;
 * either way it is reported once (the link checker leaves it to this setting).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { buildSiteFolder, DOCS, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const INTRO = { 'docs/intro.md': '---\ntitle: Intro\n---\n\nWelcome. See [the old guide](./old-guide.md#setup).\n' };
const PROBLEM = 'docs/intro.md:5:14: link to a missing Markdown file "./old-guide.md"\n  → Fix the path (relative to this file or to the docs folder), or create the page.';
const paragraph = (root: string) => /<div class="markdown"><p>.*?<\/p>/.exec(readFileSync(path.join(root, 'out/intro/index.html'), 'utf8'))?.[0];

test('a config of ours without onBrokenMarkdownLinks fails the build, naming the file and line', async () => {
  const run = await buildSiteFolder(INTRO);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), `error: ${PROBLEM}`);
});

test('onBrokenMarkdownLinks "throw" fails the build, naming the file and line', async () => {
  const run = await buildSiteFolder({ ...INTRO, 'site.config.ts': siteConfig({ onBrokenMarkdownLinks: 'throw' }) });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), `error: ${PROBLEM}`);
});

test('onBrokenMarkdownLinks "warn": the build succeeds with one warning (not a dead link too), the link as written; check-links agrees', async () => {
  const run = await buildSiteFolder({ ...INTRO, 'site.config.ts': siteConfig({ onBrokenMarkdownLinks: 'warn' }) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), `warning: ${PROBLEM}`);
  assert.equal(paragraph(run.root), '<div class="markdown"><p>Welcome. See <a href="./old-guide.md#setup">the old guide</a>.</p>');
  const check = await runCli(['check-links', '--dir', 'out'], run.root);
  assert.equal(check.code, 0, check.stdout);
  assert.match(check.stdout, /: 0 broken,/);
});

test('onBrokenMarkdownLinks "ignore": nothing is reported, the link as written', async () => {
  const run = await buildSiteFolder({ ...INTRO, 'site.config.ts': siteConfig({ onBrokenMarkdownLinks: 'ignore' }) });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.equal(paragraph(run.root), '<div class="markdown"><p>Welcome. See <a href="./old-guide.md#setup">the old guide</a>.</p>');
});

test('a docs-only build warns, as Docusaurus\'s default has it', async () => {
  const root = tempTree({ ...DOCS, ...INTRO });
  const run = await runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), `warning: ${PROBLEM}`);
});
