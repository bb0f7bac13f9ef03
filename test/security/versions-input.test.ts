/**
 * A versioned docs folder from a stranger: versions.json names folders the config never mentions, so what
 * they lead to, the routes a version's options make and the labels pages show are all untrusted input.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { tempTree } from '../helpers/tmp.ts';

const SECRET = 'the-secret-outside';

/** A versioned docs-only site (docs/ beside versions.json ["1.0"]) inside `sandbox/site`, with the secret beside it. */
function sandboxWith(files: Record<string, string>) {
  return tempTree({
    [`secret/notes.md`]: `# Notes\n\n${SECRET}\n`,
    'secret/sidebars.json': `{"docs": ["notes"], "x": "${SECRET}"}`,
    'site/docs/intro.md': '# Intro\n\nNext.\n',
    'site/versions.json': '["1.0"]',
    ...files,
  });
}

const build = (sandbox: string, args: string[] = ['--docs', 'docs']) => runCli(['build', ...args, '--out', 'out', '--no-search'], path.join(sandbox, 'site'));

test('a version folder that is a link out of the site is one error, and what it leads to is never read', async () => {
  const sandbox = sandboxWith({ 'site/versioned_docs/.keep': '' });
  symlinkSync(path.join(sandbox, 'secret'), path.join(sandbox, 'site/versioned_docs/version-1.0'), 'dir');
  const run = await build(sandbox);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: versioned_docs/version-1.0: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.');
  assert.doesNotMatch(run.stdout + run.stderr, new RegExp(SECRET));
  assert.ok(!existsSync(path.join(sandbox, 'site/out')));
});

test('a versioned sidebars file or versions.json that is a link out of the site is one error, never read', async () => {
  for (const link of ['versioned_sidebars/version-1.0-sidebars.json', 'versions.json']) {
    const sandbox = sandboxWith({ 'site/versioned_docs/version-1.0/intro.md': '# Intro\n\nOld.\n', 'site/versioned_sidebars/.keep': '' });
    rmSync(path.join(sandbox, 'site', link), { force: true });
    symlinkSync(path.join(sandbox, 'secret/sidebars.json'), path.join(sandbox, 'site', link));
    const run = await build(sandbox);
    assert.equal(run.code, 1, link);
    assert.equal(run.stderr.trim(), `error: ${link}: is a link to a path outside the site folder\n  → Remove the link, or put the files themselves in its place.`);
    assert.doesNotMatch(run.stdout + run.stderr, new RegExp(SECRET));
  }
});

test('a version path that climbs out of the docs\' route, or carries a query, is one error naming the config', async () => {
  for (const versionPath of ['../../escape', '%2e%2e/x', 'a?b', '/abs']) {
    const sandbox = sandboxWith({
      'site/versioned_docs/version-1.0/intro.md': '# Intro\n\nOld.\n',
      'site/docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { versions: { '1.0': { path: ${JSON.stringify(versionPath)} } } }, blog: false }]] };\n`,
    });
    const run = await build(sandbox, ['--config', 'docusaurus.config.js']);
    assert.equal(run.code, 1, versionPath);
    assert.equal(run.stderr.trim(), `error: docusaurus.config.js: docs.versions["1.0"].path ${JSON.stringify(versionPath)} is not a route segment\n  → Give a path below the docs' route, such as "1.x" or "legacy/1.x" (no "..", "?", "#", backslash or leading "/").`);
  }
});

test('a version label with markup is text on every page that shows it; a version named __proto__ is a version like any other', async () => {
  const sandbox = sandboxWith({
    'site/versions.json': '["__proto__", "1.0"]',
    'site/versioned_docs/version-1.0/intro.md': '# Intro\n\nOld.\n',
    'site/versioned_docs/version-__proto__/intro.md': '# Intro\n\nProto.\n',
    'site/docusaurus.config.js': `module.exports = { title: 'T', url: 'https://t.example', baseUrl: '/', presets: [['classic', { docs: { versions: { '1.0': { label: '<img src=x onerror=alert(1)>' } } }, blog: false }]],
      themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown' }] } } };\n`,
  });
  const run = await build(sandbox, ['--config', 'docusaurus.config.js']);
  assert.equal(run.code, 0, run.stderr);
  const page = readFileSync(path.join(sandbox, 'site/out/docs/1.0/intro/index.html'), 'utf8');
  assert.doesNotMatch(page, /<img src=x/);
  assert.match(page, /&lt;img src=x onerror=alert\(1\)&gt;/);
  const menu = [...(/<ul[^>]*navbar-dropdown-menu[\s\S]*?<\/ul>/.exec(page)?.[0] ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  assert.deepEqual(menu, ['/docs/next/intro', '/docs/intro', '/docs/1.0/intro']);
  assert.match(readFileSync(path.join(sandbox, 'site/out/docs/intro/index.html'), 'utf8'), /Proto\./);
});
