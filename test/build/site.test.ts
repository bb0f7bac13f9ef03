/** The whole real site, built once: what every reader gets as HTML, before any JavaScript runs. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as pagefind from 'pagefind';
import { searchInput, SEARCH_INDEX_OPTIONS, stopPagefind } from '../../build/search/pagefind.ts';
import { ALL_ROUTES, DOC_ROUTES, builtSite, readRoute } from '../helpers/site.ts';

let outDir: string;
before(async () => {
  ({ outDir } = await builtSite());
});

const NO_SIDEBAR = new Set(['/', '/errors', '/introduction/']);

test('every route of the route list is a complete page with its h1', () => {
  for (const route of ALL_ROUTES) {
    const html = readRoute(outDir, route);
    assert.match(html, /^<!DOCTYPE html>\n<html lang="en" dir="ltr" data-theme="light"/, route);
    assert.match(html, /<h1[^>]*>[^<]+/, `${route} has an h1`);
    assert.match(html, /<title>[^<]+ \| [^<]+<\/title>/, `${route} has a title`);
    assert.match(html, /<meta name="description" content="[^"]+">/, `${route} has a description`);
    assert.match(html, new RegExp(`<link rel="canonical" href="https://redux\\.js\\.org${route.replace(/[/.]/g, '\\$&')}">`), `${route} has a canonical URL`);
    assert.match(html, /<meta property="og:title"/, `${route} has Open Graph tags`);
  }
});

test('docs pages have the docs sidebar, breadcrumbs and a table of contents; special pages do not', () => {
  for (const route of ALL_ROUTES) {
    const html = readRoute(outDir, route);
    const hasSidebar = html.includes('<nav aria-label="Docs sidebar"');
    assert.equal(hasSidebar, !NO_SIDEBAR.has(route), `${route} sidebar`);
    if (!NO_SIDEBAR.has(route)) {
      assert.match(html, /<nav aria-label="Breadcrumbs"/, `${route} breadcrumbs`);
      assert.match(html, /<nav aria-label="Table of contents"/, `${route} table of contents`);
      assert.match(html, /<a href="[^"]+" class="menu-link active" aria-current="page">/, `${route} marks the current page in the sidebar`);
    }
  }
});

test('the table of contents links the page h2–h4 headings in order', () => {
  const html = readRoute(outDir, '/api/createstore');
  const toc = html.slice(html.indexOf('<nav aria-label="Table of contents"'));
  const tocIds = [...toc.slice(0, toc.indexOf('</nav>')).matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
  const content = html.slice(html.indexOf('class="doc-content"'), html.indexOf('<nav aria-label="Docs pages"'));
  const headingIds = [...content.matchAll(/<h[234] id="([^"]+)"/g)].map((match) => match[1]);
  assert.ok(tocIds.length >= 3);
  assert.deepEqual(tocIds, headingIds);
});

test('the current page’s categories are expanded in the sidebar', () => {
  const html = readRoute(outDir, '/usage/structuring-reducers/initializing-state');
  assert.match(html, /<details class="menu-category menu-category-active" open=""><summary class="menu-link menu-category-label">Redux Logic and Patterns<\/summary>/);
  // A category that is also a page: its label links to the page, a separate button opens it.
  assert.match(html, /<div class="menu-category menu-category-linked menu-category-active"><div class="menu-category-label"><a href="\/usage\/structuring-reducers\/structuring-reducers" class="menu-link">Structuring Reducers<\/a><button type="button" class="menu-category-toggle" aria-expanded="true" aria-label="Collapse the category Structuring Reducers">/);
  assert.match(html, /<div class="menu-category menu-category-linked"><div class="menu-category-label"><a href="\/faq" class="menu-link">FAQ<\/a><button type="button" class="menu-category-toggle" aria-expanded="false" aria-label="Expand the category FAQ">/);
});

test('the navbar lists the configured items in order, and Need help? targets Help and Discussion', () => {
  const html = readRoute(outDir, '/faq');
  const navbar = html.slice(html.indexOf('<div class="navbar-items'), html.indexOf('</nav>'));
  const labels = [...navbar.replace(/<span class="sr-only">[^<]*<\/span>/g, '').matchAll(/>([^<>]+)<\/a>/g)].map((match) => match[1]);
  assert.deepEqual(labels, ['Getting Started', 'Tutorial', 'Usage Guide', 'API', 'FAQ', 'Best Practices', 'GitHub', 'Need help?']);
  assert.match(navbar, /href="\/introduction\/getting-started#help-and-discussion"/);
  assert.match(readRoute(outDir, '/introduction/getting-started'), /<h2 id="help-and-discussion"/);
  assert.match(navbar, /aria-label="Switch between dark and light mode/);
});

test('previous and next links follow the sidebar order', () => {
  const html = readRoute(outDir, '/tutorials/essentials/part-2-app-structure');
  assert.match(html, /class="pagination-link pagination-previous" href="\/tutorials\/essentials\/part-1-overview-concepts"/);
  assert.match(html, /class="pagination-link pagination-next" href="\/tutorials\/essentials\/part-3-data-flow"/);
});

test('the home page has the hero, four feature cards and the related libraries', () => {
  const html = readRoute(outDir, '/');
  assert.match(html, /<h1 class="hero-title">Redux<\/h1>/);
  assert.match(html, /<a class="button button-primary" href="\/introduction\/getting-started">Get Started<\/a>/);
  assert.equal([...html.matchAll(/<div class="feature">/g)].length, 4);
  assert.match(html, /React-Redux/);
  assert.match(html, /Redux Toolkit/);
});

test('the errors page lists every production error code', () => {
  const html = readRoute(outDir, '/errors');
  const codes = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../content/errors.json'), 'utf8')) as Record<string, string>;
  assert.ok(Object.keys(codes).length >= 17);
  for (const code of Object.keys(codes)) assert.match(html, new RegExp(`<tr id="error-${code}">`));
});

test('every route has a .html redirect page to its clean path', () => {
  for (const route of DOC_ROUTES.concat('/errors')) {
    const file = path.join(outDir, `${route.replace(/^\/|\/$/g, '')}.html`);
    const html = readFileSync(file, 'utf8');
    assert.match(html, new RegExp(`<meta http-equiv="refresh" content="0; url=${route.replace(/[/.]/g, '\\$&')}">`), route);
  }
});

test('a not-found page is written as 404.html', () => {
  const html = readFileSync(path.join(outDir, '404.html'), 'utf8');
  assert.match(html, /<h1>Page Not Found<\/h1>/);
});

test('the sitemap lists every route', () => {
  const sitemap = readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
  for (const route of ALL_ROUTES) assert.ok(sitemap.includes(`<loc>https://redux.js.org${route}</loc>`), route);
});

test('static files are copied', () => {
  assert.ok(existsSync(path.join(outDir, 'img/redux.svg')));
  assert.ok(existsSync(path.join(outDir, 'img/favicon.svg')));
});

test('pages read well without JavaScript: the body text is in the HTML', () => {
  const html = readRoute(outDir, '/api/combinereducers');
  assert.match(html, /<div class="doc-content" data-pagefind-body="">/);
  assert.ok(html.replace(/<[^>]+>/g, ' ').split(/\s+/).length > 500);
});

test('the footer has the three columns, the hosting badge and the 2015–2025 copyright', () => {
  const html = readRoute(outDir, '/faq');
  const footer = html.slice(html.indexOf('<footer'));
  assert.deepEqual([...footer.matchAll(/<h2 class="footer-title">([^<]+)<\/h2>/g)].map((match) => match[1]), ['Docs', 'Community', 'More']);
  assert.match(footer, /<img src="\/img\/hosting-badge\.svg" alt="Deploys by Netlify"/);
  assert.match(footer, /Copyright © 2015–2025/);
});

test("the stylesheet is the theme's own: a config with no CSS of its own gets none of Infima's variables or classes", () => {
  const file = readdirSync(path.join(outDir, 'assets')).find((name) => /^site-\w+\.css$/.test(name))!;
  const css = readFileSync(path.join(outDir, 'assets', file), 'utf8');
  const declared = new Set([...css.matchAll(/(--(?:ifm|infima)-[\w-]+):/g)].map((match) => match[1]));
  // site.css reads Infima's variables with fallbacks and sets only the navbar's background for its dark and primary styles.
  assert.deepEqual([...declared], ['--ifm-navbar-background-color']);
  assert.doesNotMatch(css, /\.col--4|\.hero--primary/);
});

test('docs end with "Edit this page" and "Last updated"; every page has a social preview image', () => {
  const html = readRoute(outDir, '/api/store');
  assert.match(html, /<div class="doc-footer"><span class="doc-footer-actions"><a class="edit-this-page" href="https:\/\/github.com\/reduxjs\/redux\/edit\/master\/docs\/api\/store.md" target="_blank" rel="noopener noreferrer">Edit this page<span class="sr-only"> \(opens in a new tab\)<\/span><\/a><button type="button" class="copy-page-button" data-markdown="\/api\/store.md">Copy page as Markdown<\/button><\/span><span class="last-updated">Last updated on [A-Z][a-z]{2} \d{1,2}, \d{4}<\/span><\/div>/);
  for (const route of ['/', '/api/store', '/errors']) {
    assert.match(readRoute(outDir, route), /<meta property="og:image" content="https:\/\/redux.js.org\/img\/social-card.png">\n<meta name="twitter:image" content="https:\/\/redux.js.org\/img\/social-card.png">\n<meta name="twitter:card" content="summary_large_image">/, route);
  }
  assert.ok(existsSync(path.join(outDir, 'img/social-card.png')));
});

test('every doc has a Markdown copy at <route>.md with absolute links, and /llms.txt lists them by sidebar section', () => {
  const store = readFileSync(path.join(outDir, 'api/store.md'), 'utf8');
  assert.ok(store.startsWith('# Store\n\nA Redux store is'), store.slice(0, 80));
  assert.match(store, /\[createStore\]\(https:\/\/redux\.js\.org\/api\/createstore\)/);
  assert.doesNotMatch(store, /^---$|\]\(\.{0,2}\/?[\w-]+\.md/m);
  assert.ok(existsSync(path.join(outDir, 'usage/index.md')), '/usage/ has its copy at /usage/index.md');
  const llms = readFileSync(path.join(outDir, 'llms.txt'), 'utf8');
  assert.ok(llms.startsWith('# Redux\n\n> A JS library for predictable and maintainable global state management\n\n## Introduction\n\n- [Getting Started with Redux](https://redux.js.org/introduction/getting-started.md): '));
  const apiSection = llms.slice(llms.indexOf('## API Reference'), llms.indexOf('\n\n##', llms.indexOf('## API Reference')) >>> 0);
  assert.match(apiSection, /^- \[Store\]\(https:\/\/redux\.js\.org\/api\/store\.md\): Reference for /m);
  assert.equal((llms.match(/^- \[/gm) ?? []).length, DOC_ROUTES.length, 'one line per doc');
});

test('Pagefind is given doc pages without their navbar, sidebar and code blocks, with their keywords, and indexes them as the whole pages', async () => {
  after(() => stopPagefind());
  const routes = [...DOC_ROUTES.slice(0, 11), '/api/createstore', '/tutorials/essentials/part-5-async-logic'];
  const index = async (input: (html: string) => string) => {
    const { index: bundle } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
    for (const route of routes) await bundle!.addHTMLFile({ url: route, content: input(readRoute(outDir, route)) });
    return (await bundle!.getFiles()).files.map(({ path: file, content }) => `${file} ${Buffer.from(content).toString('base64')}`).sort();
  };
  /** The whole page, with the keywords under its title as searchInput puts them. */
  const whole = (html: string) => {
    const keywords = /<meta name="keywords" content="([^"]*)">/.exec(html)?.[1];
    return keywords ? html.replace('</h1>', `</h1><p data-pagefind-weight="10">${keywords}</p>`) : html;
  };
  const page = readRoute(outDir, '/api/createstore');
  assert.match(page, /<meta name="keywords" content="[^"]+">/);
  assert.match(page, /<div role="tabpanel" [^>]*data-value="js"><div class="code-block language-js" data-pagefind-ignore="">/, 'the page has code blocks, a checked example\'s JavaScript twin among them');
  const input = searchInput(page);
  assert.ok(input.length < page.length * 0.4, `the navbar, sidebar and code blocks are left out: ${input.length} of ${page.length} characters`);
  assert.doesNotMatch(input, /class="doc-sidebar-container"|class="code-block|class="token /);
  assert.match(input, /<div role="tabpanel" [^>]*data-value="js"><\/div>/, 'the tabs stay, without their code');
  assert.match(input, /<\/h1><p data-pagefind-weight="10">[^<]+<\/p>/, 'the keywords follow the title');
  assert.deepEqual(await index(searchInput), await index(whole));
});
