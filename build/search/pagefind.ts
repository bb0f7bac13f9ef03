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
 * A page's front-matter `keywords` name the APIs it documents. Pagefind gets them (only the index,
 * not the page) at the top weight right under the title, so searching an API name ranks the page
 * that documents it first and links to the page rather than to one of its sections.
 */
export function withWeightedKeywords(html: string): string {
  const keywords = KEYWORDS_META.exec(html)?.[1];
  const body = html.indexOf(INDEXED_BODY);
  if (!keywords || body === -1) return html;
  const titleEnd = html.indexOf('</h1>', body);
  const at = titleEnd === -1 ? body + INDEXED_BODY.length : titleEnd + '</h1>'.length;
  return `${html.slice(0, at)}<p data-pagefind-weight="10">${keywords}</p>${html.slice(at)}`;
}

/**
 * The page without what stands between `<body>` and the indexed body (navbar, sidebar, breadcrumbs),
 * which Pagefind would parse only to skip: a quarter to a third of a doc page, and Pagefind's client
 * sends every page as JSON, then as base64, each a copy. The index is byte-identical (test/build/site.test.ts).
 */
export function withoutPageChrome(html: string): string {
  const bodyTag = html.indexOf('<body');
  const bodyStart = html.indexOf('>', bodyTag) + 1;
  const indexedBody = html.lastIndexOf('<', html.indexOf(INDEXED_BODY));
  return bodyTag === -1 || indexedBody < bodyStart ? html : html.slice(0, bodyStart) + html.slice(indexedBody);
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
    const added = await this.index.addHTMLFile({ url: permalink, content: withWeightedKeywords(withoutPageChrome(html)) });
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
