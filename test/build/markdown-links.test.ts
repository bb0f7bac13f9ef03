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

test('links as Docusaurus resolves them: a relative URL against the page, @site/ files and files next to the page copied, a missing @site/ file an error', async () => {
  const root = tempTree({
    'docs/guide/api.md': [
      '# API', '',
      'See [the install step](./installation#pick), [the manual](@site/static/manual.pdf), [the data](./data.csv) and [the notes](@site/notes/plan.txt).', '',
      '![Logo](@site/static/img/logo.png)', '',
    ].join('\n'),
    'docs/guide/installation.md': '# Installation\n\n## Pick\n\nChoose.\n',
    'docs/guide/data.csv': 'a,b\n1,2\n',
    'notes/plan.txt': 'the plan\n',
    'static/manual.pdf': '%PDF-1.4\n',
    'static/img/logo.png': 'png',
  });
  const run = await runCli(['build', '--docs', 'docs', '--static', 'static', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 0, run.stderr);
  const body = /<div class="markdown">([\s\S]*?)<\/div><div class="doc-footer">/.exec(readFileSync(path.join(root, 'out/guide/api/index.html'), 'utf8'))![1];
  assert.match(body, /<a href="\/guide\/installation#pick">the install step<\/a>/);
  assert.match(body, /<a href="\/manual\.pdf">the manual<\/a>/);
  const data = /<a href="(\/assets\/media\/data-[0-9a-f]{10}\.csv)">the data<\/a>/.exec(body)?.[1];
  const plan = /<a href="(\/assets\/media\/plan-[0-9a-f]{10}\.txt)">the notes<\/a>/.exec(body)?.[1];
  const logo = /<img src="(\/assets\/media\/logo-[0-9a-f]{10}\.png)" alt="Logo"/.exec(body)?.[1];
  assert.ok(data && plan && logo, body);
  assert.equal(readFileSync(path.join(root, 'out', data), 'utf8'), 'a,b\n1,2\n');
  assert.equal(readFileSync(path.join(root, 'out', plan), 'utf8'), 'the plan\n');

  const missing = tempTree({ 'docs/intro.md': '# Intro\n\nThe [manual](@site/static/gone.pdf).\n' });
  const failed = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], missing);
  assert.equal(failed.code, 1);
  assert.equal(failed.stderr.trim(), 'error: docs/intro.md:3:5: link to a missing file "@site/static/gone.pdf"\n  → Fix the path (from the site folder), or create the file.');
});
