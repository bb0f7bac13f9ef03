import * as pagefind from 'pagefind';
import type { PagefindIndex } from 'pagefind';

/**
 * Pagefind settings. Only the element marked `data-pagefind-body` (the doc body) is indexed, so
 * navbar, sidebar, TOC and footer never match; headings give results their section and anchor.
 */
export const SEARCH_INDEX_OPTIONS = { forceLanguage: 'en', keepIndexUrl: false, verbose: false } as const;

const KEYWORDS_META = /<meta name="keywords" content="([^"]*)">/;
const INDEXED_BODY = 'data-pagefind-body="">';

/**
 * What Pagefind is given of a page. Without what stands between `<body>` and the indexed body (navbar,
 * sidebar, breadcrumbs), which it would parse only to skip: a quarter to a third of a doc page, and its
 * client sends every page as JSON, then as base64, each a copy (the index is the same: test/build/site.test.ts).
 * With the front-matter `keywords`, which name the APIs a page documents, at the top weight right under
 * the title (in the index only, not the page), so searching an API name ranks the page that documents it
 * first and links to the page rather than to one of its sections. Made of slices of the page in one
 * concatenation: a string built in steps would be flattened, a fresh copy of the page, at each step.
 */
export function searchInput(html: string): string {
  const indexed = html.indexOf(INDEXED_BODY);
  const bodyStart = html.indexOf('>', html.indexOf('<body')) + 1;
  if (indexed === -1 || bodyStart === 0) return html;
  const keywords = KEYWORDS_META.exec(html.slice(0, bodyStart))?.[1];
  const titleEnd = html.indexOf('</h1>', indexed);
  const at = titleEnd === -1 ? indexed + INDEXED_BODY.length : titleEnd + '</h1>'.length;
  const weighted = keywords ? `<p data-pagefind-weight="10">${keywords}</p>` : '';
  return html.slice(0, bodyStart) + html.slice(html.lastIndexOf('<', indexed), at) + weighted + html.slice(at);
}

/** One Pagefind index, fed pages as they are rendered under their canonical URL; its files come back in memory. */
export class PagefindBundle {
  private constructor(private readonly index: PagefindIndex) {}

  static async create(): Promise<PagefindBundle> {
    const { index, errors } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    return new PagefindBundle(index);
  }

  async addPage(permalink: string, html: string): Promise<void> {
    const added = await this.index.addHTMLFile({ url: permalink, content: searchInput(html) });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index ${permalink}: ${added.errors.join('; ')}`);
  }

  /** The bundle's files, paths relative to its folder. */
  async files(): Promise<[string, Uint8Array][]> {
    const { files, errors } = await this.index.getFiles();
    if (errors.length > 0) throw new Error(`Pagefind could not write its index: ${errors.join('; ')}`);
    return files.map(({ path: file, content }) => [file, content]);
  }
}

/** Ends the Pagefind process every bundle shares. */
export function stopPagefind(): Promise<unknown> {
  return pagefind.close();
}
