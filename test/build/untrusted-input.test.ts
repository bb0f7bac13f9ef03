/**
 * A docs folder from a stranger's pull request: the build never runs code from it, never writes outside
 * its output folder, never deletes what it reads, and ends every failure with one clear report.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, test } from 'node:test';
import { ContentError } from '../../build/errors.ts';
import { FolderWriter } from '../../build/output/output-folder.ts';
import { listenOn } from '../../build/serve/static-server.ts';
import { runCli } from '../helpers/cli.ts';
import { buildSiteFolder, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

/** Every file below a folder, for proving that a failed build created nothing. */
function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

for (const fence of ['---js', '---javascript', '--- coffee', '---json']) {
  test(`front matter fenced "${fence}" is refused, and its code never runs`, async () => {
    const marker = `ran-${fence.replace(/\W/g, '')}`;
    const code = `{ title: (require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 'Pwned') }`;
    const run = await buildSiteFolder({ 'docs/guide.md': `${fence}\n${code}\n---\n\nSteps.\n` });
    assert.equal(run.code, 1);
    const language = fence.slice(3).trim();
    assert.equal(run.stderr.trim(), `error: docs/guide.md:1: front matter in "${language}" is not allowed\n  → Write the front matter as YAML between two --- lines.`);
    assert.ok(!existsSync(path.join(run.root, marker)), 'the front matter was not evaluated');
    assert.ok(!existsSync(path.join(run.root, 'out')));
  });
}

for (const slug of ['/../../package', '/../../../../escaped', 'a/../../b']) {
  test(`a slug "${slug}" is refused with its line, and nothing is written outside the output folder`, async () => {
    // Four folders deep in a sandbox of its own, so every escape the slug could make lands in the sandbox.
    const run = await buildSiteFolder({ 'docs/guide.md': `---\ntitle: Guide\nslug: ${slug}\n---\n\nSteps.\n` }, 'out', 'a/b/c/project');
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim(), `error: docs/guide.md:3: front matter "slug" "${slug}" has a ".." segment\n  → Write the slug as a path from the docs root without "..", for example "/guides/setup".`);
    const sandbox = path.resolve(run.root, '../../../..');
    assert.deepEqual(filesBelow(sandbox).filter((file) => !file.startsWith('a/b/c/project/out')), ['docs/guide.md', 'docs/intro.md', 'sidebars.js', 'site.config.ts'].map((file) => `a/b/c/project/${file}`));
  });
}

const OUT_CASES: [string, string][] = [
  ['.', 'output folder "." is or contains the project folder'],
  ['..', 'output folder ".." is or contains the project folder'],
  ['docs', 'output folder "docs" overlaps the docs folder docs'],
  ['docs/out', 'output folder "docs/out" overlaps the docs folder docs'],
  ['static', 'output folder "static" overlaps the static folder static'],
  ['site.config.ts', 'output folder "site.config.ts" is a file'],
  ['notes', 'output folder "notes" already holds files that are not a build of this site'],
];

for (const [out, message] of OUT_CASES) {
  test(`--out ${out} is refused, and the project is left as it was`, async () => {
    const run = await buildSiteFolder({ 'notes/todo.txt': 'keep me' }, out);
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim(), `error: --out: ${message}\n  → Pass --out a new folder, or the dist/ of an earlier build, outside the docs and static folders.`);
    assert.deepEqual(filesBelow(run.root), ['docs/guide.md', 'docs/intro.md', 'notes/todo.txt', 'sidebars.js', 'site.config.ts']);
    assert.equal(readFileSync(path.join(run.root, 'notes/todo.txt'), 'utf8'), 'keep me');
  });
}

test('--out a folder holding the sidebars file is refused, and the file is left as it was', async () => {
  const sidebars = "module.exports = { main: ['intro', 'guide'] };\n";
  const docs = { path: 'docs', sidebarPath: 'meta/sidebars.js', routeBasePath: '/', breadcrumbs: true, versions: { current: { label: 'Next' } }, warnOnDocsOutsideSidebar: false };
  const run = await buildSiteFolder({ 'meta/sidebars.js': sidebars, 'site.config.ts': siteConfig({ docs }) }, 'meta');
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: --out: output folder "meta" contains meta/sidebars.js\n  → Pass --out a new folder, or the dist/ of an earlier build, outside the docs and static folders.');
  assert.equal(readFileSync(path.join(run.root, 'meta/sidebars.js'), 'utf8'), sidebars);
});

test('the output writer refuses a path outside its folder, should a route ever resolve there', () => {
  const root = tempTree({});
  const writer = new FolderWriter(path.join(root, 'out'));
  assert.throws(() => writer.write('../escaped.html', '<p>x</p>'), { message: 'refusing to write "../escaped.html" outside the output folder' });
  assert.deepEqual(readdirSync(root), []);
});

test('the output writer links files it is given, and writing one of them afterwards leaves the linked file as it was', () => {
  const root = tempTree({ 'shard/page.html': '<p>shard</p>', 'shard/other.html': '<p>other</p>' });
  const writer = new FolderWriter(path.join(root, 'out'));
  writer.linkOrCopyFile(path.join(root, 'shard/page.html'), 'page.html');
  writer.linkOrCopyFile(path.join(root, 'shard/other.html'), 'page.html'); // a second source for the same file replaces the first
  assert.equal(statSync(path.join(root, 'out/page.html')).ino, statSync(path.join(root, 'shard/other.html')).ino);
  writer.write('page.html', '<p>merged</p>');
  assert.equal(readFileSync(path.join(root, 'out/page.html'), 'utf8'), '<p>merged</p>');
  assert.deepEqual([readFileSync(path.join(root, 'shard/page.html'), 'utf8'), readFileSync(path.join(root, 'shard/other.html'), 'utf8')], ['<p>shard</p>', '<p>other</p>']);
});

const secondFileSystem = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;

test('the output writer copies a file it cannot link, from another file system', { skip: secondFileSystem ? false : 'no second file system (/dev/shm) here' }, () => {
  const source = mkdtempSync('/dev/shm/redux-docs-test-');
  after(() => rmSync(source, { recursive: true, force: true }));
  writeFileSync(path.join(source, 'page.html'), '<p>elsewhere</p>');
  const root = tempTree({});
  const writer = new FolderWriter(path.join(root, 'out'));
  writer.linkOrCopyFile(path.join(source, 'page.html'), 'page.html');
  assert.equal(readFileSync(path.join(root, 'out/page.html'), 'utf8'), '<p>elsewhere</p>');
  assert.equal(writer.bytesWritten, '<p>elsewhere</p>'.length);
});

test('--out a folder holding an earlier build replaces it', async () => {
  const first = await buildSiteFolder({}, 'site-out');
  assert.equal(first.code, 0, first.stderr);
  const second = await runCli(['build', '--config', 'site.config.ts', '--out', 'site-out', '--no-search'], first.root);
  assert.equal(second.code, 0, second.stderr);
  assert.ok(existsSync(path.join(first.root, 'site-out/_headers')));
});

test('a build that fails after search indexing began ends with its report, not a Pagefind stack trace', async () => {
  const root = tempTree({
    'docs/intro.md': '---\ntitle: Intro\n---\n\nSee [the missing page](/nope).\n',
    'docs/guide.md': '# Guide\n\nSteps.\n',
    'sidebars.js': "module.exports = { main: ['intro', 'guide'] };\n",
  });
  const run = await runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out'], root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/intro.md:5: dead link /nope\n  → Fix the link, or pass --config with the site\'s docusaurus.config.js to build with its onBrokenLinks / onBrokenAnchors.');
  assert.ok(!existsSync(path.join(root, 'out')));
});

test('a dead link whose address hides a line break or a direction override is one problem on its own lines, the characters shown as escapes', async () => {
  const root = tempTree({
    'docs/intro.md': '---\ntitle: Intro\n---\n\n<a href="/nope&#10;error: docs/other.md:1: fake">one</a> and <a href="/gone&#x202E;dm.txt">two</a>\n',
    'sidebars.js': "module.exports = { main: ['intro'] };\n",
  });
  const run = await runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines[0], 'error: 2 problems found:');
  assert.equal(lines.filter((line) => line.startsWith('error: ')).length, 1, run.stderr);
  assert.ok(lines.includes('docs/intro.md:5: dead link /nope\\nerror: docs/other.md:1: fake'), run.stderr);
  assert.ok(lines.includes('docs/intro.md:5: dead link /gone\\u202edm.txt'), run.stderr);
});

test('YAML aliases of lists ("billion laughs") are refused at once with the first alias line', async () => {
  const levels = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let level = 1; level < 9; level++) {
    const [previous, current] = [String.fromCharCode(96 + level), String.fromCharCode(97 + level)];
    levels.push(`${current}: &${current} [${Array(9).fill(`*${previous}`).join(', ')}]`);
  }
  const run = await buildSiteFolder({ 'docs/guide.md': `---\n${levels.join('\n')}\ntitle: *i\n---\n\nSteps.\n` });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/guide.md:3: front matter reuses a list or map through a YAML alias (*name)\n  → Write the values out: aliases of lists and maps are refused, as nested ones expand exponentially ("billion laughs").');
});

for (const [name, files] of [
  ['a doc with slug: /', { 'docs/intro.md': '---\ntitle: Intro\nslug: /\n---\n\nWelcome to the home doc.\n' }],
  ['docs/index.md', { 'docs/index.md': '# Intro\n\nWelcome to the home doc.\n', 'sidebars.js': "module.exports = { main: ['index', 'guide'] };\n" }],
] as const) {
  test(`in a docs-only build, ${name} is the home page rather than a redirect to itself`, async () => {
    const root = tempTree({ 'docs/guide.md': '# Guide\n\nSteps.\n', 'sidebars.js': "module.exports = { main: ['intro', 'guide'] };\n", ...files });
    const run = await runCli(['build', '--docs', 'docs', '--sidebars', 'sidebars.js', '--out', 'out', '--no-search'], root);
    assert.equal(run.code, 0, run.stderr);
    const home = readFileSync(path.join(root, 'out/index.html'), 'utf8');
    assert.match(home, /Welcome to the home doc\./);
    assert.doesNotMatch(home, /http-equiv="refresh"/);
    assert.match(readFileSync(path.join(root, 'out/guide/index.html'), 'utf8'), /class="navbar-brand" href="\/"/, 'the navbar title leads home');
  });
}

test('pages that would overwrite the not-found page, the sitemap or a static file are one error naming both sources', async () => {
  const run = await buildSiteFolder({
    'docs/guide.md': '---\ntitle: Guide\nslug: /404.html\n---\n\nSteps.\n',
    'docs/map.md': '---\ntitle: Map\nslug: /sitemap.xml\n---\n\nAll pages.\n',
    'static/intro/index.html': '<p>An old page</p>',
    'sidebars.js': "module.exports = { main: ['intro', 'guide', 'map'] };\n",
  });
  assert.equal(run.code, 1);
  const fix = '  → Give the doc another slug (front matter "slug"), or rename the other file.';
  assert.equal(run.stderr.trim(), [
    'error: 3 problems found:',
    'docs/guide.md: route "/404.html" writes 404.html, where the not-found page is written', fix,
    'docs/intro.md: route "/intro" writes intro/index.html, where the static file static/intro/index.html is written', fix,
    'docs/map.md: route "/sitemap.xml" writes sitemap.xml/index.html, where the sitemap (sitemap.xml) is written', fix,
  ].join('\n'));
  assert.ok(!existsSync(path.join(run.root, 'out')));
});

test('a port that is not a number, or is in use, is one line and exit code 1 (serve and start)', async () => {
  const site = await buildSiteFolder({}, 'site-out');
  assert.equal(site.code, 0, site.stderr);
  const notANumber = await runCli(['serve', '--dir', 'site-out', '--port', 'abc'], site.root);
  assert.equal(notANumber.code, 1);
  assert.equal(notANumber.stderr.trim(), 'error: --port: "abc" is not a port number\n  → Pass a whole number from 0 to 65535, for example --port 3000.');
  const busy = http.createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const { port } = busy.address() as AddressInfo;
  try {
    for (const command of [['serve', '--dir', 'site-out'], ['start', '--config', 'site.config.ts', '--dev-dir', 'dev-out']]) {
      const run = await runCli([...command, '--port', String(port), '--host', '127.0.0.1'], site.root);
      assert.equal(run.code, 1, command[0]);
      assert.equal(run.stderr.trim(), `error: --port: port ${port} on 127.0.0.1 is in use\n  → Stop the other server, or pass another port, for example --port 3001.`, command[0]);
    }
  } finally {
    busy.close();
  }
});

test('a port the user may not open, or an address the machine does not have, is named with the port', async () => {
  // Root may open any port, so the refusal an ordinary user gets is simulated.
  const refusing = http.createServer();
  refusing.listen = (() => {
    process.nextTick(() => refusing.emit('error', Object.assign(new Error('listen EACCES: permission denied 127.0.0.1:80'), { code: 'EACCES' })));
    return refusing;
  }) as typeof refusing.listen;
  await assert.rejects(listenOn(refusing, 80, '127.0.0.1'), (error: unknown) => {
    assert.ok(error instanceof ContentError);
    assert.equal(error.format(), '--port: port 80 on 127.0.0.1 needs administrator rights\n  → Stop the other server, or pass another port, for example --port 3001.');
    return true;
  });
  const site = await buildSiteFolder({}, 'site-out');
  assert.equal(site.code, 0, site.stderr);
  const unavailable = await new Promise<string>((resolve) => http.createServer().once('error', (error) => resolve(error.message)).listen(0, '192.0.2.1'));
  const run = await runCli(['serve', '--dir', 'site-out', '--port', '0', '--host', '192.0.2.1'], site.root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), `error: --port: port 0 on 192.0.2.1 cannot be opened (${unavailable})\n  → Stop the other server, or pass another port, for example --port 3001.`);
});

test('an output folder that cannot be written is one line naming the path, and exit code 1', async () => {
  const run = await buildSiteFolder({}, '/sys/docs-site-out');
  assert.equal(run.code, 1);
  // The staging folder is named after the build's process id.
  assert.equal(run.stderr.trim().replace(/\.staging-\d+:/, '.staging-<pid>:'),
    'error: cannot mkdir /sys/docs-site-out.staging-<pid>: operation not permitted (EPERM)\n  → Free disk space or pick an output folder you can write to (--out); the previous output is unchanged.');
});

/** The process id of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

test('a build killed between the two renames of its swap: the next build puts the previous site back first', async () => {
  const site = await buildSiteFolder({}, 'site-out');
  assert.equal(site.code, 0, site.stderr);
  const pid = deadPid();
  // The state a kill between the renames leaves: no output folder, the old site retired, the new one staged.
  renameSync(path.join(site.root, 'site-out'), path.join(site.root, `site-out.retired-${pid}`));
  mkdirSync(path.join(site.root, `site-out.staging-${pid}`));
  writeFileSync(path.join(site.root, 'docs/guide.md'), '# Guide\n\nSee [nothing](./nowhere.md).\n');
  const failed = await runCli(['build', '--config', 'site.config.ts', '--out', 'site-out', '--no-search'], site.root);
  assert.equal(failed.code, 1, 'this build fails on the broken link');
  assert.ok(existsSync(path.join(site.root, 'site-out/index.html')), 'the previous complete site is back at site-out/');
  assert.deepEqual(readdirSync(site.root).filter((name) => name.startsWith('site-out.')), [], 'the dead build\'s folders are gone');
});

test('builds into one output folder at once all succeed, and the folder holds one complete site', async () => {
  // Enough pages that the builds overlap: each used to delete the others' staging folders.
  const pages = Object.fromEntries(Array.from({ length: 80 }, (_, index) => [`docs/page-${index}.md`, `# Page ${index}\n\n${'Some words. '.repeat(200)}\n`]));
  const site = await buildSiteFolder(pages, 'site-out');
  assert.equal(site.code, 0, site.stderr);
  const args = ['build', '--config', 'site.config.ts', '--out', 'site-out'];
  const runs = await Promise.all([runCli(args, site.root), runCli(args, site.root), runCli(args, site.root)]);
  for (const run of runs) assert.equal(run.code, 0, run.stderr);
  assert.ok(existsSync(path.join(site.root, 'site-out/index.html')) && existsSync(path.join(site.root, 'site-out/pagefind/pagefind.js')));
  assert.deepEqual(readdirSync(site.root).filter((name) => name.startsWith('site-out.')), []);
});

test('a build that waited its time (30 s, 2 s here) for another build\'s swap lock gives up with one error naming the holder; the published site stays', async () => {
  const site = await buildSiteFolder({}, 'site-out');
  assert.equal(site.code, 0, site.stderr);
  // The test's own process is alive, as the other build would be.
  writeFileSync(path.join(site.root, 'site-out.lock'), String(process.pid));
  writeFileSync(path.join(site.root, 'docs/guide.md'), '# Guide\n\nNew steps.\n');
  const run = await runCli(['build', '--config', 'site.config.ts', '--out', 'site-out', '--no-search'], site.root, { REDUX_DOCS_SWAP_LOCK_WAIT_MS: '2000' });
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), `error: --out: another build (process ${process.pid}) has held site-out.lock for 2 s\n  → Stop that build, or delete the file.`);
  assert.doesNotMatch(readFileSync(path.join(site.root, 'site-out/guide/index.html'), 'utf8'), /New steps/);
  assert.deepEqual(readdirSync(site.root).filter((name) => name.startsWith('site-out.')), ['site-out.lock']);
});

test('a page slower than maxPageSeconds ends the build with one error naming it; the published site stays', async () => {
  const published = await buildSiteFolder({});
  assert.equal(published.code, 0, published.stderr);
  const slowPage = `# Slow\n\n${'Some *emphasis*, `code` and a [link](https://example.com) in a paragraph.\n\n'.repeat(20_000)}`;
  writeFileSync(path.join(published.root, 'docs/guide.md'), slowPage);
  writeFileSync(path.join(published.root, 'site.config.ts'), siteConfig({ maxPageSeconds: 0.05 }));
  const run = await runCli(['build', '--config', 'site.config.ts', '--out', 'out', '--no-search'], published.root);
  assert.notEqual(run.code, 0);
  assert.equal(run.stderr.trim().split('\n').slice(-2).join('\n'),
    'error: docs/guide.md: the page took longer than 0.05 s to build\n  → Look for a very long line, deeply repeated syntax or a slow component in it, or raise maxPageSeconds in site.config.ts.');
  assert.match(readFileSync(path.join(published.root, 'out/guide/index.html'), 'utf8'), /Steps\./);
});

test('the link checker agrees with the server: static pages by clean URL, their anchors, each occurrence, raw HTML blamed on its line', async () => {
  const run = await buildSiteFolder({
    'static/legacy.html': "<!doctype html><title>Legacy</title><h2 id=top>Top</h2><a name='old'>Old</a>\n",
    'docs/guide.md': [
      '# Guide', '',
      'The [legacy page](/legacy), its [top](/legacy.html#top) and [old part](/legacy#old).', '',
      'A [missing part](/legacy.html#nope).', '',
      'See [gone](/gone).', '',
      'And again [gone](/gone).', '',
      '<p>Raw: <a href="/raw-gone">here</a></p>', '',
    ].join('\n'),
  });
  assert.equal(run.code, 1);
  const fix = '  → Fix the link, or set onBrokenLinks / onBrokenAnchors to "warn" in site.config.ts.';
  assert.equal(run.stderr.trim(), [
    'error: 4 problems found:',
    'docs/guide.md:5: broken anchor /legacy.html#nope', fix,
    'docs/guide.md:7: dead link /gone', fix,
    'docs/guide.md:9: dead link /gone', fix,
    'docs/guide.md:11: dead link /raw-gone', fix,
  ].join('\n'));
});
