/**
 * A Docusaurus site laid out as the Redux repository is (test/fixtures/docusaurus-monorepo): the config
 * in website/, the docs in ../docs beside it, errors.json at the repository root, and a React /errors page
 * that imports it and reads its location from `@docusaurus/router`. Built with the CLI from website/, as
 * its author would.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { tempTree } from '../helpers/tmp.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-monorepo');

/** Builds a copy of the fixture (with `changes`: files replaced or added) from its website/ folder; `prepare` runs first. */
async function buildFixture(changes: Record<string, string> = {}, prepare?: (root: string) => void) {
  const files = Object.fromEntries(readdirSync(fixture, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => {
    const file = path.relative(fixture, path.join(entry.parentPath, entry.name));
    return [file, readFileSync(path.join(fixture, file), 'utf8')];
  }));
  const root = tempTree({ ...files, ...changes });
  prepare?.(root);
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'docusaurus-monorepo-')), 'out');
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', outDir, '--no-search', '--no-cache', '--allow-component-code'], path.join(root, 'website'));
  return { ...run, root, outDir, page: (file: string) => readFileSync(path.join(outDir, file), 'utf8') };
}

const part = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? '';
const main = (html: string) => part(html, /<main id="__main" class="main-wrapper" tabindex="-1"><!--\$-->([\s\S]*)<!--\/\$--><\/main>/);
const markdown = (html: string) => part(html, /<div class="markdown">([\s\S]*?)<\/div>/);

let built: Awaited<ReturnType<typeof buildFixture>>;

before(async () => {
  built = await buildFixture();
  assert.equal(built.code, 0, built.stderr);
});

test('the site builds with no warning', () => {
  assert.equal(built.stderr, '');
  assert.match(built.stdout, /Built 3 pages/);
});

test('a React page reads its location from @docusaurus/router: its permalink, no query string or hash, a history that stays there', () => {
  assert.equal(main(built.page('errors/index.html')), [
    '<div class="react-page" data-pagefind-body=""><div class="styles_0798cd_mainFull"><h1>Production Error Codes</h1>',
    '<p>When Redux is built and running in production, error text is replaced by indexed error codes to save on bundle size.</p>',
    // pathname | search | hash | history.location.pathname | history.length | matchPath's :page
    '<p class="location">/errors|||/errors|1|errors</p>',
    // No ?code= at build time, so no error is picked: the page shows the table only, as Docusaurus's server render does.
    '<h2>All Error Codes</h2><table><thead><tr><th>Code</th><th>Message</th></tr></thead><tbody>',
    '<tr><td>0</td><td>It looks like you are passing several store enhancers to createStore().</td></tr>',
    "<tr><td>1</td><td>Expected the enhancer to be a function. Instead, received: ''</td></tr>",
    "<tr><td>2</td><td>Expected the root reducer to be a function. Instead, received: ''</td></tr>",
    '</tbody></table></div></div>',
  ].join(''));
});

test('an MDX page calls useLocation and useHistory in its expressions and gets its own permalink', () => {
  assert.equal(markdown(built.page('introduction/index.html')).split('\n')[1],
    '<p>This page is at /introduction, and its history at /introduction.</p>');
});

test('with the docs beside the site folder, the site is the folder holding both: a component and an MDX page import errors.json from it', () => {
  assert.match(main(built.page('errors/index.html')), /<tr><td>2<\/td><td>Expected the root reducer to be a function\. Instead, received: ''<\/td><\/tr>/);
  assert.equal(markdown(built.page('introduction/index.html')).split('\n')[0], '<p>Redux has 3 production error codes.</p>');
});

test('an image next to a doc in ../docs is published', () => {
  const image = /<img src="(\/assets\/media\/store-[0-9a-f]{10}\.svg)" alt="The store" loading="lazy">/.exec(built.page('api/store/index.html'))?.[1];
  assert.ok(image);
  assert.equal(built.page(image), readFileSync(path.join(fixture, 'docs/api/img/store.svg'), 'utf8'));
});

test('a read outside the folder holding both is refused as before, also through a link; a hidden file of the repository is never published', async () => {
  // A folder beside the copy of the repository, which the build must not read.
  const outside = tempTree({ 'secret.json': '{ "token": "s3cret" }\n' });
  const escape = `../../${path.basename(outside)}/secret.json`;
  const run = await buildFixture({
    'docs/introduction.mdx': `import secret from '${escape}'\n\n{secret.token}\n`,
    'website/src/pages/errors.js': "import codes from '../linked.json'\n\nexport default function Errors() { return <p>{Object.keys(codes).length}</p> }\n",
    'docs/api/store.md': '# Store\n\nSee the [notes](../../.github/notes.txt).\n',
    '.github/notes.txt': 'Release notes.\n',
  }, (root) => symlinkSync(path.join(outside, 'secret.json'), path.join(root, 'website/src/linked.json')));
  assert.equal(run.code, 1);
  assert.equal(run.stderr.trim(), [
    'error: 3 problems found:',
    '../docs/api/store.md:3:9: link to "../../.github/notes.txt": the file is not copied into the site',
    '  → Only images, documents, archives, data and media files are copied from beside the pages, never a hidden file, an HTML page, a script or an SVG with script in it; put a file to publish as it is in the static folder.',
    `../docs/introduction.mdx:1:1: cannot import "${escape}": it is outside the site folder`,
    '  → Move the file into the site folder (a symbolic link to a file outside it is refused).',
    'src/pages/errors.js: could not load "./errors.js": src/pages/errors.js:1:19: cannot import "../linked.json": it is outside the site folder',
    '  → Fix the error in that file.',
  ].join('\n'));
});
