/**
 * The merge of a sharded build takes shard folders as untrusted input (issue #34): a `__shard.json` that is
 * garbled or of another shape is one error naming the shard, and every file of every shard must be the
 * one its build wrote, by the SHA-256 list in the manifest. Whatever is wrong, nothing is published.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const FIX = '  → Build this shard again (`npm run build -- --shard K/N`) and pass its --out folder as the build left it.';
const TOPICS = ['store', 'actions', 'reducers', 'selectors', 'middleware', 'thunks'];

const root = tempTree(Object.fromEntries([['docs/intro.md', '# Intro\n\nWelcome.\n'], ...TOPICS.map((topic) => [`docs/${topic}.md`, `# ${topic}\n\nAbout ${topic}.\n`])]));
const site = ['build', '--docs', 'docs', '--no-cache', '--no-search'];
const merge = (...dirs: string[]) => runCli([...site, '--merge', ...dirs, '--out', 'merged'], root);

before(async () => {
  for (const index of [1, 2]) {
    const run = await runCli([...site, '--shard', `${index}/2`, '--out', `shard-${index}`], root);
    assert.equal(run.code, 0, run.stderr);
  }
  // The untouched shards merge: every file they hold is in their manifests, so what the tests refuse is their change.
  const untouched = await merge('shard-1', 'shard-2');
  assert.equal(untouched.code, 0, untouched.stderr);
  rmSync(path.join(root, 'merged'), { recursive: true });
});

/** A fresh copy of a shard's folder, changed by `change`. */
function tampered(shard: string, name: string, change: (dir: string) => void): string {
  cpSync(path.join(root, shard), path.join(root, name), { recursive: true });
  change(path.join(root, name));
  return name;
}

/** A page file the shard built. */
function pageOf(shard: string): string {
  return readdirSync(path.join(root, shard), { recursive: true }).map(String).filter((file) => file.endsWith('/index.html')).sort()[0];
}

async function assertRefused(dirs: string[], stderr: string): Promise<void> {
  const run = await merge(...dirs);
  assert.deepEqual([run.code, run.stderr.trim()], [1, stderr], dirs.join(' '));
  assert.ok(!existsSync(path.join(root, 'merged')), 'nothing published');
}

const MANIFESTS: [string, (manifest: Record<string, unknown>) => unknown, string][] = [
  ['{', () => '{', 'the shard manifest is not valid JSON'],
  ['{}', () => ({}), 'the shard manifest "shard" is missing'],
  ['[]', () => [], 'the shard manifest must be an object, not a list'],
  ['a number', () => 42, 'the shard manifest must be an object, not a number (42)'],
  ['a shard number as a string', (manifest) => ({ ...manifest, shard: { index: '2', count: 2 } }), 'the shard manifest "shard.index" must be a number, not a string ("2")'],
  ['pages that are not a list', (manifest) => ({ ...manifest, pages: 'all' }), 'the shard manifest "pages" must be a list, not a string ("all")'],
  ['a file hash that is a number', (manifest) => ({ ...manifest, files: { ...(manifest.files as object), 'index.html': 5 } }), 'the shard manifest "files.index.html" must be a string, not a number (5)'],
  ['a file listed as ../x', (manifest) => ({ ...manifest, files: { ...(manifest.files as object), '../x': '0'.repeat(64) } }), 'the shard manifest lists "../x", which is not a path below the shard folder'],
];

for (const [index, [what, write, message]] of MANIFESTS.entries()) {
  test(`a shard whose __shard.json is ${what} is one error naming it, and nothing is published`, async () => {
    const name = tampered('shard-2', `manifest-${index + 1}`, (dir) => {
      const manifest = JSON.parse(readFileSync(path.join(dir, '__shard.json'), 'utf8'));
      const written = write(manifest);
      writeFileSync(path.join(dir, '__shard.json'), typeof written === 'string' ? written : JSON.stringify(written));
    });
    await assertRefused(['shard-1', name], `error: ${name}/__shard.json: ${message}\n${FIX}`);
  });
}

test('a shard whose __shard.json is a link is no shard, and what it leads to is not read', async () => {
  const name = tampered('shard-2', 'manifest-link', (dir) => {
    rmSync(path.join(dir, '__shard.json'));
    symlinkSync('/etc/passwd', path.join(dir, '__shard.json'));
  });
  await assertRefused(['shard-1', name], `error: ${name}: is not the output of a shard build (it has no __shard.json)\n  → Pass the --out folders of \`npm run build -- --shard K/N\`, one for each K.`);
});

test('a shard with an extra evil.html is refused, naming the shard and the file', async () => {
  const name = tampered('shard-2', 'extra-file', (dir) => writeFileSync(path.join(dir, 'evil.html'), '<script>alert(1)</script>'));
  await assertRefused(['shard-1', name], `error: ${name}/evil.html: is not in the shard's manifest\n${FIX}`);
});

test('a shard with an overwritten page is refused, naming the shard and the page', async () => {
  const page = pageOf('shard-1');
  const name = tampered('shard-1', 'overwritten-page', (dir) => writeFileSync(path.join(dir, page), '<script>alert(1)</script>'));
  await assertRefused([name, 'shard-2'], `error: ${name}/${page}: is not the file the shard's build wrote (its SHA-256 differs from the manifest's)\n${FIX}`);
});

test('a shard missing a page its manifest lists is refused, naming it', async () => {
  const page = pageOf('shard-2');
  const name = tampered('shard-2', 'missing-page', (dir) => rmSync(path.join(dir, page)));
  await assertRefused(['shard-1', name], `error: ${name}/${page}: is in the shard's manifest, and missing\n${FIX}`);
});

test('links in a shard are refused, never followed: a page replaced by a link, a link to a folder', async () => {
  const page = pageOf('shard-2');
  const name = tampered('shard-2', 'links', (dir) => {
    rmSync(path.join(dir, page));
    symlinkSync('/etc/passwd', path.join(dir, page));
    symlinkSync('/etc', path.join(dir, 'etc'));
  });
  await assertRefused(['shard-1', name], [
    'error: 2 problems found:',
    `${name}/${page}: is not the file the shard's build wrote (it is not a regular file)`,
    FIX,
    `${name}/etc: is not in the shard's manifest`,
    FIX,
  ].join('\n'));
});

for (const [what, list] of [['not JSON', '{'], ['a list naming another site', '["https://evil.example/"]']]) {
  test(`a shard whose search list is ${what}, though its manifest lists it, is one error naming it`, async () => {
    const name = tampered('shard-1', `search-list-${what.split(' ')[0]}`, (dir) => {
      mkdirSync(path.join(dir, 'pagefind'));
      writeFileSync(path.join(dir, 'pagefind/shards.json'), list);
      const manifest = JSON.parse(readFileSync(path.join(dir, '__shard.json'), 'utf8'));
      manifest.files['pagefind/shards.json'] = createHash('sha256').update(list).digest('hex');
      writeFileSync(path.join(dir, '__shard.json'), JSON.stringify(manifest));
    });
    await assertRefused([name, 'shard-2'], `error: ${name}/pagefind/shards.json: is not a list of search index parts\n${FIX}`);
  });
}
