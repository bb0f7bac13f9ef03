/**
 * A `..` written percent-encoded (issue #34): the build decodes a route's segments to name its files, so
 * `/%2e%2e/x` and `/..%2fx` climb like `/../x`. Each is the documented error at its file and line, wherever
 * a route is written (a slug, an id, a file name, a category's generated index), never a stack trace, and
 * nothing is written outside the output folder, by the build or by watch mode.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { DevOutput } from '../../build/dev/watch-output.ts';
import { startDevServer, type DevServer } from '../../build/dev/server.ts';
import { runCli } from '../helpers/cli.ts';
import { buildSiteFolder, DOCS, siteConfig } from '../helpers/site-folder.ts';
import { tempTree } from '../helpers/tmp.ts';

const SLUG_FIX = '  → Write the slug as a path from the docs root without "..", for example "/guides/setup".';
/** Four folders deep in a sandbox of its own, so every escape a route could make lands in the sandbox. */
const BELOW = 'a/b/c/project';

/** Every file below a folder, for proving that nothing was written where it should not be. */
function filesBelow(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

function sandboxOf(root: string): string {
  return path.resolve(root, '../../../..');
}

for (const slug of ['/%2e%2e/%2e%2e/x', '/..%2f..%2fx']) {
  test(`a slug "${slug}" is refused with its line, and nothing is written`, async () => {
    const run = await buildSiteFolder({ 'docs/guide.md': `---\ntitle: Guide\nslug: ${slug}\n---\n\nSteps.\n` }, 'out', BELOW);
    assert.equal(run.code, 1);
    assert.equal(run.stderr.trim(), `error: docs/guide.md:3: front matter "slug" "${slug}" has a ".." segment\n${SLUG_FIX}`);
    assert.deepEqual(filesBelow(sandboxOf(run.root)), ['docs/guide.md', 'docs/intro.md', 'sidebars.js', 'site.config.ts'].map((file) => `${BELOW}/${file}`));
  });
}

test('an id "..%2f..%2fx" is refused as an id with a "/", at its line', async () => {
  const run = await buildSiteFolder({ 'docs/guide.md': '---\ntitle: Guide\nid: ..%2f..%2fx\n---\n\nSteps.\n' }, 'out', BELOW);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/guide.md:3: front matter "id" must not contain "/" (got "..%2f..%2fx")\n  → Use the file name part only; the folder is added automatically.');
  assert.deepEqual(filesBelow(sandboxOf(run.root)), ['docs/guide.md', 'docs/intro.md', 'sidebars.js', 'site.config.ts'].map((file) => `${BELOW}/${file}`));
});

test('a file named "..%2f..%2fx.md" is refused, naming it', async () => {
  const root = path.join(tempTree({ [`${BELOW}/docs/intro.md`]: '# Intro\n', [`${BELOW}/docs/..%2f..%2fx.md`]: '# X\n' }), BELOW);
  const run = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], root);
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), 'error: docs/..%2f..%2fx.md: the file\'s path makes the route "/..%2f..%2fx", which has a ".." segment once decoded\n  → Rename the file or folder: "%2e" and "%2f" in a name are "." and "/" in its route.');
  assert.deepEqual(filesBelow(sandboxOf(root)), ['docs/..%2f..%2fx.md', 'docs/intro.md'].map((file) => `${BELOW}/${file}`));
});

test('a generated index at "/%2e%2e/%2e%2e/x", in a _category_ file or a sidebars file, is refused naming the file', async () => {
  const category = path.join(tempTree({ [`${BELOW}/docs/intro.md`]: '# Intro\n', [`${BELOW}/docs/api/store.md`]: '# Store\n', [`${BELOW}/docs/api/_category_.json`]: '{\n  "link": { "type": "generated-index", "slug": "/%2e%2e/%2e%2e/x" }\n}\n' }), BELOW);
  const fromCategory = await runCli(['build', '--docs', 'docs', '--out', 'out', '--no-search'], category);
  assert.equal(fromCategory.code, 1);
  assert.equal(fromCategory.stderr.trim(), `error: docs/api/_category_.json:2: "link.slug" is "/%2e%2e/%2e%2e/x"\n${SLUG_FIX}`);
  assert.deepEqual(filesBelow(sandboxOf(category)), ['docs/api/_category_.json', 'docs/api/store.md', 'docs/intro.md'].map((file) => `${BELOW}/${file}`));

  const sidebars = "module.exports = { main: ['intro', { type: 'category', label: 'API', items: ['guide'], link: { type: 'generated-index', slug: '/..%2f..%2fx' } }] };\n";
  const fromSidebars = await buildSiteFolder({ 'sidebars.js': sidebars }, 'out', BELOW);
  assert.equal(fromSidebars.code, 1);
  assert.equal(fromSidebars.stderr.trim(), `error: sidebars.js: sidebar "main" category "API" has the generated-index slug "/..%2f..%2fx", which has a ".." segment\n${SLUG_FIX}`);
});

let server: DevServer | undefined;
after(() => server?.close());

test('watch mode refuses the encoded slug too, and writes nothing outside its folder, even when dead links are only warnings', async () => {
  const root = path.join(tempTree(Object.fromEntries(Object.entries({ ...DOCS, 'docs/guide.md': '---\ntitle: Guide\nslug: /%2e%2e/%2e%2e/%2e%2e/%2e%2e/escaped\n---\n\nSteps.\n', 'site.config.ts': siteConfig({ onBrokenLinks: 'warn' }) }).map(([file, text]) => [`${BELOW}/${file}`, text]))), BELOW);
  const lines: string[] = [];
  server = await startDevServer({ projectRoot: root, configFile: 'site.config.ts', port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
  await server.idle();
  const shown = path.relative(process.cwd(), path.join(root, 'docs/guide.md'));
  assert.deepEqual(lines.filter((line) => line.startsWith('E ')), [`E error: ${shown}:3: front matter "slug" "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/escaped" has a ".." segment\n${SLUG_FIX}`]);
  assert.deepEqual(filesBelow(sandboxOf(root)).filter((file) => !file.startsWith(`${BELOW}/.dev-dist/`)), ['docs/guide.md', 'docs/intro.md', 'sidebars.js', 'site.config.ts'].map((file) => `${BELOW}/${file}`));
});

test('watch mode\'s output folder refuses a path outside it, should a route ever resolve there', () => {
  const root = tempTree({});
  const output = new DevOutput(path.join(root, 'dev/site'));
  assert.throws(() => output.apply(new Map([['../../escaped.html', { hash: 'x', contents: '<p>x</p>' }]])), { message: 'refusing to write "../../escaped.html" outside the output folder' });
  assert.deepEqual(filesBelow(root), []);
});
