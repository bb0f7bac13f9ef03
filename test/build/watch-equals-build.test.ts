/**
 * Watch mode and the build make the same pages (issue #35): on one site folder, every page's HTML from
 * watch mode equals the build's but for asset URLs (watch mode's bundles are unminified, under
 * assets/dev/), before and after an edit of a page and of the sidebars file.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildSite } from '../../build/build.ts';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { projectRoot } from '../helpers/site.ts';

const root = mkdtempSync(path.join(tmpdir(), 'watch-equals-build-'));
cpSync(path.join(projectRoot, 'test/fixtures/docusaurus-look'), root, { recursive: true });
const site = { projectRoot: root, configFile: 'docusaurus.config.js', drafts: true };
const devSite = path.join(root, 'dev/site');
let server: DevServer | undefined;
after(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every HTML file below `dir`, by path, with asset URLs (content-hashed, and watch mode's own folder) blanked. */
function pages(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true }).map(String).filter((file) => file.endsWith('.html')).sort();
  return new Map(files.map((file) => [file, readFileSync(path.join(dir, file), 'utf8').replace(/\/assets\/[^"')\s]+/g, '/assets/…')]));
}

async function build(): Promise<Map<string, string>> {
  const outDir = path.join(root, 'out');
  await buildSite({ ...site, outDir, search: false, log: () => {} });
  return pages(outDir);
}

/** Rewrites a file of the site and waits until watch mode has rebuilt. */
async function edit(file: string, change: (text: string) => string, lines: string[]): Promise<void> {
  const before = lines.length;
  writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), 'utf8')));
  const deadline = Date.now() + 20_000;
  while (!lines.slice(before).some((line) => /^rebuilt /.test(line))) {
    if (Date.now() > deadline) throw new Error(`no rebuild after editing ${file}:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server!.idle();
}

test('every page watch mode writes is the page the build writes, before and after editing a page and the sidebars', async () => {
  const lines: string[] = [];
  server = await startDevServer({ ...site, port: 0, host: '127.0.0.1', devDir: path.join(root, 'dev'), log: (line) => lines.push(line), logError: () => {} });
  await server.idle();
  const first = await build();
  assert.ok(first.size >= 5, `pages built: ${[...first.keys()].join(', ')}`);
  assert.deepEqual(pages(devSite), first);

  await edit('docs/guides/install.md', (text) => `${text}\n## Upgrading\n\nRun the installer again; it keeps your watchers.\n`, lines);
  await edit('sidebars.js', (text) => text.replace("'guides/install', 'guides/deploy'", "'guides/deploy', 'guides/install'"), lines);
  const second = await build();
  assert.notDeepEqual(second, first, 'the edits change pages');
  assert.match(second.get('guides/install/index.html')!, /<h2 id="upgrading"[^>]*>Upgrading<a class="hash-link"/);
  assert.deepEqual(pages(devSite), second);
});
