import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ContentError, formatProblem } from '../../build/errors.ts';
import { compile, toHtml } from '../helpers/markdown.ts';
import { tempTree } from '../helpers/tmp.ts';
import { TableOfContents } from '../../src/theme/TableOfContents.tsx';

const permalinks = { 'page.md': '/page', 'api/store.md': '/api/store', 'usage/index.md': '/usage/' };

test('links to Markdown files become routes, keeping the anchor', async () => {
  const html = toHtml(await compile('[store](./api/store.md#getstate) [guides](usage/index.md) [self](#top) [ext](https://redux.js.org/x.md)', permalinks));
  assert.match(html, /<a href="\/api\/store#getstate">store<\/a>/);
  assert.match(html, /<a href="\/usage\/">guides<\/a>/);
  assert.match(html, /<a href="#top">self<\/a>/);
  assert.match(html, /<a href="https:\/\/redux\.js\.org\/x\.md">ext<\/a>/);
});

test('a link to a missing Markdown file fails with the file and line', async () => {
  await assert.rejects(compile('Intro.\n\nSee [this](./missing.md).', permalinks), (error: unknown) => {
    assert.ok(error instanceof ContentError);
    assert.equal(error.format(), 'content/docs/page.md:3:5: link to a missing Markdown file "./missing.md"\n  → Fix the path (relative to this file or to the docs folder), or create the page.');
    return true;
  });
});

test('onBrokenMarkdownLinks "warn": the same message and fix as a warning, the link left as written and marked for the link checker', async () => {
  const compiled = await compile('Intro.\n\nSee [this](./missing.md#part) and [store](./api/store.md).', permalinks, [], { onBrokenMarkdownLinks: 'warn' });
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:3:5: link to a missing Markdown file "./missing.md"\n  → Fix the path (relative to this file or to the docs folder), or create the page.',
  ]);
  assert.match(toHtml(compiled), /<a href="\.\/missing\.md#part">this<\/a> and <a href="\/api\/store">store<\/a>/);
  assert.deepEqual(compiled.links, [{ url: './missing.md#part', line: 3, missingMarkdown: true }, { url: '/api/store', line: 3 }]);
});

test('onBrokenMarkdownLinks "ignore": no warning, the link left as written', async () => {
  const compiled = await compile('See [this](./missing.md).', permalinks, [], { onBrokenMarkdownLinks: 'ignore' });
  assert.deepEqual(compiled.warnings, []);
  assert.match(toHtml(compiled), /<a href="\.\/missing\.md">this<\/a>/);
  assert.deepEqual(compiled.links, [{ url: './missing.md', line: 1, missingMarkdown: true }]);
});

test('an image from the static folder resolves; a missing one fails', async () => {
  const staticDir = tempTree({ 'img/logo.svg': '<svg/>' });
  assert.match(toHtml(await compile('![Logo](/img/logo.svg)', {}, [staticDir])), /<img src="\/img\/logo\.svg" alt="Logo" loading="lazy">/);
  await assert.rejects(compile('![Logo](/img/nope.png)', {}, [staticDir]), (error: unknown) => {
    assert.ok(error instanceof ContentError);
    assert.equal(error.format(), 'content/docs/page.md:1:1: image "/img/nope.png" not found in the static folder\n  → Put the file in static/img/nope.png or fix the path.');
    return true;
  });
});

test('an unknown code language renders as plain text with a warning', async () => {
  const compiled = await compile('Text\n\n```brainfuck\n+++.\n```\n');
  assert.match(toHtml(compiled), /\+\+\+\./);
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:3:1: code block language "brainfuck" is not highlighted; shown as plain text (known: ts, typescript, tsx, js, javascript, jsx, json, jsonc, bash, sh, shell, zsh, console, diff, html, xml, css, yaml, yml, md, markdown, text)',
  ]);
});

test('the table of contents lists h2–h4 in order with their ids', async () => {
  const { toc } = await compile('## A\n### B\n#### C\n##### D\n## A\n');
  assert.deepEqual(toc, [
    { depth: 2, id: 'a', value: 'A' },
    { depth: 3, id: 'b', value: 'B' },
    { depth: 4, id: 'c', value: 'C' },
    { depth: 2, id: 'a-1', value: 'A' },
  ]);
});

test('a heading\'s inline code, emphasis, strong and struck words stay in its table-of-contents entry as data; a link gives its words', async () => {
  const { toc } = await compile('## Install `redux` **now**\n\n### ~~Old~~ *new* [`store` API](/api/store)\n\n## Plain\n');
  assert.deepEqual(toc, [
    { depth: 2, id: 'install-redux-now', value: 'Install redux now', formatted: ['Install ', { tag: 'code', children: ['redux'] }, ' ', { tag: 'strong', children: ['now'] }] },
    { depth: 3, id: 'old-new-store-api', value: 'Old new store API', formatted: [{ tag: 'del', children: ['Old'] }, ' ', { tag: 'em', children: ['new'] }, ' ', { tag: 'code', children: ['store'] }, ' API'] },
    { depth: 2, id: 'plain', value: 'Plain' },
  ]);
});

test('markup written as inline code in a heading is text in the table of contents, never markup', async () => {
  const { toc } = await compile('## The `<img src=x onerror=alert(1)>` tag\n');
  const html = renderToString(createElement(TableOfContents, { toc }));
  assert.match(html, /<a href="#the-img-srcx-onerroralert1-tag" class="toc-link">The <code>&lt;img src=x onerror=alert\(1\)&gt;<\/code> tag<\/a>/);
  assert.doesNotMatch(html, /<img/);
});

test('a pathname:// link is its path below the baseUrl, for the browser to load: in a new tab, or as an MDX <a> or <Link> target says', async () => {
  const site = { title: 'Harbor', tagline: '', url: 'https://harbor.example.com', baseUrl: '/harbor/', customFields: {} };
  const body = "import Link from '@docusaurus/Link';\n\nTry the [playground](pathname:///playground/) or the [cheatsheet][sheet].\n\n"
    + '<a href="pathname:///playground/" target="_self">Play here</a>, <Link to="pathname:///files/sheet.txt">the sheet</Link>, <Link href="pathname:///playground/" target="_self">here</Link>.\n\n'
    + '[sheet]: pathname:///files/sheet.txt\n';
  const compiled = await compile(body, {}, [], { format: 'mdx', baseUrl: '/harbor/', site });
  assert.equal(toHtml(compiled), '<p>Try the <a href="/harbor/playground/" target="_blank" rel="noopener noreferrer">playground</a> or the <a href="/harbor/files/sheet.txt" target="_blank" rel="noopener noreferrer">cheatsheet</a>.</p>\n'
    + '<p><a href="/harbor/playground/" target="_self">Play here</a>, <a href="/harbor/files/sheet.txt" target="_blank" rel="noopener noreferrer">the sheet</a>, <a href="/harbor/playground/" target="_self">here</a>.</p>');
  assert.deepEqual(compiled.warnings, []);
  assert.deepEqual(compiled.links.map((link) => `${link.url} ${link.line}`).sort(), ['/harbor/files/sheet.txt 7', '/harbor/playground/ 3', '/harbor/playground/ 5']);
});

test('a pathname:// link hiding a script URL is refused as the script URL is', async () => {
  const compiled = await compile('[x](pathname://javascript:alert(1))\n');
  assert.equal(toHtml(compiled), '<p><a target="_blank" rel="noopener noreferrer">x</a></p>');
  assert.deepEqual(compiled.warnings.map(formatProblem), ['content/docs/page.md:1:1: "href" of <a> was removed: "javascript:alert(1)" is not an allowed URL (http, https, mailto, tel or a relative path)']);
});

test('a link with a malformed percent escape is reported as broken, not a crash', async () => {
  const { checkLinks, indexPage } = await import('../../build/links/checker.ts');
  const page = indexPage('/page', '<body><a href="/a%zz">bad</a></body>', 'content/docs/page.md', [{ url: '/a%zz', line: 4 }]);
  const report = checkLinks([page], new Set(), '/');
  assert.deepEqual(report.broken.map((link) => [link.href, link.kind, link.source, link.line]), [['/a%zz', 'page', 'content/docs/page.md', 4]]);
});

test('an explicit heading id used twice on a page is kept, with a warning naming the line', async () => {
  const compiled = await compile('## First {#setup}\n\nText.\n\n## Second {#setup}\n');
  assert.deepEqual(compiled.toc.map((entry) => entry.id), ['setup', 'setup']);
  assert.deepEqual(compiled.warnings.map(formatProblem), ['content/docs/page.md:5:1: heading id "setup" is used twice on this page; links to it reach the first one']);
});

test('raw HTML outside the allowlist, an unsafe URL and an unknown admonition are warnings naming the place', async () => {
  const compiled = await compile('Text <iframe src="/x"></iframe>.\n\nSee [this](javascript:alert(document.cookie)).\n\n:::spoiler\nCareful.\n:::\n');
  assert.deepEqual(compiled.warnings.map(formatProblem), [
    'content/docs/page.md:5:1: unknown admonition type ":::spoiler"; rendered as a plain block',
    'content/docs/page.md:3:5: unsafe URL "javascript:alert(document.cookie)" removed',
    'content/docs/page.md:1:6: raw HTML <iframe> is not allowed and is shown as text',
    'content/docs/page.md:1:23: raw HTML <iframe> is not allowed and is shown as text',
  ]);
});
