/**
 * Watch mode on a versioned Docusaurus site (test/fixtures/docusaurus-versions): editing a released
 * version's doc rebuilds that version's page only, and versions.json is watched.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchedFixture } from '../helpers/watched-fixture.ts';

const { lines, start, edit, page } = watchedFixture('docusaurus-versions');

test('editing a released version\'s doc rebuilds that version\'s page alone; versions.json is watched', async () => {
  await start({ configFile: 'docusaurus.config.js' });
  assert.match(lines.join('\n'), /^built 8 pages in /m);
  assert.match(await edit('versioned_docs/version-1.0/intro.md', (text) => text.replace('lit by hand', 'lit with a match')), /^rebuilt \/docs\/1\.0\/intro \(versioned_docs\/version-1\.0\/intro\.md\) in /);
  assert.match(await page('/docs/1.0/intro'), /The lamp is lit with a match \(1\.0\)/);
  assert.match(await page('/docs/intro'), /The lamp turns on at dusk \(2\.0\)/);
  // versions.json is watched: dropping 1.0, which the config still has options for, is the build's error, and the last good pages stay.
  assert.match(await edit('versions.json', () => '["2.0"]\n'), /^rebuild failed \(versions\.json\) after /);
  assert.match(lines.filter((line) => line.startsWith('E ')).join('\n'), /docusaurus\.config\.js: docs\.versions has options for "1\.0", which is not a version/);
  assert.match(await page('/docs/1.0/intro'), /The lamp is lit with a match \(1\.0\)/);
});
