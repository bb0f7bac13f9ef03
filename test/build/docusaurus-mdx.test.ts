/**
 * MDX as real Docusaurus sites write it (issue #36, item 2), kept as a trimmed fixture
 * (test/fixtures/docusaurus-mdx): JSX as a prop value and inside expressions, `.map` with arrow
 * functions, functions of the page as components, Docusaurus's client API in expressions and in the
 * site's own components, `@site/` images and links, relative links resolved against the page.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { tempTree } from '../helpers/tmp.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-mdx');
let outDir: string;
let intro: string;

before(async () => {
  outDir = path.join(mkdtempSync(path.join(tmpdir(), 'docusaurus-mdx-')), 'out');
  const run = await runCli(['build', '--docs', `${fixture}/docs`, '--static', `${fixture}/static`, '--out', outDir, '--no-search', '--allow-component-code']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim(), `warning: ${path.relative(projectRoot, path.join(fixture, 'docs/intro.mdx'))}:25:1: "background-image" in the style of <img> was removed: only layout and text properties, without URLs, are kept`);
  intro = /<div class="markdown">([\s\S]*?)<\/div><\/div><div class="doc-footer">/.exec(readFileSync(path.join(outDir, 'intro/index.html'), 'utf8'))![1];
});

test('a JSX element as a prop value renders inside the component, and the site title comes from useDocusaurusContext', () => {
  assert.match(intro, /<p>A <span class="term"><b>store<\/b><\/span> holds the state of docusaurus-mdx\.<\/p>/);
});

test('.map with an arrow function, JSX inside expressions and template literals render as Docusaurus renders them', () => {
  assert.match(intro, /<ol><li>1\. INSTALL<\/li><li>2\. CONFIGURE<\/li><li>3\. SHIP<\/li><\/ol>/);
  assert.match(intro, /<div class="admonition admonition-tip"><p class="admonition-heading"><em>3 steps<\/em><\/p><div class="admonition-content">Short list\.<\/div><\/div>/);
});

test('a function of the page used as a component expands with its children', () => {
  assert.match(intro, /<p><mark class="highlight-green">Docusaurus <strong>green<\/strong><\/mark> in a sentence\.<\/p>/);
});

test('useBaseUrl in an expression, @site/ images and links, and a relative link resolved against the page', () => {
  assert.match(intro, /<img src="\/img\/logo\.svg" alt="Logo" style="max-height: 200px" align="right" loading="lazy">/);
  const diagram = /<img src="(\/assets\/media\/diagram-[0-9a-f]{10}\.svg)" alt="Diagram"/.exec(intro)?.[1];
  const plan = /<a href="(\/assets\/media\/plan-[0-9a-f]{10}\.txt)">the plan<\/a>/.exec(intro)?.[1];
  assert.ok(diagram && plan, intro);
  assert.equal(readFileSync(path.join(outDir, plan), 'utf8'), 'the plan\n');
  assert.match(intro, /See the <a href="\/guide\/setup#pick">setup step<\/a>, <a href="\/guide\/setup">the setup page<\/a>\./);
});

test('a site component gets the theme\'s real CodeBlock, Heading, BrowserOnly fallback, ExecutionEnvironment and Translate', () => {
  assert.match(intro, /<section class="install"><h2 id="install" class="anchor">Install<a class="hash-link" href="#install" aria-label="Direct link to Install" title="Direct link to this heading" data-pagefind-ignore="">#<\/a><\/h2>/);
  assert.match(intro, /<div class="code-block language-bash" data-pagefind-ignore=""><div class="code-block-title">terminal<\/div><div class="code-block-body"><pre tabindex="0"><code><span class="line"><span class="token function">npm<\/span> <span class="token function">install<\/span> @reduxjs\/toolkit<\/span><\/code><\/pre><button type="button" class="copy-button"/);
  assert.match(intro, /<span class="loading">Loading…<\/span><i>at build time<\/i><a href="\/guide\/setup">Read the 3 steps<\/a><\/section>/);
});

test('inline style keeps layout and text properties only, and the CSP allows exactly the styles the pages keep, by hash', () => {
  assert.match(intro, /<p style="text-align: center">Centered\.<\/p>/);
  const styleSrc = /style-src ([^;]+);/.exec(readFileSync(path.join(outDir, '_headers'), 'utf8'))![1];
  const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  assert.equal(styleSrc, ["'self'", "'unsafe-hashes'", ...['max-height: 200px', 'text-align: center'].map(hash)].join(' '));
});

test('a refused import is one error, however often the page uses what it imports', async () => {
  const root = tempTree({ 'docs/page.mdx': "import Fancy from '@theme/Fancy';\n\n<Fancy />\n\n<Fancy>two</Fancy>\n\n{<Fancy />}\n\n<p><Fancy /></p>\n" });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  assert.match(run.stderr.trim(), /^error: docs\/page\.mdx:1:1: cannot import "@theme\/Fancy": this generator has no such theme component\n {2}→ Use one of [^\n]+\.$/);
});

test('an embed fills its 16:9 box as the page positions it; a fixed or sticky position is dropped with a warning', async () => {
  const root = tempTree({
    'docs/video.mdx': [
      '# Video',
      '',
      '<div style={{position: "relative", paddingTop: "56.25%"}}>',
      '  <iframe src="https://app.egghead.io/lessons/x/embed" title="Lesson" style={{position: "absolute", top: 0, left: 0, width: "100%", height: "100%"}} />',
      '</div>',
      '',
      '<p style={{position: "fixed", inset: 0}}>Over everything.</p>',
      '',
    ].join('\n'),
  });
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr.trim().split('\n').filter((line) => line.startsWith('warning:')).join('\n'), 'warning: docs/video.mdx:7:1: "position" in the style of <p> was removed: only layout and text properties, without URLs, are kept');
  const page = readFileSync(path.join(root, 'out/video/index.html'), 'utf8');
  assert.match(page, /<div style="position: relative; padding-top: 56\.25%"><iframe src="https:\/\/app\.egghead\.io\/lessons\/x\/embed" title="Lesson" style="position: absolute; top: 0; left: 0; width: 100%; height: 100%"/);
  assert.match(page, /<p style="inset: 0">Over everything\.<\/p>/);
});
