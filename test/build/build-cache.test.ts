/**
 * The build cache: a second build compiles only the pages whose inputs changed (their text, a
 * partial they include, a page they link to, the config, the generator), writes the same site as a
 * build without the cache, and survives corrupt entries, killed builds and builds running at once.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { buildSite } from '../../build/build.ts';
import type { BuildCacheOptions } from '../../build/cache/compile-cache.ts';
import { EntryStore } from '../../build/cache/entry-store.ts';
import { cliCommand, runCli } from '../helpers/cli.ts';
import { siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const SITE = {
  'site.config.ts': siteConfig(),
  'docs/intro.md': '---\ntitle: Intro\n---\n\nWelcome.\n',
  'docs/guide.md': '# Guide\n\nRead [the store](api/store.md) first.\n\n```ts check\nconst answer: number = 42\n```\n',
  'docs/api/store.md': '---\nsidebar_label: Store\n---\n\n# Store\n\nThe store.\n',
  // Resolved from the docs root, as Docusaurus does when the file's folder has no api/store.md.
  'docs/guides/other.md': '# Other\n\nSee [the store](api/store.md).\n',
  'docs/guides/page.mdx': "import Note from '../_partials/_note.mdx';\n\n# Page\n\n<Note />\n",
  'docs/_partials/_note.mdx': 'A note about [the store](../api/store.md).\n',
  'sidebars.js': "module.exports = { main: ['intro', 'guide', 'api/store', 'guides/other', 'guides/page'] };\n",
};

const ALL_PAGES = ['/api/store', '/guide', '/guides/other', '/guides/page', '/intro'];

function cacheOptions(root: string, overrides: Partial<BuildCacheOptions> = {}): BuildCacheOptions {
  return { dir: path.join(root, 'cache'), generatorKey: 'generator-1', maxBytes: 1024 * 1024 * 1024, ...overrides };
}

async function build(root: string, cache: BuildCacheOptions | undefined = cacheOptions(root), out = 'out', search: { pagesPerSearchPart: number } | undefined = undefined) {
  const lines: string[] = [];
  const result = await buildSite({ projectRoot: root, configFile: path.join(root, 'site.config.ts'), outDir: path.join(root, out), search: search !== undefined, ...search, cache, log: (line) => lines.push(line) });
  return { compiled: [...result.compiledPages].sort(), rendered: [...result.renderedPages].sort(), cacheLine: lines.find((line) => line.startsWith('Build cache')) };
}

/** Every file of a built site, path → contents. */
function siteFiles(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true }).map(String).filter((file) => statSync(path.join(dir, file)).isFile());
  return new Map(files.sort().map((file) => [file, readFileSync(path.join(dir, file), 'latin1')]));
}

function cacheEntries(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((file) => /^[0-9a-f]{64}$/.test(path.basename(file))).map((file) => path.join(dir, file));
}

/**
 * A doc's compiled Markdown is an entry; its whole page, an entry whose files are kept beside it as blobs
 * (`<entry>.<write>.<index>`); the client bundle, one entry naming the runtime's URL.
 */
function compiledEntries(dir: string): string[] {
  return cacheEntries(dir).filter((file) => entryFiles(file).length === 1 && !isClientBundle(file));
}

function isClientBundle(entry: string): boolean {
  return readFileSync(entry, 'utf8').includes('"runtimeUrl":');
}

/** An entry and its blobs. */
function entryFiles(entry: string): string[] {
  return readdirSync(path.dirname(entry)).filter((name) => name.startsWith(path.basename(entry))).map((name) => path.join(path.dirname(entry), name));
}

const bytesOf = (files: string[]) => files.reduce((sum, file) => sum + statSync(file).size, 0);

function page(root: string, route: string, out = 'out'): string {
  return readFileSync(path.join(root, out, route, 'index.html'), 'utf8');
}

test('a second build with nothing changed compiles no page, bundles no client code, and writes the same site', async () => {
  const root = tempTree(SITE);
  const first = await build(root, cacheOptions(root), 'first');
  assert.deepEqual(first.compiled, ALL_PAGES);
  assert.equal(first.cacheLine, `Build cache: 0 of 5 doc pages reused (0 rendered again), 5 compiled; ${first.cacheLine!.split('; ')[1]}`);
  const second = await build(root, cacheOptions(root), 'second');
  assert.deepEqual([second.compiled, second.rendered], [[], []]);
  assert.match(second.cacheLine!, /^Build cache: 5 of 5 doc pages reused \(0 rendered again\), 0 compiled; client bundle reused; \d+ KiB in \S+\/cache$/);
  await build(root, undefined, 'uncached');
  assert.deepEqual(siteFiles(path.join(root, 'second')), siteFiles(path.join(root, 'uncached')));
});

test('an edited page, an edited partial and a renamed link target compile exactly the pages that show them', async () => {
  const root = tempTree(SITE);
  await build(root);

  writeFileSync(path.join(root, 'docs/guide.md'), '# Guide\n\nRead [the store](api/store.md) before anything else.\n');
  assert.deepEqual((await build(root)).compiled, ['/guide']);
  assert.match(page(root, 'guide'), /before anything else/);

  writeFileSync(path.join(root, 'docs/_partials/_note.mdx'), 'An edited note about [the store](../api/store.md).\n');
  assert.deepEqual((await build(root)).rendered, ['/guides/page']);
  assert.match(page(root, 'guides/page'), /An edited note/);

  // The store page's own body is unchanged; every page linking to it, directly, from the docs root or through the partial, changes.
  writeFileSync(path.join(root, 'docs/api/store.md'), '---\nslug: /api/the-store\n---\n\n# Store\n\nThe store.\n');
  // The renamed page compiles again too: what its relative links resolve to depends on where it is.
  assert.deepEqual((await build(root)).compiled, ['/api/the-store', '/guide', '/guides/other', '/guides/page']);
  for (const route of ['guide', 'guides/other', 'guides/page']) assert.match(page(root, route), /<a href="\/api\/the-store">/, route);
});

test('an MDX page that reads its front matter compiles again when it changes; another page does not', async () => {
  const root = tempTree({ ...SITE, 'docs/titled.mdx': '---\ndescription: First\n---\n\nThis page is {frontMatter.description}.\n' });
  await build(root);
  writeFileSync(path.join(root, 'docs/titled.mdx'), '---\ndescription: Second\n---\n\nThis page is {frontMatter.description}.\n');
  writeFileSync(path.join(root, 'docs/api/store.md'), SITE['docs/api/store.md'].replace('sidebar_label: Store', 'sidebar_label: The store'));
  assert.deepEqual((await build(root)).compiled, ['/titled']);
  assert.match(page(root, 'titled'), /This page is Second\./);
});

test('an MDX page that asks @docusaurus/router where it is compiles again when its permalink changes', async () => {
  const body = "import { useLocation } from '@docusaurus/router';\n\nThis page is at {useLocation().pathname}.\n";
  const root = tempTree({ ...SITE, 'docs/where.mdx': `---\nslug: /where\n---\n\n${body}` });
  await build(root);
  assert.match(page(root, 'where'), /This page is at \/where\./);
  writeFileSync(path.join(root, 'docs/where.mdx'), `---\nslug: /here\n---\n\n${body}`);
  assert.deepEqual((await build(root)).compiled, ['/here']);
  assert.match(page(root, 'here'), /This page is at \/here\./);
});

test('a page whose slug moves it to another folder compiles again: its relative links resolve against the new place', async () => {
  const body = 'See [the other guide](./other) for more.\n';
  const root = tempTree({ ...SITE, 'docs/api/other.md': '# Other API\n', 'docs/moving.md': `---\nslug: /guides/moving\n---\n\n${body}` });
  await build(root);
  assert.match(page(root, 'guides/moving'), /<a href="\/guides\/other">the other guide<\/a>/);
  writeFileSync(path.join(root, 'docs/moving.md'), `---\nslug: /api/moving\n---\n\n${body}`);
  assert.deepEqual((await build(root)).compiled, ['/api/moving']);
  assert.match(page(root, 'api/moving'), /<a href="\/api\/other">the other guide<\/a>/);
});

test('a page whose partial reads the site title compiles again when the title changes', async () => {
  const root = tempTree({
    ...SITE,
    'docs/titled.mdx': "import Title from './_partials/_title.mdx';\n\n<Title />\n",
    'docs/_partials/_title.mdx': "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';\n\nThis is {useDocusaurusContext().siteConfig.title}.\n",
  });
  await build(root);
  writeFileSync(path.join(root, 'site.config.ts'), siteConfig({ title: 'Renamed Docs' }));
  assert.deepEqual((await build(root)).compiled, ['/titled']);
  assert.match(page(root, 'titled'), /This is Renamed Docs\./);
});

test('a config change or a new generator compiles every page', async () => {
  const root = tempTree(SITE);
  await build(root);
  assert.doesNotMatch(page(root, 'guide'), />JavaScript</);
  writeFileSync(path.join(root, 'site.config.ts'), siteConfig({ markdown: { languageTabs: true } }));
  assert.deepEqual((await build(root)).compiled, ALL_PAGES);
  assert.match(page(root, 'guide'), />JavaScript</);
  assert.deepEqual((await build(root)).rendered, []);
  assert.deepEqual((await build(root, cacheOptions(root, { generatorKey: 'generator-2' }))).compiled, ALL_PAGES);
});

test('a sidebar label change renders again only the pages showing that sidebar, and a site title change every page, compiling none', async () => {
  const sidebars = (label: string) => `module.exports = { main: ['intro', 'guide', 'api/store'], guides: [{ type: 'category', label: '${label}', items: ['guides/other', 'guides/page'] }] };\n`;
  const root = tempTree({ ...SITE, 'sidebars.js': sidebars('Guides') });
  await build(root);
  writeFileSync(path.join(root, 'sidebars.js'), sidebars('Walkthroughs'));
  const relabelled = await build(root, cacheOptions(root), 'relabelled');
  assert.deepEqual([relabelled.compiled, relabelled.rendered], [[], ['/guides/other', '/guides/page']]);
  assert.match(relabelled.cacheLine!, /^Build cache: 5 of 5 doc pages reused \(2 rendered again\), 0 compiled; client bundle reused;/);
  assert.match(page(root, 'guides/other', 'relabelled'), />Walkthroughs</);
  await build(root, undefined, 'uncached');
  assert.deepEqual(siteFiles(path.join(root, 'relabelled')), siteFiles(path.join(root, 'uncached')));

  writeFileSync(path.join(root, 'site.config.ts'), siteConfig({ title: 'Renamed Site' }));
  const retitled = await build(root, cacheOptions(root), 'retitled');
  assert.deepEqual([retitled.compiled, retitled.rendered], [[], ALL_PAGES]);
  assert.match(page(root, 'api/store', 'retitled'), /<title>Store \| Renamed Site<\/title>/);
  // The runtime carries the site's data (its navbar title): bundled again, as a build without the cache would.
  assert.doesNotMatch(retitled.cacheLine!, /client bundle reused/);
  await build(root, undefined, 'retitled-uncached');
  assert.deepEqual(siteFiles(path.join(root, 'retitled')), siteFiles(path.join(root, 'retitled-uncached')));
});

/** The search index's pages, by part folder: the URL and text of each page Pagefind keeps (its fragment files). */
function indexedPages(out: string): Map<string, { url: string; text: string }[]> {
  const parts = new Map<string, { url: string; text: string }[]>();
  for (const file of readdirSync(path.join(out, 'pagefind'), { recursive: true }).map(String).filter((name) => name.endsWith('.pf_fragment'))) {
    const fragment = JSON.parse(gunzipSync(readFileSync(path.join(out, 'pagefind', file))).subarray('pagefind_dcd'.length).toString('utf8')) as { url: string; content: string };
    const part = path.dirname(path.dirname(file));
    parts.set(part, [...(parts.get(part) ?? []), { url: fragment.url, text: fragment.content }].sort((a, b) => a.url.localeCompare(b.url)));
  }
  return parts;
}

test('the search index is in parts, and an edited or a removed page indexes again only its part', async () => {
  const root = tempTree({ ...SITE, 'docs/aside.md': '# Aside\n\nA page no sidebar lists.\n' });
  const search = { pagesPerSearchPart: 3 };
  const first = await build(root, cacheOptions(root), 'first', search);
  assert.match(first.cacheLine!, /; search index: 0 of 2 parts reused; /);
  assert.deepEqual(JSON.parse(readFileSync(path.join(root, 'first/pagefind/shards.json'), 'utf8')), ['parts/1/']);
  const parts = indexedPages(path.join(root, 'first'));
  assert.deepEqual([...parts.keys()].sort(), ['.', 'parts/1']);
  assert.deepEqual([...parts.values()].flat().map(({ url }) => url).sort(), ['/api/store', '/aside', '/guide', '/guides/other', '/guides/page', '/intro']);

  const second = await build(root, cacheOptions(root), 'second', search);
  assert.match(second.cacheLine!, /; search index: 2 of 2 parts reused; /);
  assert.deepEqual(siteFiles(path.join(root, 'second', 'pagefind')), siteFiles(path.join(root, 'first', 'pagefind')));
  assert.equal(statSync(path.join(root, 'second/pagefind/parts/1/pagefind-entry.json')).nlink, 3, 'linked from the cache, as the first build\'s is');

  writeFileSync(path.join(root, 'docs/guide.md'), '# Guide\n\nRead [the store](api/store.md) after the zeppelin lands.\n');
  const third = await build(root, cacheOptions(root), 'third', search);
  assert.match(third.cacheLine!, /; search index: 1 of 2 parts reused; /);
  const edited = indexedPages(path.join(root, 'third'));
  const guidePart = [...edited].find(([, pages]) => pages.some(({ url }) => url === '/guide'))![0];
  assert.match(edited.get(guidePart)!.find(({ url }) => url === '/guide')!.text, /after the zeppelin lands/);
  for (const [part, pages] of edited) if (part !== guidePart) assert.deepEqual(pages, parts.get(part), `part ${part} is the cached one`);
  assert.deepEqual(edited.get(guidePart)!.map(({ url }) => url), parts.get(guidePart)!.map(({ url }) => url), 'the edited part still holds all its pages');

  // A removed page leaves its part's other pages unchanged, yet that part is indexed again without it.
  rmSync(path.join(root, 'docs/aside.md'));
  const fourth = await build(root, cacheOptions(root), 'fourth', search);
  assert.match(fourth.cacheLine!, /; search index: 1 of 2 parts reused; /);
  assert.deepEqual([...indexedPages(path.join(root, 'fourth')).values()].flat().map(({ url }) => url).sort(), ALL_PAGES);
});

test('a corrupt or truncated entry is compiled again, never served', async () => {
  const root = tempTree(SITE);
  await build(root, cacheOptions(root), 'first');
  const entries = cacheEntries(path.join(root, 'cache'));
  assert.equal(entries.length, 11, 'a compiled doc and a whole page for each of the 5 docs, and the client bundle');
  for (const [index, entry] of entries.entries()) {
    const bytes = readFileSync(entry);
    if (index % 2 === 0) writeFileSync(entry, bytes.subarray(0, bytes.length / 2));
    else writeFileSync(entry, Buffer.concat([bytes.subarray(0, -20), Buffer.from('Injected.'), bytes.subarray(-11)]));
  }
  const second = await build(root, cacheOptions(root), 'second');
  assert.deepEqual(second.compiled, ALL_PAGES);
  assert.deepEqual(siteFiles(path.join(root, 'second')), siteFiles(path.join(root, 'first')));
  assert.equal(cacheEntries(path.join(root, 'cache')).length, 11, 'every entry written again');
  assert.deepEqual((await build(root)).rendered, []);
});

test('the files of a page are hard links to the cache, and one changed in place in the output is rendered again, never served', async () => {
  const root = tempTree(SITE);
  await build(root, cacheOptions(root), 'first');
  const second = await build(root, cacheOptions(root), 'second');
  assert.deepEqual(second.rendered, []);
  assert.deepEqual(siteFiles(path.join(root, 'second')), siteFiles(path.join(root, 'first')));
  const guide = path.join(root, 'second/guide/index.html');
  assert.equal(statSync(guide).nlink, 3, 'the page in both outputs and its blob in the cache are one file');

  // Someone edits an output in place: the cached file changes with it.
  const original = page(root, 'guide', 'second');
  writeFileSync(guide, original.replace('Read ', 'Edited in place. Read '));
  const third = await build(root, cacheOptions(root), 'third');
  assert.deepEqual([third.compiled, third.rendered], [[], ['/guide']]);
  assert.equal(page(root, 'guide', 'third'), original);
  assert.deepEqual((await build(root, cacheOptions(root), 'fourth')).rendered, [], 'the page is kept again');
});

test('a page that imports component code is compiled on every build', async () => {
  const root = tempTree({
    ...SITE,
    'site.config.ts': siteConfig({ allowComponentCode: true }),
    'docs/guides/page.mdx': "import Badge from '@site/src/Badge.jsx';\n\n# Page\n\n<Badge />\n",
    'src/Badge.jsx': "export default function Badge() { return <span className=\"badge\">new</span>; }\n",
  });
  await build(root);
  const second = await build(root);
  assert.deepEqual([second.compiled, second.rendered], [['/guides/page'], ['/guides/page']]);
  assert.match(page(root, 'guides/page'), /<span class="badge">new<\/span>/);
});

test('the cache is pruned to its size, least recently used first, and temporary files of dead builds go', async () => {
  const root = tempTree(SITE);
  const dir = path.join(root, 'cache');
  await build(root);
  const store = new EntryStore(dir);
  const [oldest, older] = compiledEntries(dir).sort();
  const recent = cacheEntries(dir).filter((file) => file !== oldest && file !== older);
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000);
  utimesSync(oldest, ago(30), ago(30));
  utimesSync(older, ago(20), ago(20));
  const abandoned = `${oldest}.tmp-99999-0-1`;
  const inProgress = `${older}.tmp-99999-0-2`;
  writeFileSync(abandoned, 'half an entry');
  utimesSync(abandoned, ago(61), ago(61));
  writeFileSync(inProgress, 'another build is writing this');
  const recentBytes = bytesOf(recent.flatMap(entryFiles));
  assert.deepEqual(store.prune(recentBytes + statSync(older).size), { entries: 10, bytes: recentBytes + statSync(older).size, removed: 1 });
  assert.equal(existsSync(oldest), false);
  // A page's entry goes with its blobs.
  const page = recent.find((file) => entryFiles(file).length > 1)!;
  utimesSync(page, ago(40), ago(40));
  const pageBytes = bytesOf(entryFiles(page));
  assert.ok(entryFiles(page).length > 2, 'a page is an entry and its files');
  assert.deepEqual(store.prune(recentBytes + statSync(older).size - pageBytes), { entries: 9, bytes: recentBytes + statSync(older).size - pageBytes, removed: 1 });
  assert.deepEqual(entryFiles(page), []);
  recent.splice(recent.indexOf(page), 1);
  assert.deepEqual(cacheEntries(dir).sort(), [older, ...recent].sort());
  assert.equal(existsSync(abandoned), false, 'a temporary file over an hour old');
  assert.equal(existsSync(inProgress), true, 'a recent temporary file');
  // After a build, down to the configured size: here nothing fits.
  const { cacheLine } = await build(root, cacheOptions(root, { maxBytes: 0 }));
  // The page whose entry went is rendered again, unless it is the doc whose compiled entry went first (compiled, then).
  assert.match(cacheLine!, /^Build cache: 4 of 5 doc pages reused \([01] rendered again\), 1 compiled; client bundle reused; 0 KiB in \S+\/cache \(11 least recently used entries removed\)$/);
  assert.deepEqual(cacheEntries(dir), []);
});

test('--no-cache neither reads nor writes the cache, and npm run clean removes it', async () => {
  const root = tempTree(SITE);
  const args = ['build', '--config', 'site.config.ts', '--out', 'out', '--no-search', '--cache-dir', 'cache'];
  const uncached = await runCli([...args, '--no-cache'], root);
  assert.equal(uncached.code, 0, uncached.stderr);
  assert.doesNotMatch(uncached.stdout, /Build cache/);
  assert.equal(existsSync(path.join(root, 'cache')), false);
  const cached = await runCli(args, root);
  assert.match(cached.stdout, /^Build cache: 0 of 5 doc pages reused \(0 rendered again\), 5 compiled; \d+ KiB in cache$/m);
  assert.match((await runCli(args, root)).stdout, /^Build cache: 5 of 5 doc pages reused \(0 rendered again\), 0 compiled;/m);
  const clean = await runCli(['clean', '--cache-dir', 'cache'], root);
  assert.equal(clean.stdout, 'Removed the build cache in cache.\n');
  assert.equal(existsSync(path.join(root, 'cache')), false);
  assert.match((await runCli(args, root)).stdout, /^Build cache: 0 of 5 doc pages reused \(0 rendered again\), 5 compiled;/m);
});

test('a cache folder that cannot be written is one line, and the build goes on without it', async () => {
  const root = tempTree({ ...SITE, blocker: 'a file where the cache folder would be' });
  const run = await runCli(['build', '--config', 'site.config.ts', '--out', 'out', '--no-search', '--cache-dir', 'blocker'], root);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Build cache off: blocker cannot be written \(EEXIST\); every page is compiled\. Pass --no-cache to say so, or --cache-dir with a folder that can be written\.$/m);
  assert.ok(existsSync(path.join(root, 'out/guide/index.html')));
});

/** Sixty pages, so a build is still writing entries when it is killed. */
function largerSite(): Record<string, string> {
  const files: Record<string, string> = { ...SITE };
  const ids: string[] = [];
  for (let index = 0; index < 60; index++) {
    files[`docs/many/page-${index}.md`] = `# Page ${index}\n\n${'Some words about the store, with [a link](../api/store.md). '.repeat(40)}\n\n\`\`\`js\nconst value = ${index};\n\`\`\`\n`;
    ids.push(`'many/page-${index}'`);
  }
  files['sidebars.js'] = `module.exports = { main: ['intro', 'guide', 'api/store', 'guides/other', 'guides/page', ${ids.join(', ')}] };\n`;
  return files;
}

test('a build killed while writing the cache, and two builds at once, leave a cache that builds the same site', async () => {
  const root = tempTree(largerSite());
  const args = (out: string) => ['build', '--config', 'site.config.ts', '--out', out, '--no-search', '--cache-dir', 'cache'];
  const reference = await runCli([...args('reference'), '--no-cache'], root);
  assert.equal(reference.code, 0, reference.stderr);

  const [command, commandArgs] = cliCommand(args('killed'));
  const killed = spawn(command, commandArgs, { cwd: root, stdio: 'ignore' });
  const exited = new Promise((resolve) => killed.on('exit', resolve));
  while (!existsSync(path.join(root, 'cache')) || cacheEntries(path.join(root, 'cache')).length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
  killed.kill('SIGKILL');
  await exited;
  const entriesLeft = cacheEntries(path.join(root, 'cache')).length;
  assert.ok(entriesLeft < 130, `killed before it finished (${entriesLeft} entries)`);

  const [one, two] = await Promise.all([runCli(args('one'), root), runCli(args('two'), root)]);
  assert.equal(one.code, 0, one.stderr);
  assert.equal(two.code, 0, two.stderr);
  const expected = siteFiles(path.join(root, 'reference'));
  assert.deepEqual(siteFiles(path.join(root, 'one')), expected);
  assert.deepEqual(siteFiles(path.join(root, 'two')), expected);
  assert.match((await runCli(args('three'), root)).stdout, /^Build cache: 65 of 65 doc pages reused \(0 rendered again\), 0 compiled;/m);
  assert.deepEqual(siteFiles(path.join(root, 'three')), expected);
});
