import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { collectDocs } from '../../build/site/docs.ts';
import { ContentError } from '../../build/errors.ts';
import { loadSidebars } from '../../build/site/sidebars.ts';
import { tempTree } from '../helpers/tmp.ts';

const docsFiles = {
  'docs/intro.md': '---\ntitle: Intro\nsidebar_label: Start here\n---\nA\n',
  'docs/guide/one.md': '# One\nA\n',
  'docs/guide/two.md': '# Two\nA\n',
};

function load(sidebarFile: string, sidebarSource: string) {
  const root = tempTree({ ...docsFiles, [sidebarFile]: sidebarSource });
  const docs = collectDocs(path.join(root, 'docs'));
  return loadSidebars(path.join(root, sidebarFile), docs);
}

test('a CommonJS sidebars.js with the shorthand category form resolves', async () => {
  const { sidebars, placementByDocId } = await load('sidebars.js', "module.exports = { main: ['intro', { Guide: ['guide/one', 'guide/two'] }] };");
  assert.deepEqual(sidebars.main, [
    { type: 'link', label: 'Start here', href: '/intro' },
    { type: 'category', label: 'Guide', collapsed: true, collapsible: true, href: undefined, items: [
      { type: 'link', label: 'One', href: '/guide/one' },
      { type: 'link', label: 'Two', href: '/guide/two' },
    ] },
  ]);
  assert.deepEqual(placementByDocId.get('guide/one'), {
    sidebarName: 'main',
    label: 'One',
    categories: [{ label: 'Guide', href: undefined }],
    previous: { label: 'Start here', href: '/intro' },
    next: { label: 'Two', href: '/guide/two' },
  });
});

test('an ESM TypeScript sidebars file with category objects resolves', async () => {
  const source = "const sidebars: Record<string, unknown[]> = { docs: [{ type: 'doc', id: 'intro', label: 'Home' }, { type: 'category', label: 'Guide', collapsed: false, link: { type: 'doc', id: 'guide/one' }, items: ['guide/two'] }, { type: 'link', label: 'Redux', href: 'https://redux.js.org' }] };\nexport default sidebars;";
  const { sidebars } = await load('sidebars.ts', source);
  const category = sidebars.docs[1];
  assert.equal(category.type, 'category');
  assert.equal(category.type === 'category' && category.href, '/guide/one');
  assert.equal(category.type === 'category' && category.collapsed, false);
  assert.deepEqual(sidebars.docs[2], { type: 'link', label: 'Redux', href: 'https://redux.js.org' });
});

async function loadError(sidebarSource: string): Promise<string> {
  try {
    await load('sidebars.js', sidebarSource);
  } catch (error) {
    assert.ok(error instanceof ContentError, String(error));
    return error.format().replace(/^.*sidebars\.js/, 'sidebars.js');
  }
  assert.fail('expected the sidebars to be rejected');
}

test('a sidebar entry naming a missing doc names the sidebar and the id', async () => {
  assert.equal(await loadError("module.exports = { main: ['intro', 'guide/three'] };"),
    'sidebars.js: sidebar "main" names the doc "guide/three", which does not exist\n  → Create content for "guide/three", or fix the id (ids are paths below the docs folder without ".md").');
});

test('a category linking to a missing doc names the sidebar, the category and the id', async () => {
  assert.equal(await loadError("module.exports = { main: [{ type: 'category', label: 'Guide', link: { type: 'doc', id: 'guide/index' }, items: ['guide/one'] }] };"),
    'sidebars.js: sidebar "main" category "Guide" links to the doc "guide/index", which does not exist\n  → Fix the link id.');
});

test('items of a shape the sidebars cannot show are named with the sidebar and the item', async () => {
  assert.equal(await loadError("module.exports = { main: 'intro' };"),
    'sidebars.js: sidebar "main" has items that are not a list ("intro")\n  → Write the items as an array.');
  assert.equal(await loadError("module.exports = { main: ['intro', 42] };"),
    'sidebars.js: sidebar "main" has an item that is not an id or object: 42\n  → Use a doc id string or an item object.');
  assert.equal(await loadError("module.exports = { main: [{ id: 'intro' }] };"),
    'sidebars.js: sidebar "main" has an item without a type: {"id":"intro"}\n  → Add type: "doc", "category" or "link".');
  assert.equal(await loadError("module.exports = { main: [{ type: 'html', value: '<hr>' }] };"),
    'sidebars.js: sidebar "main" has an item of unsupported type "html"\n  → Use "doc", "ref", "category" or "link".');
});

test('a sidebars file that does not export an object of sidebars is named', async () => {
  assert.equal(await loadError("module.exports = ['intro', 'guide/one'];"),
    'sidebars.js: the sidebars file must export an object of named sidebars\n  → Export { sidebarName: [items] } as default (or module.exports).');
});

test('a category that contains itself is an error naming its path, not a stack overflow', async () => {
  const text = await loadError("const guide = { type: 'category', label: 'Guide', items: ['guide/one'] };\nconst more = { type: 'category', label: 'More', items: [guide] };\nguide.items.push(more);\nmodule.exports = { main: ['intro', guide] };");
  assert.equal(text, 'sidebars.js: sidebar "main" category "Guide › More › Guide" contains itself\n  → Remove the category (or the list it shares) from its own items.');
});

test('a doc item without an id names the sidebar, the category and the item', async () => {
  const text = await loadError("module.exports = { main: ['intro', { type: 'category', label: 'Guide', items: [{ type: 'doc', label: 'One' }] }] };");
  assert.equal(text, 'sidebars.js: sidebar "main" has a doc item without an id in category "Guide": {"type":"doc","label":"One"}\n  → Add id: the id of the doc it shows (its path below the docs folder without ".md").');
});

test('a sidebars file exporting a Promise gets the sidebars it resolves to, not a site without sidebars', async () => {
  const { sidebars } = await load('sidebars.js', "module.exports = Promise.resolve({ main: ['intro'] });");
  assert.deepEqual(sidebars.main, [{ type: 'link', label: 'Start here', href: '/intro' }]);
});

test('a link item without href and a category without label are named, not rendered as "undefined"', async () => {
  assert.equal(await loadError("module.exports = { main: ['intro', { type: 'category', label: 'Guide', items: [{ type: 'link', label: 'Redux' }] }] };"),
    'sidebars.js: sidebar "main" has a link item without a label or href in category "Guide": {"type":"link","label":"Redux"}\n  → Give a link item both label and href (strings).');
  assert.equal(await loadError("module.exports = { main: [{ type: 'category', items: ['intro'] }] };"),
    'sidebars.js: sidebar "main" has a category without a label\n  → Give the category a label (a string).');
});

test('a sidebars.ts may import a typed helper; it is loaded fresh every time, and listed for watch mode', async () => {
  const root = tempTree({
    ...docsFiles,
    'sidebar-helpers.ts': "export const guide = (ids: string[]): { type: 'category'; label: string; items: string[] } => ({ type: 'category', label: 'Guide', items: ids });\n",
    'sidebars.ts': "import { guide } from './sidebar-helpers.ts';\nexport default { main: ['intro', guide(['guide/one'])] };\n",
  });
  const docs = collectDocs(path.join(root, 'docs'));
  const files = new Set<string>();
  const first = await loadSidebars(path.join(root, 'sidebars.ts'), docs, files);
  assert.deepEqual(first.sidebars.main.map((item) => item.label), ['Start here', 'Guide']);
  assert.deepEqual([...files].sort(), [path.join(root, 'sidebar-helpers.ts'), path.join(root, 'sidebars.ts')]);
  writeFileSync(path.join(root, 'sidebar-helpers.ts'), "export const guide = (ids: string[]) => ({ type: 'category', label: 'Guides', items: ids });\n");
  const second = await loadSidebars(path.join(root, 'sidebars.ts'), docs);
  assert.deepEqual(second.sidebars.main.map((item) => item.label), ['Start here', 'Guides'], 'the edited helper, not a cached copy');
});

test('a syntax error or a missing file in an imported helper names the helper and its line', async () => {
  const root = tempTree({
    ...docsFiles,
    'helpers/broken.ts': "export const label = (text: string) => { return text +;\n",
    'sidebars.ts': "import { label } from './helpers/broken.ts';\nexport default { main: [label('intro')] };\n",
    'sidebars-missing.ts': "export default { main: [label('intro')] };\nimport { label } from './helpers/gone.ts';\n",
  });
  const docs = collectDocs(path.join(root, 'docs'));
  const previous = process.cwd();
  process.chdir(root);
  try {
    await assert.rejects(loadSidebars(path.join(root, 'sidebars.ts'), docs), (error: unknown) => {
      assert.equal((error as ContentError).format(), 'helpers/broken.ts:1: syntax error: Unexpected ";"\n  → Fix the syntax error.');
      return true;
    });
    await assert.rejects(loadSidebars(path.join(root, 'sidebars-missing.ts'), docs), (error: unknown) => {
      assert.equal((error as ContentError).format(), 'sidebars-missing.ts:2: cannot import "./helpers/gone.ts": no such file\n  → Create the file, or fix the import path.');
      return true;
    });
  } finally {
    process.chdir(previous);
  }
});
