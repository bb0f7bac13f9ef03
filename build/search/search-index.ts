/**
 * The site's search index, in parts of about PAGES_PER_SEARCH_PART pages (a page's part is a hash of
 * its permalink): the first part is the Pagefind bundle in pagefind/, the others are in
 * pagefind/parts/K/, listed in pagefind/shards.json, which the search modal merges. With the build
 * cache, a part whose pages are byte for byte the ones it was last made from is hard-linked from the
 * cache instead of indexed, so an edited page costs Pagefind its part, not the site. A part is fed to
 * Pagefind from its first changed page on; the unchanged pages before it are read back from the output.
 */
import { createHash } from 'node:crypto';
import type { KeptFile } from '../cache/entries.ts';
import type { IndexedPages, SearchCache } from '../cache/search-cache.ts';
import type { OutputFolder } from '../output/output-folder.ts';
import { fileOnDisk, pageFilePaths } from '../output-layout.ts';
import { pathBelowBase } from '../../src/shared/paths.ts';
import { SEARCH_DIR, SEARCH_SHARDS_LIST, searchPartDir } from '../../src/shared/search.ts';
import { PagefindBundle, stopPagefind } from './pagefind.ts';

/**
 * Pagefind takes ~7 ms a page on this project's 2-core machine, so a part re-indexes in ~7 s; the
 * search modal loads one bundle per part (its index chunks and a ~60 KB wasm file) on the first search.
 */
export const PAGES_PER_SEARCH_PART = 1000;

interface Part {
  index: number;
  /** Pages added so far. */
  pages: IndexedPages;
  /** The pages the cached part was made from. */
  last: IndexedPages;
  /** Set once the part is indexed by Pagefind rather than copied. */
  bundle?: Promise<PagefindBundle>;
}

export class SearchIndex {
  private readonly parts: Part[];

  /** `baseUrl`: Pagefind's client puts it in front of the paths it indexed, so pages are indexed by their path below it. */
  constructor(private readonly output: OutputFolder, pageCount: number, private readonly baseUrl: string, private readonly cache?: SearchCache, pagesPerPart = PAGES_PER_SEARCH_PART) {
    const count = Math.max(1, Math.ceil(pageCount / pagesPerPart));
    this.parts = Array.from({ length: count }, (_, index) => ({ index, pages: new Map(), last: cache?.lastPages(index, count) ?? new Map() }));
  }

  /** `htmlDigest`: a hash of the HTML, which tells an unchanged page; `html` absent, the page is read back from the output if its part needs it. */
  async addPage(permalink: string, html: string | undefined, htmlDigest: string): Promise<void> {
    const part = this.parts[partOf(permalink, this.parts.length)];
    const unchanged = !part.bundle && part.last.get(permalink) === htmlDigest;
    part.bundle ??= unchanged ? undefined : this.startBundle(part);
    part.pages.set(permalink, htmlDigest);
    if (!unchanged) await this.index(await part.bundle!, permalink, html ?? this.writtenHtml(permalink));
  }

  /** Writes every part into the output and stops Pagefind; returns how many parts came from the cache. */
  async write(): Promise<{ parts: number; reused: number }> {
    try {
      return await this.writeParts();
    } finally {
      await stopPagefind();
    }
  }

  private async writeParts(): Promise<{ parts: number; reused: number }> {
    let reused = 0;
    const written: Part[] = [];
    for (const part of this.parts) {
      if (part.index > 0 && part.pages.size === 0) continue;
      const folder = `${SEARCH_DIR}/${partFolder(part.index)}`;
      const cached = part.bundle ? undefined : this.unchangedFiles(part);
      if (cached) {
        for (const file of cached) this.output.linkOrCopyFile(file.source, `${folder}${file.path}`);
        reused++;
      } else {
        const files = await (await (part.bundle ??= this.startBundle(part))).files();
        for (const [file, contents] of files) this.output.write(`${folder}${file}`, contents);
        this.cache?.write(part.index, this.parts.length, part.pages, `${this.output.dir}/${folder}`, files.map(([file, contents]) => ({ path: file, bytes: contents.byteLength })));
      }
      written.push(part);
    }
    this.output.write(`${SEARCH_DIR}/${SEARCH_SHARDS_LIST}`, JSON.stringify(written.slice(1).map((part) => searchPartDir(part.index))));
    return { parts: written.length, reused };
  }

  /** The cached part, when its pages are exactly the ones it was made from. */
  private unchangedFiles(part: Part): (KeptFile & { source: string })[] | undefined {
    if (!this.cache || part.pages.size !== part.last.size) return undefined;
    return this.cache.readFiles(part.pages);
  }

  /** A Pagefind index for the part, given the pages it already has (the rest come through addPage). */
  private startBundle(part: Part): Promise<PagefindBundle> {
    const earlier = [...part.pages.keys()];
    return (async () => {
      const bundle = await PagefindBundle.create();
      for (const permalink of earlier) await this.index(bundle, permalink, this.writtenHtml(permalink));
      return bundle;
    })();
  }

  private index(bundle: PagefindBundle, permalink: string, html: string): Promise<void> {
    return bundle.addPage(pathBelowBase(permalink, this.baseUrl), html);
  }

  private writtenHtml(permalink: string): string {
    return this.output.readFile(fileOnDisk(pageFilePaths(permalink, this.baseUrl).page));
  }
}

/** Another slice of the hash than shards use (shards/shard.ts): a shard's pages still spread over every part. */
function partOf(permalink: string, count: number): number {
  return createHash('sha1').update(permalink).digest().readUInt32BE(4) % count;
}

function partFolder(index: number): string {
  return index === 0 ? '' : searchPartDir(index);
}
