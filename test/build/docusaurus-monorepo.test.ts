/**
 * A Docusaurus site laid out as the Redux repository is (test/fixtures/docusaurus-monorepo): the config
 * in website/, the docs in ../docs beside it, and a React /errors page that reads its location from
 * `@docusaurus/router`. Built with the CLI from website/, as its author would.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/site.ts';
import { tempTree } from '../helpers/tmp.ts';

const fixture = path.join(projectRoot, 'test/fixtures/docusaurus-monorepo');

/** Builds a copy of the fixture (with `changes`: files replaced or added) from its website/ folder. */
async function buildFixture(changes: Record<string, string> = {}, flags = ['--allow-component-code']) {
  const files = Object.fromEntries(readdirSync(fixture, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => {
    const file = path.relative(fixture, path.join(entry.parentPath, entry.name));
    return [file, readFileSync(path.join(fixture, file), 'utf8')];
  }));
  const root = tempTree({ ...files, ...changes });
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'docusaurus-monorepo-')), 'out');
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', outDir, '--no-search', '--no-cache', ...flags], path.join(root, 'website'));
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
  assert.equal(markdown(built.page('introduction/index.html')).split('\n')[0],
    '<p>This page is at /introduction, and its history at /introduction.</p>');
});
