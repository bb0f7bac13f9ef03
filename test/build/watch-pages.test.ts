/** Watch mode builds a Docusaurus site's src/pages and rebuilds a page when it, or a file its React code imports, changes. */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { projectRoot } from '../helpers/site.ts';

const root = mkdtempSync(path.join(tmpdir(), 'watch-pages-'));
cpSync(path.join(projectRoot, 'test/fixtures/docusaurus-pages'), root, { recursive: true });
let server: DevServer | undefined;
after(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const lines: string[] = [];

/** Rewrites a file of the site, then waits for the rebuild it causes: the log line of that rebuild. */
async function edit(file: string, change: (text: string) => string): Promise<string> {
  const before = lines.length;
  writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), 'utf8')));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const line = lines.slice(before).find((logged) => /^(rebuilt|removed|rebuild failed)/.test(logged));
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no rebuild after editing ${file}:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const page = async (route: string) => (await fetch(new URL(route, server!.url))).text();

test('watch mode serves the React home page and the Markdown pages, and rebuilds the page whose page file, component or CSS module changed', async () => {
  server = await startDevServer({ projectRoot: root, configFile: 'docusaurus.config.js', allowComponentCode: true, port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
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
