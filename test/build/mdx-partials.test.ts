/**
 * Links and images written inside an MDX partial resolve from the partial's own file, as in
 * Docusaurus, whichever page imports it; a broken one is reported at the partial's line.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { compileMarkdown } from '../../build/markdown/compile.ts';
import { markdownOptions } from '../helpers/markdown.ts';
import { tempTree } from '../helpers/tmp.ts';

/** A one-pixel PNG, so the copied image is a real file. */
const DOT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const SITE = {
  'docs/intro.md': '# Intro\n\nWelcome.\n',
  'docs/api/store.md': '# Store\n\n## State\n\nThe store.\n',
  // Two importers at different depths: a path resolved from the page would differ between them.
  'docs/guides/page.mdx': "import Note from '../_partials/_note.mdx';\n\n# Page\n\n<Note />\n",
  'docs/overview.mdx': "import Note from './_partials/_note.mdx';\n\n# Overview\n\n<Note />\n",
  'docs/_partials/_note.mdx': "---\ndescription: not read\n---\n\nimport Inner from './deep/_inner.mdx';\n\nSee [Store](../api/store.md) and [Intro](intro.md).\n\n![Dot](./img/dot.png)\n\n<Inner />\n",
  // A partial's partial: its links resolve from its own folder.
  'docs/_partials/deep/_inner.mdx': 'Also [the store](../../api/store.md#state).\n',
  'docs/_partials/img/dot.png': DOT,
  'sidebars.js': "module.exports = { docs: ['intro', 'api/store', 'guides/page', 'overview'] };\n",
};

async function build(files: Record<string, string | Buffer>) {
  const root = tempTree(files);
  return { ...(await runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search'], root)), root };
}

/** The page's body: what the author wrote, without the theme around it. */
function body(root: string, route: string): string {
  return /<div class="markdown">([\s\S]*?)<\/div><div class="doc-footer">/.exec(readFileSync(path.join(root, 'out', route, 'index.html'), 'utf8'))![1];
}

test('links and images in a partial resolve from the partial\'s folder (then the docs root), on every page that imports it', async () => {
  const run = await build(SITE);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '', 'no warnings');
  for (const route of ['guides/page', 'overview']) {
    const html = body(run.root, route);
    assert.match(html, /<p>See <a href="\/api\/store">Store<\/a> and <a href="\/intro">Intro<\/a>\.<\/p>/, route);
    assert.match(html, /<p>Also <a href="\/api\/store#state">the store<\/a>\.<\/p>/, `${route}: nested partial`);
    const src = /<img src="([^"]+)" alt="Dot"/.exec(html)?.[1];
    assert.match(src ?? '', /^\/assets\/media\/dot-[0-9a-f]{10}\.png$/, route);
    assert.deepEqual(readFileSync(path.join(run.root, 'out', src!)), DOT, `${route}: the partial's image is copied`);
  }
  assert.ok(!existsSync(path.join(run.root, 'out/_partials')), 'no page for the partial');
});

test('the partial and its image are dependencies of the page, so watch mode recompiles it when either changes', async () => {
  const root = tempTree(SITE);
  const docsDir = path.join(root, 'docs');
  const compiled = await compileMarkdown(
    { sourcePath: 'guides/page.mdx', displayPath: 'docs/guides/page.mdx', body: SITE['docs/guides/page.mdx'], lineOffset: 0 },
    markdownOptions({ format: 'mdx', docsDir, siteDir: root, permalinkBySourcePath: new Map([['intro.md', '/intro'], ['api/store.md', '/api/store']]) }),
  );
  assert.deepEqual(compiled.dependencies, ['_partials/_note.mdx', '_partials/deep/_inner.mdx', '_partials/img/dot.png'].map((file) => path.join(docsDir, file)));
  assert.deepEqual(compiled.assets.map(({ source }) => source), [path.join(docsDir, '_partials/img/dot.png')]);
});

test('a missing image in a partial is an error at the partial\'s file and line, naming the page that includes it', async () => {
  const run = await build({
    ...SITE,
    'docs/_partials/_note.mdx': '---\ndescription: not read\n---\n\nSee [Store](../api/store.md).\n\n![Gone](./img/gone.png)\n',
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 2 problems found:',
    'docs/_partials/_note.mdx:7:1: image "./img/gone.png" not found next to the partial (in a partial included by docs/guides/page.mdx:5)',
    '  → Put the file at docs/_partials/img/gone.png, or fix the path (it is relative to this file).',
    'docs/_partials/_note.mdx:7:1: image "./img/gone.png" not found next to the partial (in a partial included by docs/overview.mdx:5)',
    '  → Put the file at docs/_partials/img/gone.png, or fix the path (it is relative to this file).',
  ].join('\n'));
});

test('a link to a missing Markdown file in a partial is reported at the partial\'s line for each page that includes it (a docs-only build warns, as Docusaurus does)', async () => {
  const run = await build({
    ...SITE,
    'docs/_partials/_note.mdx': '---\ndescription: not read\n---\n\nSee [Store](./api/store.md).\n',
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stderr.trim().split('\n').filter((line) => line.includes('missing Markdown file')), [
    'warning: docs/_partials/_note.mdx:5:5: link to a missing Markdown file "./api/store.md" (in a partial included by docs/guides/page.mdx:5)',
    'warning: docs/_partials/_note.mdx:5:5: link to a missing Markdown file "./api/store.md" (in a partial included by docs/overview.mdx:5)',
  ]);
});

test('a dead link in a partial found by the link checker names the partial\'s file and line', async () => {
  const run = await build({
    ...SITE,
    'sidebars.js': "module.exports = { docs: ['intro', 'api/store', 'guides/page'] };\n",
    'docs/overview.mdx': '# Overview\n',
    'docs/_partials/_note.mdx': '---\ndescription: not read\n---\n\nIntro.\n\nSee [nowhere](/nowhere).\n',
  });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim().split('\n')[0], 'error: docs/_partials/_note.mdx:7: dead link /nowhere (in a partial included by docs/guides/page.mdx:5)');
});
