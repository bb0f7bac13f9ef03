/**
 * Search index parts kept between builds (search/search-index.ts): each part's files under the exact
 * pages it was made from (permalink and a hash of the HTML of each), and, per part, which pages those
 * were, so the next build can tell early whether a part is unchanged.
 */
import { entryKey, type EntryStore } from './entry-store.ts';
import { packFiles, unpackFiles } from './file-bundle.ts';

/** Permalink → SHA-256 of the page's HTML. */
export type IndexedPages = Map<string, string>;

export class SearchCache {
  /** `scope` tells apart builds of different pages sharing the cache (`--shard 2/4`), so one does not displace another's record. */
  constructor(private readonly store: EntryStore, private readonly generatorKey: string, private readonly scope: string) {}

  /** The pages part `index` of `count` was last made from; none known, an empty map. */
  lastPages(index: number, count: number): IndexedPages {
    return new Map(this.store.read<[string, string][]>(this.recordKey(index, count)) ?? []);
  }

  readFiles(pages: IndexedPages): [string, Uint8Array][] | undefined {
    const packed = this.store.readBytes(this.filesKey(pages));
    return packed && unpackFiles<null>(packed).files;
  }

  write(index: number, count: number, pages: IndexedPages, files: [string, Uint8Array][]): void {
    if (this.store.writeBytes(this.filesKey(pages), packFiles(null, files))) this.store.write(this.recordKey(index, count), [...pages]);
  }

  private recordKey(index: number, count: number): string {
    return entryKey(`search part\n${this.generatorKey}\n${this.scope}\n${index}/${count}`);
  }

  private filesKey(pages: IndexedPages): string {
    return entryKey(`search part files\n${this.generatorKey}\n${JSON.stringify([...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`);
  }
}
