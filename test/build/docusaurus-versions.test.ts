/**
 * A versioned Docusaurus site built from its own config (test/fixtures/docusaurus-versions: versions.json
 * ["2.0", "1.0"], the docs folder as the unreleased `next`, 1.0 with `noIndex`): each version's routes,
 * the version menu's targets, the banners and badges, canonical and robots, links kept inside a version,
 * the sitemap, and one clear error per bad versions input. Asserted on the built HTML.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildFixtureCopy, runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const fixture = path.join(import.meta.dirname, '../fixtures/docusaurus-versions');

const buildCopy = (edit?: (root: string) => void) => buildFixtureCopy('docusaurus-versions', edit);

const built = buildCopy();

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[0] ?? '';
/** The version menu's links as `label href`. */
function versionMenu(html: string): string[] {
  const menu = part(html, /<div class="navbar-dropdown">[\s\S]*?<\/ul>/);
  return [...menu.matchAll(/<a [^>]*?href="([^"]*)"[^>]*>([^<]*)</g)].map((match) => `${match[2]} ${match[1]}`);
}
const menuLabel = (html: string) => text(part(html, /<button [^>]*navbar-dropdown-toggle[^>]*>[\s\S]*?<\/button>/));
const banner = (html: string) => text(part(html, /<div class="version-banner"[\s\S]*?<\/div>/));
const badge = (html: string) => text(part(html, /<span class="version-badge">[^<]*<\/span>/));
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const noIndex = (html: string) => html.includes('<meta name="robots" content="noindex, nofollow">');
/** The navbar's left links (Docs and the docsVersion item) as `label href`. */
const leftItems = (html: string) => [...part(html, /<div class="navbar-items navbar-items-left">[\s\S]*?<\/div>/).matchAll(/<a [^>]*?href="([^"]*)"[^>]*>([^<]*)</g)].map((match) => `${match[2]} ${match[1]}`);

test('every version is built at Docusaurus\'s routes: the last release at /docs/, next at /docs/next/, older ones at /docs/<version>/', async () => {
  const run = await built;
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '');
  for (const route of ['docs/intro', 'docs/guide', 'docs/next/intro', 'docs/next/guide', 'docs/next/new-feature', 'docs/1.0/intro', 'docs/1.0/old-api']) {
    assert.ok(existsSync(path.join(run.root, 'out', route, 'index.html')), route);
  }
  for (const route of ['docs/new-feature', 'docs/old-api', 'docs/1.0/guide', 'docs/2.0/intro']) assert.ok(!existsSync(path.join(run.root, 'out', route)), `${route} is not built`);
  assert.match(text(run.page('docs/intro')), /The lamp turns on at dusk \(2\.0\)/);
  assert.match(text(run.page('docs/next/intro')), /The lamp turns on at dusk \(next\)/);
  assert.match(text(run.page('docs/1.0/intro')), /The lamp is lit by hand \(1\.0\)/);
  // With no page at /, the site forwards to the last version's first doc.
  assert.match(readFileSync(path.join(run.root, 'out/index.html'), 'utf8'), /url=\/docs\/intro"/);
});

test('the version menu shows the version being read and leads to the same doc in each version, or to a version\'s first doc where it has none, then to the links listed after it', async () => {
  const { page } = await built;
  assert.equal(menuLabel(page('docs/intro')), '2.0');
  assert.deepEqual(versionMenu(page('docs/intro')), ['Next /docs/next/intro', '2.0 /docs/intro', '1.0 /docs/1.0/intro', '0.9 https://archive.lighthouse.example.com/0.9/']);
  // dropdownActiveClassDisabled: the button is not marked, though the page is one of its links.
  assert.doesNotMatch(part(page('docs/intro'), /<button [^>]*navbar-dropdown-toggle[^>]*>/), /active/);
  assert.equal(menuLabel(page('docs/next/guide')), 'Next');
  assert.deepEqual(versionMenu(page('docs/next/guide')), ['Next /docs/next/guide', '2.0 /docs/guide', '1.0 /docs/1.0/intro', '0.9 https://archive.lighthouse.example.com/0.9/']);
  assert.deepEqual(versionMenu(page('docs/next/new-feature')), ['Next /docs/next/new-feature', '2.0 /docs/intro', '1.0 /docs/1.0/intro', '0.9 https://archive.lighthouse.example.com/0.9/']);
  assert.equal(menuLabel(page('docs/1.0/old-api')), '1.0');
  assert.deepEqual(versionMenu(page('docs/1.0/old-api')), ['Next /docs/next/intro', '2.0 /docs/intro', '1.0 /docs/1.0/old-api', '0.9 https://archive.lighthouse.example.com/0.9/']);
});

test('navbar doc items and the docsVersion item lead into the version being read', async () => {
  const { page } = await built;
  assert.deepEqual(leftItems(page('docs/guide')), ['Docs /docs/intro', '2.0 /docs/intro']);
  assert.deepEqual(leftItems(page('docs/next/new-feature')), ['Docs /docs/next/intro', 'Next /docs/next/intro']);
  assert.deepEqual(leftItems(page('docs/1.0/old-api')), ['Docs /docs/1.0/intro', '1.0 /docs/1.0/intro']);
});

test('a navbar doc item for a doc only the next version has leads there from every version; editUrl leads to a version\'s own file', async () => {
  const run = await buildCopy((root) => {
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(config, readFileSync(config, 'utf8')
      .replace("{ type: 'doc', docId: 'intro', label: 'Docs', position: 'left' },", "{ type: 'doc', docId: 'intro', label: 'Docs', position: 'left' }, { type: 'doc', docId: 'new-feature', label: 'New', position: 'left' },")
      .replace("sidebarPath: require.resolve('./sidebars.js'),", "sidebarPath: require.resolve('./sidebars.js'), editUrl: 'https://github.com/lh/lh/edit/main/website/',"));
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(leftItems(run.page('docs/1.0/intro')), ['Docs /docs/1.0/intro', 'New /docs/next/new-feature', '1.0 /docs/1.0/intro']);
  assert.deepEqual(leftItems(run.page('docs/next/guide')), ['Docs /docs/next/intro', 'New /docs/next/new-feature', 'Next /docs/next/intro']);
  assert.match(run.page('docs/1.0/intro'), /href="https:\/\/github\.com\/lh\/lh\/edit\/main\/website\/versioned_docs\/version-1\.0\/intro\.md"/);
  assert.match(run.page('docs/next/intro'), /href="https:\/\/github\.com\/lh\/lh\/edit\/main\/website\/docs\/intro\.md"/);
});

test('an unreleased and an unmaintained version carry a banner linking to the latest version; every version a badge', async () => {
  const { page } = await built;
  assert.equal(banner(page('docs/intro')), '');
  assert.equal(badge(page('docs/intro')), 'Version: 2.0');
  assert.equal(banner(page('docs/next/guide')), 'This is unreleased documentation for Lighthouse Next version.For up-to-date documentation, see the latest version (2.0).');
  assert.match(part(page('docs/next/guide'), /<div class="version-banner"[\s\S]*?<\/div>/), /<a href="\/docs\/guide">latest version<\/a>/);
  assert.equal(badge(page('docs/next/guide')), 'Version: Next');
  // A page the latest version lacks: the banner leads to that version's first doc.
  assert.match(part(page('docs/1.0/old-api'), /<div class="version-banner"[\s\S]*?<\/div>/), /<a href="\/docs\/intro">latest version<\/a>/);
  assert.equal(banner(page('docs/1.0/old-api')), 'This is documentation for Lighthouse 1.0, which is no longer actively maintained.For up-to-date documentation, see the latest version (2.0).');
});

test('canonical names the latest version\'s page where it exists; a noIndex version is kept out of search engines and the sitemap', async () => {
  const { page, root } = await built;
  assert.equal(canonical(page('docs/intro')), 'https://lighthouse.example.com/docs/intro');
  assert.equal(canonical(page('docs/next/guide')), 'https://lighthouse.example.com/docs/guide');
  assert.equal(canonical(page('docs/1.0/intro')), 'https://lighthouse.example.com/docs/intro');
  assert.equal(canonical(page('docs/1.0/old-api')), 'https://lighthouse.example.com/docs/1.0/old-api');
  assert.equal(noIndex(page('docs/1.0/intro')), true);
  assert.equal(noIndex(page('docs/next/intro')), false);
  const sitemap = [...readFileSync(path.join(root, 'out/sitemap.xml'), 'utf8').matchAll(/<loc>https:\/\/lighthouse\.example\.com([^<]*)<\/loc>/g)].map((match) => match[1]);
  assert.deepEqual(sitemap, ['/docs/next/guide', '/docs/next/intro', '/docs/next/new-feature', '/docs/guide', '/docs/intro']);
});

test('a .md link, relative or from the docs root, stays inside its version', async () => {
  const { page } = await built;
  assert.match(page('docs/next/intro'), /<a href="\/docs\/next\/guide">guide<\/a> or the <a href="\/docs\/next\/new-feature">feature<\/a>/);
  assert.match(page('docs/intro'), /<a href="\/docs\/guide">guide<\/a>/);
  assert.match(page('docs/1.0/intro'), /<a href="\/docs\/1\.0\/old-api">old API<\/a>/);
});

test('lastVersion, a version\'s label and path and banner, and onlyIncludeVersions change the routes and notices as in Docusaurus', async () => {
  const run = await buildCopy((root) => {
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(config, readFileSync(config, 'utf8').replace("versions: { '1.0': { noIndex: true } }", "lastVersion: 'current', onlyIncludeVersions: ['current', '1.0'], versions: { current: { label: 'Edge', path: 'edge' }, '1.0': { banner: 'none' } }"));
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(existsSync(path.join(run.root, 'out/docs/edge/new-feature/index.html')));
  assert.ok(!existsSync(path.join(run.root, 'out/docs/2.0')) && !existsSync(path.join(run.root, 'out/docs/guide')), '2.0 is left out');
  assert.deepEqual(versionMenu(run.page('docs/edge/guide')), ['Edge /docs/edge/guide', '1.0 /docs/1.0/intro', '0.9 https://archive.lighthouse.example.com/0.9/']);
  assert.equal(banner(run.page('docs/edge/intro')), '');
  assert.equal(banner(run.page('docs/1.0/intro')), '');
  assert.equal(badge(run.page('docs/1.0/intro')), 'Version: 1.0');
});

test('bad versions input is one error naming the file and what to do', async () => {
  const cases: [string, (root: string) => void, RegExp][] = [
    ['versions.json not an array', (root) => writeFileSync(path.join(root, 'versions.json'), '{"2.0": true}'), /versions\.json:1: versions\.json must be an array of version names\n {2}→ Write it as \["2\.0", "1\.0"\], newest first\./],
    ['a version name with a slash', (root) => writeFileSync(path.join(root, 'versions.json'), '["2.0", "../1.0"]'), /versions\.json: the version name "\.\.\/1\.0" has a slash\n {2}→ Name versions as releases are named/],
    ['a version without its folder', (root) => writeFileSync(path.join(root, 'versions.json'), '["3.0", "2.0", "1.0"]'), /versions\.json: the version "3\.0" has no docs folder \(versioned_docs\/version-3\.0\)\n {2}→ Restore versioned_docs\/version-3\.0, or remove "3\.0" from versions\.json\./],
    ['an unknown lastVersion', (root) => {
      const config = path.join(root, 'docusaurus.config.js');
      writeFileSync(config, readFileSync(config, 'utf8').replace("versions: { '1.0': { noIndex: true } }", "lastVersion: '9.9'"));
    }, /docusaurus\.config\.js: docs\.lastVersion "9\.9" is not a version\n {2}→ Set it to one of them: the versions are "current", "2\.0", "1\.0"\./],
  ];
  for (const [name, edit, expected] of cases) {
    const run = await buildCopy(edit);
    assert.equal(run.code, 1, name);
    assert.match(run.stderr, expected, name);
  }
});

test('docs:version cuts a version as Docusaurus does: the docs and sidebars copied, the name first in versions.json, and the next build serves it as the last version', async () => {
  const root = tempTree({});
  cpSync(fixture, root, { recursive: true });
  const cut = await runCli(['docs:version', '3.0', '--config', 'docusaurus.config.js'], root);
  assert.equal(cut.code, 0, cut.stderr);
  assert.equal(cut.stdout, 'Version 3.0 cut: docs copied to versioned_docs/version-3.0, sidebars written to versioned_sidebars/version-3.0-sidebars.json, versions.json updated.\n');
  assert.deepEqual(JSON.parse(readFileSync(path.join(root, 'versions.json'), 'utf8')), ['3.0', '2.0', '1.0']);
  assert.deepEqual(JSON.parse(readFileSync(path.join(root, 'versioned_sidebars/version-3.0-sidebars.json'), 'utf8')), { docs: ['intro', 'guide', 'new-feature'] });
  assert.equal(readFileSync(path.join(root, 'versioned_docs/version-3.0/new-feature.md'), 'utf8'), readFileSync(path.join(root, 'docs/new-feature.md'), 'utf8'));
  const again = await runCli(['docs:version', '3.0', '--config', 'docusaurus.config.js'], root);
  assert.equal(again.code, 1);
  assert.equal(again.stderr, 'error: versions.json: the version "3.0" already exists\n  → Give the new version a name versions.json does not list.\n');
  const slash = await runCli(['docs:version', '4/0', '--config', 'docusaurus.config.js'], root);
  assert.equal(slash.stderr, 'error: docs:version: the version name "4/0" has a slash\n  → Name versions as releases are named, for example "1.2.0" or "2.x".\n');
  const build = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out', '--no-search'], root);
  assert.equal(build.code, 0, build.stderr);
  // Sidebars a JSON file cannot keep: one error, nothing written.
  writeFileSync(path.join(root, 'sidebars.js'), "module.exports = { docs: ['intro', { type: 'doc', id: 'guide', customProps: { badge: () => 'new' } }] };\n");
  const functions = await runCli(['docs:version', '4.0', '--config', 'docusaurus.config.js'], root);
  assert.equal(functions.stderr, 'error: sidebars.js: the sidebars hold values JSON cannot keep (functions, undefined)\n  → A versioned sidebars file is JSON: write the sidebars as plain data, then cut the version.\n');
  assert.ok(!existsSync(path.join(root, 'versioned_docs/version-4.0')));
  assert.deepEqual(JSON.parse(readFileSync(path.join(root, 'versions.json'), 'utf8')), ['3.0', '2.0', '1.0']);
  const page = readFileSync(path.join(root, 'out/docs/new-feature/index.html'), 'utf8');
  assert.equal(badge(page), 'Version: 3.0');
  assert.deepEqual(versionMenu(page), ['Next /docs/next/new-feature', '3.0 /docs/new-feature', '2.0 /docs/2.0/intro', '1.0 /docs/1.0/intro', '0.9 https://archive.lighthouse.example.com/0.9/']);
  assert.ok(existsSync(path.join(root, 'out/docs/2.0/guide/index.html')), '2.0 moves below its name');
});
