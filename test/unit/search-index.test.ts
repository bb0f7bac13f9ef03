import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { SEARCH_INDEX_OPTIONS } from '../../build/search/pagefind.ts';
import { SEARCH_DIR } from '../../src/shared/search.ts';
import { builtSite, readRoute } from '../helpers/site.ts';

let outDir: string;
before(async () => {
  ({ outDir } = await builtSite());
});

test('the index is English, at {baseUrl}pagefind/, with clean result URLs', () => {
  assert.deepEqual(SEARCH_INDEX_OPTIONS, { forceLanguage: 'en', keepIndexUrl: false, verbose: false });
  assert.equal(SEARCH_DIR, 'pagefind');
  assert.ok(existsSync(path.join(outDir, 'pagefind/pagefind.js')));
});

test('only the documentation body is marked for indexing, without anchors and code blocks', () => {
  const html = readRoute(outDir, '/api/createstore');
  assert.equal(html.match(/data-pagefind-body/g)?.length, 1);
  const body = html.slice(html.indexOf('data-pagefind-body'));
  assert.ok(body.indexOf('data-pagefind-body') < body.indexOf('<h1>'), 'the title is inside the indexed body');
  assert.ok(!body.slice(0, body.indexOf('<nav aria-label="Docs pages"')).includes('aria-label="Docs sidebar"'), 'the sidebar is outside it');
  const ignored = [...html.matchAll(/<(a|div) class="(hash-link|code-block)(?: [^"]*)?"[^>]*>/g)];
  assert.ok(ignored.some((marker) => marker[2] === 'code-block') && ignored.some((marker) => marker[2] === 'hash-link'), 'the page has code blocks and heading anchors');
  for (const marker of ignored) assert.match(marker[0], /data-pagefind-ignore/);
});
