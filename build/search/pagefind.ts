import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import type { PagefindIndex } from 'pagefind';
import { SEARCH_DIR, SEARCH_SHARDS_LIST } from '../../src/shared/search.ts';

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

/** Feeds pages to Pagefind as they are rendered, under their canonical URL, then writes the index. */
export class SearchIndexer {
  private pages = 0;

  private constructor(private readonly index: PagefindIndex) {}

  static async start(): Promise<SearchIndexer> {
    const { index, errors } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    return new SearchIndexer(index);
  }

  async addPage(permalink: string, html: string): Promise<void> {
    const added = await this.index.addHTMLFile({ url: permalink, content: withWeightedKeywords(html) });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index ${permalink}: ${added.errors.join('; ')}`);
    this.pages++;
  }

  /** Writes the index to `outDir/pagefind/` and stops the Pagefind process. */
  async write(outDir: string): Promise<{ pages: number }> {
    try {
      const written = await this.index.writeFiles({ outputPath: path.join(outDir, SEARCH_DIR) });
      if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
      writeFileSync(path.join(outDir, SEARCH_DIR, SEARCH_SHARDS_LIST), '[]');
      return { pages: this.pages };
    } finally {
      await SearchIndexer.stop();
    }
  }

  static stop(): Promise<unknown> {
    return pagefind.close();
  }
}
