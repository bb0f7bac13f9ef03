import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { collectDocs, docId, docSlug } from '../../build/site/docs.ts';
import { ContentError, ContentErrors, formatProblem } from '../../build/errors.ts';
import { tempTree } from '../helpers/tmp.ts';

test('doc ids and routes follow Docusaurus rules', () => {
  const cases: [string, string | undefined, string | undefined, string, string][] = [
    ['api/createstore.md', undefined, undefined, 'api/createstore', '/api/createstore'],
    ['usage/index.md', undefined, undefined, 'usage/index', '/usage/'],
    ['guides/README.md', undefined, undefined, 'guides/README', '/guides/'],
    ['faq/faq.md', undefined, undefined, 'faq/faq', '/faq/'],
    ['faq.md', undefined, undefined, 'faq', '/faq'],
    ['tutorials/tutorials-index.md', '/tutorials/index', undefined, 'tutorials/tutorials-index', '/tutorials/index'],
    ['usage/structuring-reducers/structuring-reducers.md', 'structuring-reducers', undefined, 'usage/structuring-reducers/structuring-reducers', '/usage/structuring-reducers/structuring-reducers'],
    ['01-basics/02-setup.md', undefined, undefined, 'basics/setup', '/basics/setup'],
    ['a/b.md', undefined, 'custom', 'a/custom', '/a/custom'],
    ['a/b.md', '../top', undefined, 'a/b', '/top'],
  ];
  for (const [source, slug, id, expectedId, expectedRoute] of cases) {
    assert.equal(docId(source, id), expectedId, source);
    assert.equal(docSlug(source, slug, id), expectedRoute, source);
  }
});

test('a doc takes its title from front matter, else from a leading # heading', () => {
  const root = tempTree({
    'docs/a.md': '---\ntitle: From Front Matter\n---\n\nBody.\n',
    'docs/b.md': '# From The Heading\n\nBody.\n',
  });
  const docs = collectDocs(path.join(root, 'docs'));
  assert.deepEqual(docs.map((doc) => [doc.id, doc.title, doc.permalink]), [['a', 'From Front Matter', '/a'], ['b', 'From The Heading', '/b']]);
  assert.doesNotMatch(docs[1].body, /From The Heading/);
});

function collectErrors(files: Record<string, string | Buffer>): string {
  const root = tempTree(files);
  const previous = process.cwd();
  process.chdir(root);
  try {
    collectDocs(path.join(root, 'docs'));
  } catch (error) {
    if (error instanceof ContentErrors) return error.errors.map((entry) => entry.format()).join('\n');
    if (error instanceof ContentError) return error.format();
    throw error;
  } finally {
    process.chdir(previous);
  }
  assert.fail('expected the docs to be rejected');
}

test('malformed front matter names the file and the line', () => {
  const text = collectErrors({ 'docs/bad.md': '---\ntitle: Fine\ndescription: [unclosed\n---\n\nBody\n' });
  assert.equal(text, 'docs/bad.md:4: malformed front matter: unexpected end of the stream within a flow collection\n  → Fix the YAML between the --- lines (quote values that contain ": " or start with a special character).');
  const midBlock = collectErrors({ 'docs/bad.md': '---\ntitle: Fine\ndescription: Setup: the store\nid: bad\n---\n\nBody\n' });
  assert.equal(midBlock, 'docs/bad.md:3: malformed front matter: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line\n'
    + '  → Fix the YAML between the --- lines (quote values that contain ": " or start with a special character).');
});

test('a title that is not a string is rejected with its line', () => {
  assert.equal(collectErrors({ 'docs/a.md': '---\nid: a\ntitle: 42\n---\n\nBody\n' }),
    'docs/a.md:3: front matter "title" must be a string, not a number (42)\n  → Set title to a string.');
});

test('every bad front matter field of a file is reported at once, with its line', () => {
  assert.equal(collectErrors({ 'docs/a.md': '---\ntitle:\nhide_title: yes please\nkeywords:\n  - createSlice\n  - 3\nauthor: 5\n---\n\nBody\n' }), [
    'docs/a.md:2: front matter "title" must be a string, not empty',
    '  → Set title to a string.',
    'docs/a.md:3: front matter "hide_title" must be true or false, not a string ("yes please")',
    '  → Set hide_title to true or false.',
    'docs/a.md:4: front matter "keywords.1" must be a string, not a number (3)',
    '  → Set keywords.1 to a string.',
  ].join('\n'));
});

test('a slug that is not a URL path is rejected', () => {
  assert.equal(collectErrors({ 'docs/a.md': '---\nslug: "has spaces in it"\n---\n\nBody\n' }),
    'docs/a.md:2: front matter "slug" "has spaces in it" is not a valid URL path\n  → Use letters, digits, "-", "_", "." and "/" only, for example "/tutorials/index" or "my-page".');
});

test('two docs with one route name both files', () => {
  const text = collectErrors({ 'docs/a.md': '---\nslug: /same\n---\nA\n', 'docs/b.md': '---\nslug: /same\n---\nB\n' });
  assert.equal(text, 'docs/b.md: duplicate route "/same", also produced by docs/a.md\n  → Change the slug of one of them.');
});

test('two docs with one id name both files', () => {
  const text = collectErrors({ 'docs/x/a.md': 'A\n', 'docs/x/01-a.md': '---\nslug: /x/b\n---\nB\n' });
  assert.equal(text, 'docs/x/a.md: duplicate doc id "x/a", also used by docs/x/01-a.md\n  → Give one of them another file name or front-matter id.');
});

test('an empty Markdown file is rejected', () => {
  assert.equal(collectErrors({ 'docs/empty.md': '\n  \n' }), 'docs/empty.md:1: the file is empty\n  → Write the page (front matter with a title, then Markdown), or delete the file.');
});

test('a file that is not UTF-8 names the line of the first bad byte', () => {
  const bytes = Buffer.concat([Buffer.from('line one\nline two\ncaf'), Buffer.from([0xe9]), Buffer.from('\n')]);
  assert.equal(collectErrors({ 'docs/latin1.md': bytes }), 'docs/latin1.md:3: the file is not valid UTF-8\n  → Save the file with UTF-8 encoding.');
});

test('a missing docs folder says how to point at one', () => {
  assert.equal(collectErrors({ 'other/a.md': 'A' }), 'docs: docs folder not found\n  → Create the folder, or point docs.path in site.config.ts (or --docs) at your Markdown folder.');
});

test('every bad file is reported in one run', () => {
  const text = collectErrors({ 'docs/a.md': '', 'docs/b.md': '---\ntitle: [x\n---\n' });
  assert.equal(text.split('\n').filter((line) => line.startsWith('docs/')).length, 2);
});

test('the Docusaurus front matter fields are checked by type, each bad one named with its line', () => {
  assert.equal(collectErrors({ 'docs/a.md': '---\ntitle: A\ndraft: maybe\nsidebar_position: first\npagination_next: 3\ncustom_edit_url: false\n---\n\nBody\n' }), [
    'docs/a.md:3: front matter "draft" must be true or false, not a string ("maybe")',
    '  → Set draft to true or false.',
    'docs/a.md:4: front matter "sidebar_position" must be a number, not a string ("first")',
    '  → Set sidebar_position to a number.',
    'docs/a.md:5: front matter "pagination_next" must be a string, not a number (3)',
    '  → Set pagination_next to a string.',
    'docs/a.md:6: front matter "custom_edit_url" must be a string, not a boolean (false)',
    '  → Set custom_edit_url to a string.',
  ].join('\n'));
});

test('table of contents levels must be 2 to 6, the minimum not above the maximum', () => {
  assert.equal(collectErrors({ 'docs/a.md': '---\ntoc_max_heading_level: 7\n---\n\nBody\n' }),
    'docs/a.md:2: front matter "toc_max_heading_level" is 7\n  → Use a heading level from 2 to 6.');
  assert.equal(collectErrors({ 'docs/a.md': '---\ntoc_min_heading_level: 4\ntoc_max_heading_level: 3\n---\n\nBody\n' }),
    'docs/a.md:2: front matter "toc_min_heading_level" (4) is above "toc_max_heading_level" (3)\n  → Make the minimum level lower than or equal to the maximum.');
});

test('a front matter key the generator does not read is one warning naming the file, line and key; plugin keys are kept quietly', () => {
  const root = tempTree({ 'docs/a.md': '---\ntitle: A\nsidebar_lable: Short\ntags: [redux]\nlast_update:\n  author: me\nsidebar_custom_props:\n  emoji: x\n---\n\nBody\n' });
  const previous = process.cwd();
  process.chdir(root);
  try {
    const [doc] = collectDocs(path.join(root, 'docs'));
    assert.deepEqual(doc.warnings.map((warning) => formatProblem(warning)), [
      'docs/a.md:3: front matter "sidebar_lable" is not a field this generator reads; it is ignored\n  → Remove it, or correct its spelling (docs/authoring.md lists the fields).',
    ]);
    assert.deepEqual(doc.frontMatter.sidebar_custom_props, { emoji: 'x' });
  } finally {
    process.chdir(previous);
  }
});
