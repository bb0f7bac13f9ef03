/**
 * Sharded builds: `--shard K/N` builds a stable share of the pages, each shard as its own process,
 * and `--merge` puts the shards together into the site a single build makes, checking the links
 * across shards and listing each shard's search index for the browser to merge.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const TOPICS = ['store', 'actions', 'reducers', 'selectors', 'middleware', 'thunks', 'slices', 'entities', 'queries', 'testing'];

/** Ten pages that link to each other (with anchors), in a category with a generated index, and a theme config. */
function siteFiles(extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {
    'site.config.ts': siteConfig(),
    'docs/intro.md': '# Intro\n\nStart with [the store](topics/store.md#creating-one).\n',
    'sidebars.js': `module.exports = { main: ['intro', { type: 'category', label: 'Topics', link: { type: 'generated-index' }, items: [${TOPICS.map((topic) => `'topics/${topic}'`).join(', ')}] }] };\n`,
  };
  TOPICS.forEach((topic, index) => {
    const next = TOPICS[(index + 1) % TOPICS.length];
    files[`docs/topics/${topic}.md`] = `# ${topic}\n\n## Creating one\n\nAbout ${topic}; next, [${next}](${next}.md#creating-one).\n`;
  });
  return { ...files, ...extra };
}

const build = (root: string, ...args: string[]) => runCli(['build', '--config', 'site.config.ts', '--no-cache', ...args], root);

/** Every file below a folder, path → contents, leaving out the search index. */
function pagesAndAssets(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true }).map(String).filter((file) => !file.startsWith('pagefind') && statSync(path.join(dir, file)).isFile());
  return new Map(files.sort().map((file) => [file, readFileSync(path.join(dir, file), 'latin1')]));
}

/** A shard's file as the build of a larger site would write it, with its manifest's hash to match (the merge checks each file). */
function rewriteShardFile(dir: string, file: string, contents: string): void {
  writeFileSync(path.join(dir, file), contents);
  const manifest = JSON.parse(readFileSync(path.join(dir, '__shard.json'), 'utf8'));
  manifest.files[file] = createHash('sha256').update(contents).digest('hex');
  writeFileSync(path.join(dir, '__shard.json'), JSON.stringify(manifest));
}

function pageRoutes(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((file) => file.endsWith('index.html')).sort();
}

test('three shards built as separate processes, merged, make the site a single build makes', async () => {
  const root = tempTree(siteFiles());
  const single = await build(root, '--out', 'single');
  assert.equal(single.code, 0, single.stderr);
  assert.match(single.stdout, /^Built 12 pages in /m);
  const shards = await Promise.all([1, 2, 3].map((index) => build(root, '--shard', `${index}/3`, '--out', `shard-${index}`)));
  for (const shard of shards) assert.equal(shard.code, 0, shard.stderr);
  assert.match(shards[1].stdout, /^Built \d+ pages in .* written to shard-2 \(shard 2\/3\)$/m);

  // Each page is built by exactly one shard, and every shard has some.
  const byShard = [1, 2, 3].map((index) => pageRoutes(path.join(root, `shard-${index}`)));
  for (const routes of byShard) assert.ok(routes.length > 0, 'a shard with no pages');
  // The site's `/` redirects to the first doc: a site file, which the merge writes.
  assert.deepEqual(byShard.flat().sort(), pageRoutes(path.join(root, 'single')).filter((file) => file !== 'index.html'));
  // Each shard writes the Markdown copies of its own docs (a generated index's comes from the merge), for the merge to link in with the pages.
  const copies = [1, 2, 3].map((index) => readdirSync(path.join(root, `shard-${index}`), { recursive: true }).map(String).filter((file) => file.endsWith('.md')).sort());
  assert.deepEqual(copies.flat().sort(), readdirSync(path.join(root, 'single'), { recursive: true }).map(String).filter((file) => file.endsWith('.md') && !file.startsWith('category/')).sort());
  assert.deepEqual(copies[1], byShard[1].filter((file) => !file.startsWith('category/')).map((file) => `${path.dirname(file)}.md`).sort());

  const shardsBefore = [1, 2, 3].map((index) => pagesAndAssets(path.join(root, `shard-${index}`)));
  const merged = await runCli(['build', '--config', 'site.config.ts', '--merge', 'shard-3', 'shard-1', 'shard-2', '--out', 'merged'], root);
  assert.equal(merged.code, 0, merged.stderr);
  assert.match(merged.stdout, /^Merged 3 shards: 12 pages in .*\), merged holds \d+ files$/m);
  assert.deepEqual(pagesAndAssets(path.join(root, 'merged')), pagesAndAssets(path.join(root, 'single')));

  // The merged pages are hard links to the shards' files, and what the merge writes itself (site files, the search list) leaves the shards as they were.
  const page = byShard[1][0];
  assert.equal(statSync(path.join(root, 'merged', page)).ino, statSync(path.join(root, 'shard-2', page)).ino);
  assert.deepEqual([1, 2, 3].map((index) => pagesAndAssets(path.join(root, `shard-${index}`))), shardsBefore);

  assert.equal(readFileSync(path.join(root, 'single/pagefind/shards.json'), 'utf8'), '[]');
  assert.equal(readFileSync(path.join(root, 'merged/pagefind/shards.json'), 'utf8'), '["shards/2/","shards/3/"]');
  for (const index of [2, 3]) {
    assert.deepEqual(readFileSync(path.join(root, `merged/pagefind/shards/${index}/pagefind-entry.json`)), readFileSync(path.join(root, `shard-${index}/pagefind/pagefind-entry.json`)));
  }
  assert.equal(existsSync(path.join(root, 'merged/__shard.json')), false);

  // A shard of a large site has its search index in parts (search/search-index.ts); the merge lists them under the shard's folder.
  rewriteShardFile(path.join(root, 'shard-1'), 'pagefind/shards.json', '["parts/1/"]');
  rewriteShardFile(path.join(root, 'shard-3'), 'pagefind/shards.json', '["parts/1/","parts/2/"]');
  const withParts = await runCli(['build', '--config', 'site.config.ts', '--merge', 'shard-1', 'shard-2', 'shard-3', '--out', 'merged-parts'], root);
  assert.equal(withParts.code, 0, withParts.stderr);
  assert.equal(readFileSync(path.join(root, 'merged-parts/pagefind/shards.json'), 'utf8'), '["parts/1/","shards/2/","shards/3/","shards/3/parts/1/","shards/3/parts/2/"]');
});

test('a link from one shard to a missing anchor on a page of another is reported by the merge, as a single build reports it', async () => {
  const root = tempTree(siteFiles({ 'docs/intro.md': '# Intro\n\nStart with [the store](topics/store.md#no-such-heading).\n' }));
  const single = await build(root, '--out', 'single', '--no-search');
  assert.equal(single.code, 1);
  for (const index of [1, 2]) assert.equal((await build(root, '--shard', `${index}/2`, '--out', `shard-${index}`, '--no-search')).code, 0, 'a shard does not check links');
  const merged = await runCli(['build', '--config', 'site.config.ts', '--merge', 'shard-1', 'shard-2', '--out', 'merged'], root);
  assert.equal(merged.code, 1);
  assert.match(single.stderr, /docs\/intro\.md:3: broken anchor \/topics\/store#no-such-heading/);
  assert.equal(merged.stderr, single.stderr);
  assert.equal(existsSync(path.join(root, 'merged')), false, 'nothing committed');
});

test('a doc\'s warning is printed by the shard that builds the doc, once', async () => {
  const root = tempTree(siteFiles({ 'docs/topics/store.md': '---\nflavour: vanilla\n---\n\n# store\n\n## Creating one\n\nAbout the store.\n' }));
  const single = await build(root, '--out', 'single', '--no-search');
  const warning = /^warning: docs\/topics\/store\.md.*flavour.*$/m.exec(single.stderr)?.[0];
  assert.ok(warning, single.stderr);
  const shards = await Promise.all([1, 2, 3].map((index) => build(root, '--shard', `${index}/3`, '--out', `shard-${index}`, '--no-search')));
  assert.deepEqual(shards.map((shard) => shard.stderr.includes(warning)).filter(Boolean), [true]);
  const merged = await runCli(['build', '--config', 'site.config.ts', '--merge', 'shard-1', 'shard-2', 'shard-3', '--out', 'merged'], root);
  assert.equal(merged.code, 0, merged.stderr);
  assert.equal(merged.stderr, '');
});

test('the merge names a missing, repeated or foreign shard, and --shard a bad value', async () => {
  const root = tempTree(siteFiles());
  for (const [shard, out] of [['1/3', 'a'], ['2/3', 'b'], ['1/2', 'c']]) assert.equal((await build(root, '--shard', shard, '--out', out, '--no-search')).code, 0);
  writeFileSync(path.join(root, 'docs/intro.md'), '# Intro\n\nEdited after shards 1 and 2 were built.\n');
  assert.equal((await build(root, '--shard', '3/3', '--out', 'd', '--no-search')).code, 0);
  const merge = (...dirs: string[]) => runCli(['build', '--config', 'site.config.ts', '--merge', ...dirs, '--out', 'merged'], root);
  const cases: [string[], string][] = [
    [['a', 'b', 'd'], 'error: --merge: d was built from other sources than a (the docs, the config or the generator differ)\n  → Pass the output folder of every shard, 1/3 to 3/3, once each.'],
    [['a', 'b'], 'error: --merge: shard 3/3 is missing\n  → Pass the output folder of every shard, 1/3 to 3/3, once each.'],
    [['a', 'a', 'b'], 'error: --merge: shard 1/3 is given twice\n  → Pass the output folder of every shard, 1/3 to 3/3, once each.'],
    [['a', 'b', 'c'], 'error: --merge: c is shard 1/2, not one of 3\n  → Pass the output folder of every shard, 1/3 to 3/3, once each.'],
    [['a', 'docs'], 'error: docs: is not the output of a shard build (it has no __shard.json)\n  → Pass the --out folders of `npm run build -- --shard K/N`, one for each K.'],
  ];
  for (const [dirs, stderr] of cases) {
    const run = await merge(...dirs);
    assert.deepEqual([run.code, run.stderr.trim()], [1, stderr], dirs.join(' '));
  }
  const bad = await build(root, '--shard', '4/3', '--out', 'x');
  assert.deepEqual([bad.code, bad.stderr.trim()], [1, 'error: --shard: --shard "4/3" is not a shard\n  → Pass the shard number and the shard count, as in --shard 3/8 (from 1/8 to 8/8).']);
  const both = await runCli(['build', '--shard', '1/2', '--merge', 'a'], root);
  assert.deepEqual([both.code, both.stderr.trim()], [1, 'error: --shard builds a shard and --merge merges them: run them as separate steps']);
});
