/**
 * Search index parts kept between builds (search/search-index.ts): each part's files under the exact
 * pages it was made from (permalink and a hash of the HTML of each), as blobs hard-linked from the
 * output like a page's (entry-store.ts), and, per part, which pages those were, so the next build can
 * tell early whether a part is unchanged.
 */
import type { Entries, KeptFile } from './entries.ts';
import { entryKey } from './entry-store.ts';

/** Permalink → SHA-256 of the page's HTML. */
export type IndexedPages = Map<string, string>;

export class SearchCache {
  /** `scope` tells apart builds of different pages sharing the cache (`--shard 2/4`), so one does not displace another's record. */
  constructor(private readonly store: Entries, private readonly generatorKey: string, private readonly scope: string) {}

  /** The pages part `index` of `count` was last made from; none known, an empty map. */
  lastPages(index: number, count: number): IndexedPages {
    return new Map(this.store.read<[string, string][]>(this.recordKey(index, count)) ?? []);
  }

  /** The part's files made from exactly these pages (paths below the part's folder), with the blobs to link. */
  readFiles(pages: IndexedPages): (KeptFile & { source: string })[] | undefined {
    const key = this.filesKey(pages);
    const files = this.store.read<KeptFile[]>(key);
    return files && this.store.keptFiles(key, files);
  }

  /** Keeps the part's files, just written below `dir`, under the pages they were made from. */
  write(index: number, count: number, pages: IndexedPages, dir: string, files: { path: string; bytes: number }[]): void {
    const key = this.filesKey(pages);
    const kept = this.store.keepFiles(key, dir, files);
    if (kept && this.store.write(key, kept)) this.store.write(this.recordKey(index, count), [...pages]);
  }

  private recordKey(index: number, count: number): string {
    return entryKey(`search part\n${this.generatorKey}\n${this.scope}\n${index}/${count}`);
  }

  private filesKey(pages: IndexedPages): string {
    return entryKey(`search part files\n${this.generatorKey}\n${JSON.stringify([...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`);
  }
}
