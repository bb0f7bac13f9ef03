/**
 * Symbolic links in a static folder from a stranger's pull request (issue #34): a link is copied as the
 * file or folder it leads to when that is inside the site folder, and refused otherwise, with one error
 * naming it; what it leads to is never read. The output never holds a link, so `tar -ch` of it packs
 * nothing from outside.
 */
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const SECRET = 'secret-outside-the-site';
const DOCS = { 'docs/intro.md': '# Intro\n\nWelcome.\n' };

/** A site folder in a sandbox, with `links` (path → target) made in it; the sandbox holds a secret beside the site. */
function siteWithLinks(files: Record<string, string>, links: Record<string, string>): string {
  const sandbox = tempTree({ 'secret.txt': SECRET, 'secret-folder/key.txt': SECRET, ...Object.fromEntries(Object.entries({ ...DOCS, ...files }).map(([file, text]) => [`site/${file}`, text])) });
  const site = path.join(sandbox, 'site');
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(site, link)), { recursive: true });
    symlinkSync(target, path.join(site, link));
  }
  return site;
}

function buildDocsOnly(site: string) {
  return runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], site);
}

/** Every symbolic link below a folder, found with lstat as `tar` would meet them. */
function linksBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isSymbolicLink())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

test('a link static/etcdir -> /etc is one error naming it, and nothing is published', async () => {
  const site = siteWithLinks({}, { 'static/etcdir': '/etc' });
  const run = await buildDocsOnly(site);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: static/etcdir: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.');
  assert.ok(!existsSync(path.join(site, 'out')), 'no output folder');
});

test('links to files and folders inside the site are copied as what they lead to; the output holds no link', async () => {
  const site = siteWithLinks({ 'shared/logo.svg': '<svg>logo</svg>', 'shared/icons/x.svg': '<svg>x</svg>', 'static/real.txt': 'real' }, {
    'static/logo.svg': '../shared/logo.svg',
    'static/latest.svg': 'logo.svg',
    'static/shared': '../shared',
    'static/real-again.txt': 'real.txt',
  });
  symlinkSync(path.join(site, 'shared/logo.svg'), path.join(site, 'static/absolute.svg'));
  const run = await buildDocsOnly(site);
  assert.equal(run.code, 0, run.stderr);
  const out = path.join(site, 'out');
  assert.deepEqual(linksBelow(out), []);
  const copied = (file: string) => (lstatSync(path.join(out, file)).isFile() ? readFileSync(path.join(out, file), 'utf8') : 'not a file');
  assert.deepEqual(['logo.svg', 'latest.svg', 'absolute.svg', 'shared/logo.svg', 'shared/icons/x.svg', 'real.txt', 'real-again.txt'].map(copied),
    ['<svg>logo</svg>', '<svg>logo</svg>', '<svg>logo</svg>', '<svg>logo</svg>', '<svg>x</svg>', 'real', 'real']);
});

test('links out of the site, nowhere, or into a folder that holds them are each one error; nothing outside is read', async () => {
  const site = siteWithLinks({ 'shared/a.txt': 'a', 'more/b.txt': 'b' }, {
    'static/climb.txt': '../../secret.txt',
    'static/hop.txt': 'climb.txt',
    'static/keys': '../../secret-folder',
    'static/circle-a': 'circle-b',
    'static/circle-b': 'circle-a',
    'static/gone.png': 'missing.png',
    'static/self': '.',
    'static/site': '..',
    'static/shared': '../shared',
    'shared/more': '../more',
  });
  const run = await buildDocsOnly(site);
  assert.equal(run.code, 1);
  const nowhere = 'is a link that leads nowhere (its target is missing, or links lead in a circle)\n  → Remove the link, or make it lead to a file inside the site folder.';
  const outside = 'is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.';
  const holds = 'is a link to a folder that holds it\n  → Remove the link: the folder would be copied into itself without end.';
  assert.equal(run.stderr.trim(), [
    'error: 9 problems found:',
    `static/circle-a: ${nowhere}`,
    `static/circle-b: ${nowhere}`,
    `static/climb.txt: ${outside}`,
    `static/gone.png: ${nowhere}`,
    `static/hop.txt: ${outside}`,
    `static/keys: ${outside}`,
    `static/self: ${holds}`,
    'static/shared/more: is a link to a folder, inside a folder that is itself reached through a link',
    '  → Link to the folder from outside linked folders, or copy its files: links to folders are followed one level deep.',
    `static/site: ${holds}`,
  ].join('\n'));
  assert.doesNotMatch(run.stdout + run.stderr, new RegExp(SECRET));
  assert.ok(!existsSync(path.join(site, 'out')), 'no output folder');
});

test('a static folder that is a link into the site is the folder it leads to, its own links followed as any static folder\'s', async () => {
  const site = siteWithLinks({ 'website/static/real.txt': 'real', 'versioned/v1/page.txt': 'v1' }, { static: 'website/static', 'website/static/v1': '../../versioned/v1' });
  const run = await buildDocsOnly(site);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(linksBelow(path.join(site, 'out')), []);
  assert.deepEqual(['real.txt', 'v1/page.txt'].map((file) => readFileSync(path.join(site, 'out', file), 'utf8')), ['real', 'v1']);
});

test('a static folder that is itself a link out of the site is refused', async () => {
  const site = siteWithLinks({}, { static: '../secret-folder' });
  const run = await buildDocsOnly(site);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: static: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.');
  assert.ok(!existsSync(path.join(site, 'out')), 'no output folder');
});

test('a --static that names a file, or a link to one, is one error, not a write outside the output folder', async () => {
  const site = siteWithLinks({ 'notes.txt': 'notes' }, { 'linked.txt': 'notes.txt' });
  for (const file of ['notes.txt', 'linked.txt']) {
    const run = await runCli(['build', '--docs', 'docs', '--static', file, '--out', 'out', '--no-search'], site);
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim(), `error: ${file}: is a file, not a folder\n  → Pass --static the folder whose files the site serves as they are.`);
    assert.ok(!existsSync(path.join(site, 'out')), 'no output folder');
  }
});

let server: DevServer | undefined;
after(() => server?.close());

test('watch mode refuses the same link, serves nothing through it, and its folder holds no link', async () => {
  const site = siteWithLinks({ 'static/real.txt': 'real' }, { 'static/etcdir': '/etc', 'static/again.txt': 'real.txt' });
  const lines: string[] = [];
  const devDir = path.join(site, '.dev-dist');
  server = await startDevServer({ projectRoot: site, docsDir: 'docs', devDir, port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  const shown = path.relative(process.cwd(), path.join(site, 'static/etcdir'));
  assert.deepEqual(lines.filter((line) => line.startsWith('E ')), [`E error: ${shown}: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.`]);
  assert.equal((await fetch(new URL('/etcdir/hostname', server.url))).status, 404);
  assert.deepEqual(linksBelow(devDir), []);
});
