/**
 * Where the search index is, for the build that writes it and the search modal that loads it (a module
 * of its own: the modal is a lazy part and must not take a second copy of a module the runtime has).
 */
/** The search index's folder below the site root (Pagefind's bundle), written by the build and loaded by the search modal. */
export const SEARCH_DIR = 'pagefind';
/** In SEARCH_DIR: the other bundles, relative to it, that the search merges (a large site's index parts, a sharded build's shards); `[]` for one bundle. */
export const SEARCH_SHARDS_LIST = 'shards.json';

/** Shard K's search bundle in a merged sharded build, relative to SEARCH_DIR. */
export function searchShardDir(index: number): string {
  return `shards/${index}/`;
}

/** Index part K of a large site (1 and up; part 0 is SEARCH_DIR itself), relative to its bundle's folder. */
export function searchPartDir(index: number): string {
  return `parts/${index}/`;
}

/** A versioned site's pages outside the docs are in no version: search finds them from every version (a version name has no slash). */
export const NO_VERSION = '/';
