import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig, validateConfig } from '../../build/site/config.ts';
import { ContentError, ContentErrors } from '../../build/errors.ts';
import { compileMarkdown } from '../../build/markdown/compile.ts';
import { markdownOptions } from '../../build/site/load.ts';
import { siteData } from '../../build/site/routes.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

const projectRoot = path.join(import.meta.dirname, '../..');

function baseConfig(items: unknown[]) {
  return { title: 'T', tagline: 'x', url: 'https://x', baseUrl: '/', favicon: '/f.svg', navbar: { title: 'T', logo: { alt: '', src: '' }, items } };
}

async function errorText(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ContentErrors) return error.message;
    assert.ok(error instanceof ContentError, `expected a ContentError, got ${String(error)}`);
    return error.format();
  }
  assert.fail('expected the config to be rejected');
}

test('the real site config loads with the navbar in the documented order', async () => {
  const config = await loadConfig(path.join(projectRoot, 'site.config.ts'));
  assert.equal(config.title, 'Redux');
  assert.equal(config.baseUrl, '/');
  assert.deepEqual(config.i18n.locales, ['en']);
  const labels = config.navbar.items.map((item) => ('label' in item ? item.label : item.type));
  assert.deepEqual(labels, ['Getting Started', 'Tutorial', 'Usage Guide', 'API', 'FAQ', 'Best Practices', 'GitHub', 'Need help?', 'search', 'colorMode']);
  assert.ok(config.navbar.items.every((item) => item.position === 'right'));
  assert.equal(config.announcementBar?.isCloseable, false);
  assert.deepEqual(config.colorMode, { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false });
  assert.deepEqual(config.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 4 });
  assert.match(config.footer.copyright, /2015–2025/);
  assert.deepEqual(config.footer.columns.map((column) => column.title), ['Docs', 'Community', 'More']);
});

test('the real site fails on a link to a missing Markdown file (onBrokenMarkdownLinks "throw", as the schema\'s default)', async () => {
  const config = await loadConfig(path.join(projectRoot, 'site.config.ts'));
  assert.equal(config.onBrokenMarkdownLinks, 'throw');
  assert.equal(validateConfig(baseConfig([]), 'site.config.ts').onBrokenMarkdownLinks, 'throw');
  const paths = { docsDir: path.join(projectRoot, 'content/docs'), siteDir: projectRoot, staticDirs: [path.join(projectRoot, 'static')] };
  const options = markdownOptions({ docs: [], pages: [], config, paths: paths as Parameters<typeof markdownOptions>[0]['paths'] });
  const source = { sourcePath: 'faq.md', displayPath: 'content/docs/faq.md', body: 'See [the old FAQ](./old-faq.md).\n', lineOffset: 3 };
  await assert.rejects(compileMarkdown(source, options), (error: unknown) => {
    assert.ok(error instanceof ContentError);
    assert.equal(error.format(), 'content/docs/faq.md:4:5: link to a missing Markdown file "./old-faq.md"\n  → Fix the path (relative to this file or to the docs folder), or create the page.');
    return true;
  });
});

test('a navbar item of unknown type is rejected with its position and label', async () => {
  const text = await errorText(() => validateConfig(baseConfig([{ type: 'doc', docId: 'a', label: 'A' }, { type: 'dropdownMenu', label: 'More' }]), 'site.config.ts'));
  assert.equal(text, 'site.config.ts: navbar item 2 ("More") has unknown type "dropdownMenu"\n  → Use one of: doc, docSidebar, default, dropdown, search, colorMode, docsVersionDropdown, docsVersion (a plain link needs no type, only "to" or "href").');
});

test('a dropdown without items, or listing something other than a link, is rejected naming the item', async () => {
  const empty = await errorText(() => validateConfig(baseConfig([{ type: 'dropdown', label: 'More', items: [] }]), 'site.config.ts'));
  assert.equal(empty, 'site.config.ts: navbar item 1 ("More") of type "dropdown" has no items\n  → Add items: the links it lists, each as a navbar item of type doc, docSidebar or a plain link.');
  const nested = await errorText(() => validateConfig(baseConfig([{ type: 'dropdown', label: 'More', items: [{ label: 'Blog', href: 'https://blog.example.com' }, { type: 'search' }] }]), 'site.config.ts'));
  assert.equal(nested, 'site.config.ts: navbar item 1 ("More") item 2 of type "search" cannot be in a dropdown\n  → A dropdown lists links: items of type doc, docSidebar, default (a plain link needs no type, only "to" or "href").');
});

test('a doc navbar item without docId is rejected', async () => {
  const text = await errorText(() => validateConfig(baseConfig([{ type: 'doc', label: 'API' }]), 'site.config.ts'));
  assert.equal(text, 'site.config.ts: navbar item 1 ("API") of type "doc" has no docId\n  → Add docId: the id of the doc it links to.');
});

test('a plain navbar link without to or href, or without a label, is rejected', async () => {
  assert.equal(await errorText(() => validateConfig(baseConfig([{ label: 'Blog' }]), 'site.config.ts')),
    'site.config.ts: navbar item 1 ("Blog") has neither "to" nor "href"\n  → Add to (a page of this site) or href (an external URL).');
  assert.equal(await errorText(() => validateConfig(baseConfig([{ type: 'search' }, { to: '/blog' }]), 'site.config.ts')),
    'site.config.ts: navbar item 2 has no label\n  → Add label: the text shown in the navbar.');
});

/** Each navbar item's place as the pages get it: `position label` (`position type` for search and the colour switch). */
function placedItems(config: SiteConfig): string[] {
  const links = { permalinkByDocId: new Map([['intro', '/docs/intro']]), homeHref: '/', placementByDocId: new Map(), firstPageBySidebar: new Map() };
  return siteData(config, links).navbar.items.map((item) => `${item.position} ${'label' in item ? item.label : item.kind}`);
}

test('navbar links sit after the title unless placed right; search and the colour switch at the right unless placed', () => {
  const config = validateConfig(baseConfig([
    { type: 'doc', docId: 'intro', label: 'Docs' }, { href: 'https://github.com/x/y', label: 'GitHub', position: 'right' },
    { to: '/blog', label: 'Blog', position: 'left' }, { type: 'search' }, { type: 'colorMode' },
  ]), 'site.config.ts');
  assert.deepEqual(placedItems(config), ['left Docs', 'right GitHub', 'left Blog', 'right search', 'right colorMode']);
  const placed = validateConfig(baseConfig([{ type: 'search', position: 'left' }, { type: 'colorMode', position: 'left' }]), 'site.config.ts');
  assert.deepEqual(placedItems(placed), ['left search', 'left colorMode']);
  assert.deepEqual(placedItems(validateConfig({ title: 'T', url: 'https://x', baseUrl: '/' }, 'site.config.ts')), ['right search', 'right colorMode']);
});

test('the real site keeps its navbar: every item at the right, none after the title', async () => {
  const config = await loadConfig(path.join(projectRoot, 'site.config.ts'));
  const links = { permalinkByDocId: new Map(config.navbar.items.flatMap((item) => (item.type === 'doc' ? [[item.docId, `/${item.docId}`] as const] : []))), homeHref: '/', placementByDocId: new Map(), firstPageBySidebar: new Map() };
  assert.deepEqual(new Set(siteData(config, links).navbar.items.map((item) => item.position)), new Set(['right']));
});

test('a navbar item placed neither left nor right, or with a target other than _self and _blank, is rejected naming it', async () => {
  assert.equal(await errorText(() => validateConfig(baseConfig([{ to: '/blog', label: 'Blog', position: 'center' }]), 'site.config.ts')),
    'site.config.ts: navbar item 1 ("Blog") has position "center"\n  → Use position "left" (after the title, the default) or "right" (at the end of the bar).');
  assert.equal(await errorText(() => validateConfig(baseConfig([{ href: 'https://x.example', label: 'X', target: '_top' }]), 'site.config.ts')),
    'site.config.ts: navbar item 1 ("X") has target "_top"\n  → Use target "_blank" (a new tab) or "_self" (this tab), or leave it out.');
});

test('a baseUrl without slashes is rejected', async () => {
  const config = { ...baseConfig([]), baseUrl: 'docs' };
  assert.equal(await errorText(() => validateConfig(config, 'site.config.ts')), 'site.config.ts: "baseUrl" is "docs"\n  → Start and end baseUrl with "/", for example "/" or "/docs/".');
});

test('a syntax error in the config names the file and line', async () => {
  const text = await errorText(() => loadConfig(path.join(import.meta.dirname, '../fixtures/broken-config/site.config.ts')));
  assert.equal(text, 'test/fixtures/broken-config/site.config.ts:3: syntax error: Expected "}" but found "\'here\'"\n  → Fix the syntax error.');
});

test('an analytics script that is not an absolute https URL is rejected', async () => {
  const config = { ...baseConfig([]), analytics: { src: 'http://stats.example.com/script.js' } };
  const text = await errorText(() => validateConfig(config, 'site.config.ts'));
  assert.equal(text, 'site.config.ts: "analytics.src" is "http://stats.example.com/script.js"\n  → Use an absolute https:// URL of the script.');
  const bare = await errorText(() => validateConfig({ ...baseConfig([]), analytics: 'https://stats.example.com/script.js' }, 'site.config.ts'));
  assert.equal(bare, 'site.config.ts: "analytics" must be an object, not a string ("https://stats.example.com/script.js")\n  → Set analytics to an object.');
});

test('the base URL banner is on unless the config turns it off', () => {
  assert.equal(validateConfig(baseConfig([]), 'site.config.ts').baseUrlIssueBanner, true);
  assert.equal(validateConfig({ ...baseConfig([]), baseUrlIssueBanner: false }, 'site.config.ts').baseUrlIssueBanner, false);
});

test('a social image and an edit URL must be addresses a reader can open', async () => {
  const image = await errorText(() => validateConfig({ ...baseConfig([]), image: 'img/card.png' }, 'site.config.ts'));
  assert.equal(image, 'site.config.ts: "image" is "img/card.png"\n  → Set image to a path on the site such as "/img/social-card.png", or an https:// URL.');
  const editUrl = await errorText(() => validateConfig({ ...baseConfig([]), docs: { path: 'docs', editUrl: 'javascript:alert(1)//' } }, 'site.config.ts'));
  assert.equal(editUrl, 'site.config.ts: "docs.editUrl" is "javascript:alert(1)//"\n  → Set docs.editUrl to the https:// address of the docs folder in your repository\'s editor, for example "https://github.com/owner/repo/edit/main/docs/".');
});

test('every bad field is reported at once, by its path, with the type it needs', async () => {
  const config = {
    ...baseConfig([]),
    onBrokenLink: 'warn',
    onBrokenLinks: 'loud',
    docs: { path: 3, sidbarPath: 'sidebars.ts' },
    tableOfContents: { minHeadingLevel: 4, maxHeadingLevel: 2 },
    maxPageBytes: -1,
    maxPageSeconds: 0,
  };
  assert.equal(await errorText(() => validateConfig(config, 'site.config.ts')), [
    '7 problems found:',
    'site.config.ts: "docs.path" must be a string, not a number (3)',
    '  → Set docs.path to a string.',
    'site.config.ts: "docs.sidbarPath" is not a known field',
    '  → Remove it, or correct its spelling (docs/authoring.md lists the fields).',
    'site.config.ts: "tableOfContents" is {"minHeadingLevel":4,"maxHeadingLevel":2}',
    '  → Use levels between 2 and 6, min ≤ max.',
    'site.config.ts: "onBrokenLinks" must be one of "throw", "warn", "ignore", not a string ("loud")',
    '  → Set onBrokenLinks to one of "throw", "warn", "ignore".',
    'site.config.ts: "maxPageBytes" is -1',
    '  → Set maxPageBytes to a whole number of bytes, for example 8 * 1024 * 1024.',
    'site.config.ts: "maxPageSeconds" is 0',
    '  → Set maxPageSeconds to a number of seconds, for example 60.',
    'site.config.ts: "onBrokenLink" is not a known field',
    '  → Remove it, or correct its spelling (docs/authoring.md lists the fields).',
  ].join('\n'));
});

test('a missing required field or a config that is not an object is named, not a TypeError', async () => {
  const { title: _, ...untitled } = baseConfig([]);
  assert.equal(await errorText(() => validateConfig(untitled, 'site.config.ts')), 'site.config.ts: "title" is missing\n  → Add title: a string.');
  assert.equal(await errorText(() => validateConfig(5, 'site.config.ts')), 'site.config.ts: the default export must be an object, not a number (5)\n  → Set it to an object.');
});

test('a config with only title, url and baseUrl gets the Docusaurus defaults', () => {
  const config = validateConfig({ title: 'T', url: 'https://x', baseUrl: '/' }, 'site.config.ts');
  assert.deepEqual(config.docs, { path: 'docs', sidebarPath: 'sidebars.js', routeBasePath: '/docs', breadcrumbs: true, versions: {}, warnOnDocsOutsideSidebar: false });
  assert.deepEqual(config.navbar, { title: 'T', logo: { alt: '', src: '' }, items: [{ type: 'search' }, { type: 'colorMode' }] });
  assert.equal(config.onBrokenLinks, 'throw');
  assert.deepEqual(config.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
});
