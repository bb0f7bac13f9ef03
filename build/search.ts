import path from 'node:path';
import * as pagefind from 'pagefind';

/**
 * Pagefind settings: only the element marked `data-pagefind-body` (the doc body) is indexed,
 * so navbar, sidebar, TOC and footer never match a query.
 */
export const SEARCH_INDEX_OPTIONS = { forceLanguage: 'en', keepIndexUrl: false, verbose: false } as const;
export const SEARCH_OUTPUT_DIR = 'pagefind';

/** Indexes the built HTML in `outDir` and writes the index to `outDir/pagefind/`. */
export async function indexSearch(outDir: string): Promise<{ pages: number }> {
  const { index, errors } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: outDir, glob: '**/index.html' });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index the site: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: path.join(outDir, SEARCH_OUTPUT_DIR) });
    if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
    return { pages: added.page_count };
  } finally {
    await pagefind.close();
  }
}
