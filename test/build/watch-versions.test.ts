/**
 * Watch mode on a versioned Docusaurus site (test/fixtures/docusaurus-versions): editing a released
 * version's doc rebuilds that version's page only, and versions.json is watched.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { projectRoot } from '../helpers/site.ts';

const root = mkdtempSync(path.join(tmpdir(), 'watch-versions-'));
cpSync(path.join(projectRoot, 'test/fixtures/docusaurus-versions'), root, { recursive: true });
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

test('editing a released version\'s doc rebuilds that version\'s page alone; versions.json is watched', async () => {
  server = await startDevServer({ projectRoot: root, configFile: 'docusaurus.config.js', port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  assert.match(lines.join('\n'), /^built 8 pages in /m);
  assert.match(await edit('versioned_docs/version-1.0/intro.md', (text) => text.replace('lit by hand', 'lit with a match')), /^rebuilt \/docs\/1\.0\/intro \(versioned_docs\/version-1\.0\/intro\.md\) in /);
  assert.match(await page('/docs/1.0/intro'), /The lamp is lit with a match \(1\.0\)/);
  assert.match(await page('/docs/intro'), /The lamp turns on at dusk \(2\.0\)/);
  // versions.json is watched: dropping 1.0, which the config still has options for, is the build's error, and the last good pages stay.
  assert.match(await edit('versions.json', () => '["2.0"]\n'), /^rebuild failed \(versions\.json\) after /);
  assert.match(lines.filter((line) => line.startsWith('E ')).join('\n'), /docusaurus\.config\.js: docs\.versions has options for "1\.0", which is not a version/);
  assert.match(await page('/docs/1.0/intro'), /The lamp is lit with a match \(1\.0\)/);
});
