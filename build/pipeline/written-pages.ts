import type { WrittenPage } from './page-step.ts';
import { contentErrorsOf, rethrow, type ContentError, type Warning } from '../errors.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { formatMs } from '../task.ts';

/**
 * HTML waiting for Pagefind at most. Unbounded, pages rendered faster than it indexes them queued up
 * whole (4 GiB at 10,000 pages); 16 pages at a time held the writers to Pagefind's pace, which cost a
 * warm build with one index part to re-index ~4 s at 10,000 pages: Pagefind runs in its own process,
 * so the writers may run ahead of it by this much.
 */
const MAX_HTML_QUEUED_FOR_SEARCH = 32 * 1024 * 1024;

/**
 * What the build keeps of the pages written so far, by page index (docs, then theme pages), so
 * reports come out in page order whichever thread finished first. Pages go on to the search index,
 * at most MAX_HTML_QUEUED_FOR_SEARCH of them waiting.
 */
export class WrittenPages {
  private readonly links: (PageLinkIndex | undefined)[] = [];
  private readonly warningsByPage: Warning[][] = [];
  private readonly errorsByPage: ContentError[][] = [];
  private readonly searchQueue = new Set<Promise<void>>();
  private searchQueueBytes = 0;
  private searchFailure: unknown;
  private readonly threadMs = { compile: 0, render: 0, write: 0 };
  /** Doc pages compiled by this build, by permalink; the others came from the build cache. */
  readonly compiled: string[] = [];
  /** Doc pages rendered by this build, by permalink; the others were written as the build cache kept them. */
  readonly rendered: string[] = [];
  reused = 0;

  /**
   * `output`: the staging folder, told of the files other threads wrote (none in watch mode, whose plan
   * has them); `onPage` sees each page made.
   */
  constructor(private readonly output: { record(files: string[], bytes: number): void } | undefined, readonly search: SearchIndex | undefined, private readonly onPage?: (page: WrittenPage) => void) {}

  /** Pages added so far, failed ones included. */
  count = 0;

  async add(index: number, outcome: PromiseSettledResult<WrittenPage>): Promise<void> {
    this.count++;
    if (outcome.status === 'rejected') {
      this.errorsByPage[index] = contentErrorsOf(outcome.reason) ?? rethrow(outcome.reason);
      return;
    }
    const page = outcome.value;
    this.output?.record(page.files, page.bytes);
    this.onPage?.(page);
    this.links[index] = page.links;
    this.warningsByPage[index] = page.warnings;
    for (const step of ['compile', 'render', 'write'] as const) this.threadMs[step] += page.threadMs[step];
    if (page.fromCache === 'nothing') this.compiled.push(page.permalink);
    else if (page.fromCache) this.reused++;
    if (page.fromCache === 'nothing' || page.fromCache === 'compiled') this.rendered.push(page.permalink);
    if (this.search && page.links && !page.unlisted) {
      // A failure is kept for writeSearchIndex: a build that stops early closes Pagefind under pending pages.
      const bytes = page.html?.length ?? 0;
      const added: Promise<void> = this.search.addPage(page.permalink, page.html, page.htmlDigest)
        .catch((error: unknown) => { this.searchFailure ??= error; })
        .finally(() => {
          this.searchQueue.delete(added);
          this.searchQueueBytes -= bytes;
        });
      this.searchQueue.add(added);
      this.searchQueueBytes += bytes;
      while (this.searchQueueBytes >= MAX_HTML_QUEUED_FOR_SEARCH) await Promise.race(this.searchQueue);
    }
  }

  /** Time the doc pages took per step, summed over the threads that wrote them (the benchmark reads this line). */
  threadTimeSummary(threads: number): string {
    const { compile, render, write } = this.threadMs;
    return `Thread time over ${threads} thread${threads === 1 ? '' : 's'}: compile ${formatMs(compile)}, render ${formatMs(render)}, write ${formatMs(write)}`;
  }

  errors(): ContentError[] {
    return this.errorsByPage.flat();
  }

  warnings(): Warning[] {
    return this.warningsByPage.flat();
  }

  /** Every page but the not-found page, in page order. */
  linkIndex(): PageLinkIndex[] {
    return this.links.filter((links) => links !== undefined);
  }

  /** How many index parts there are, and how many came from the build cache. */
  async writeSearchIndex(): Promise<{ parts: number; reused: number }> {
    await Promise.all([...this.searchQueue]);
    if (this.searchFailure) throw this.searchFailure;
    return this.search!.write();
  }
}

