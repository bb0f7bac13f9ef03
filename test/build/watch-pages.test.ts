/** Watch mode builds a Docusaurus site's src/pages and rebuilds a page when it, or a file its React code imports, changes. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { watchedFixture } from '../helpers/watched-fixture.ts';

const { root, lines, start, edit, page } = watchedFixture('docusaurus-pages');

test('watch mode serves the React home page and the Markdown pages, and rebuilds the page whose page file, component or CSS module changed', async () => {
  await start({ configFile: 'docusaurus.config.js', allowComponentCode: true });
  // Watch mode builds drafts, as it does docs.
  assert.match(lines.join('\n'), /^built 7 pages in /m);
  assert.match(await page('/wip'), /<p>Not ready yet\.<\/p>/);
  assert.match(await page('/'), /<title>Launch with Acme Rockets \| Acme Rockets<\/title>[\s\S]*<h3>Built to Fly Again<\/h3>/);
  assert.match(await page('/about'), /<h1>About Acme<\/h1>/);

  assert.match(await edit('src/components/HomepageFeatures/index.js', (text) => text.replace("'Built to Fly Again'", "'Flies Again and Again'")), /^rebuilt \/ \(src\/components\/HomepageFeatures\/index\.js\) in /);
  assert.match(await page('/'), /<h3>Flies Again and Again<\/h3>/);

  assert.match(await edit('src/pages/index.module.css', (text) => text.replace('padding: 4rem 0;', 'padding: 5rem 0;')), /^rebuilt \/ \(src\/pages\/index\.module\.css\) in /);
  const stylesheet = /<link rel="stylesheet" href="([^"]+\.css)" data-precedence="page"\/>/.exec(await page('/'))![1];
  assert.match(await page(stylesheet), /\.index_65d6f5_heroBanner\{padding:5rem 0;/);

  assert.match(await edit('src/pages/about.md', (text) => text.replace('Founded in 1962.', 'Founded in 1963.')), /^rebuilt \/about \(src\/pages\/about\.md\) in /);
  assert.match(await page('/about'), /<p>Founded in 1963\.<\/p>/);
  assert.deepEqual(lines.filter((line) => line.startsWith('E ')), [`E warning: ${path.relative(process.cwd(), path.join(root, 'src/pages/wip.md'))}:4: front matter "owner" is not a field this generator reads; it is ignored\n  → Remove it, or correct its spelling (docs/authoring.md lists the fields).`]);
});
