/**
 * Using every core: this thread works through a queue of pages while worker threads (one per
 * other core) take from the same queue. The production build has workers compile, render and
 * make whole pages (page-step.ts, page-queue.ts); watch mode has them compile Markdown.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FolderPageSetup, WrittenPage } from './page-step.ts';
import type { DocPageTask } from '../site/routes.ts';
import { ContentError, contentError, type ContentErrorInit } from '../errors.ts';
import { workerScript } from '../worker-scripts.ts';
import { compileMarkdown, type CompiledMarkdown, type MarkdownOptions, type MarkdownSource } from '../markdown/compile.ts';
import type { RuntimeAssets } from '../output-layout.ts';

/** What every worker is started with: the compile options, and for page writing the rest of the site. */
export interface WorkerSetup { markdown: MarkdownOptions; pages?: Omit<FolderPageSetup, 'markdown'> }

export type WorkerRequest =
  | { type: 'setup'; setup: WorkerSetup }
  | { type: 'runtime'; runtime: RuntimeAssets }
  | { type: 'compile'; id: number; source: MarkdownSource }
  | { type: 'page'; id: number; task: DocPageTask };

export type WorkerResponse =
  | { type: 'done'; id: number; result: CompiledMarkdown | WrittenPage }
  | { type: 'failed'; id: number; errors: ContentErrorInit[] }
  | { type: 'crashed'; id: number; message: string };

/**
 * Compiling allocates short-lived nodes fast; with V8's default young generation most of the time
 * went to scavenges, and two threads scavenging at once scaled to 1.25x on 2 cores. 64 MiB
 * semi-spaces (3 of them make the young generation): 100-page compile 1.45 s -> 1.2 s alone, 2.3 s
 * -> 1.4 s two at once; 32 MiB made no difference at 1,000 pages (21.0 s against 21.2 s). The main
 * thread gets 32 MiB (`npm run build` runs Node with --max-semi-space-size=32): with 64, our 87-page
 * site built in 6.77 s against 6.17 s, and 1,000 pages in 23.7 s against 22.1 s (medians of 4-5
 * interleaved runs); a bigger young generation touches more fresh memory, and page faults are slow here.
 */
const YOUNG_GENERATION_MB = 3 * 64;
/** A worker's heap: past it, the worker is stopped and its page is an error, not the process. */
const OLD_GENERATION_MB = 2048;

/**
 * Below this many pages a worker does not pay for itself on 2 cores: its start-up and cold JIT take
 * ~0.5 s, and this thread compiles slower while it runs. The 87-page site: 1.45 s in this thread
 * alone, 1.8 s with a worker; 1,000 corpus pages: 11.9 s alone, 8.6 s with a worker.
 */
const MIN_PAGES_FOR_WORKERS = 200;

/** Workers worth starting for this many pages: one per core besides this thread's. */
export function workersFor(pages: number): number {
  return pages >= MIN_PAGES_FOR_WORKERS ? Math.min(availableParallelism(), 8) - 1 : 0;
}

/** Items handed out one at a time to whichever lane asks next. */
export class WorkQueue<T> {
  private next = 0;

  constructor(readonly items: readonly T[]) {}

  take(): { index: number; item: T } | undefined {
    if (this.next >= this.items.length) return undefined;
    const index = this.next++;
    return { index, item: this.items[index] };
  }
}

export type Settle<R> = (index: number, outcome: PromiseSettledResult<R>) => Promise<void> | void;

/** Lets worker messages in between pages: awaiting work that never leaves the microtask queue would starve them. */
export const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Compiles every page, this thread and one worker per other core taking the next page whenever
 * they are free. This thread starts at once, so a small site never waits for workers to start.
 * Outcomes come back in page order.
 */
export async function compilePages(sources: MarkdownSource[], options: MarkdownOptions, onCompiled: () => void): Promise<PromiseSettledResult<CompiledMarkdown>[]> {
  const queue = new WorkQueue(sources);
  const outcomes: PromiseSettledResult<CompiledMarkdown>[] = new Array(sources.length);
  const settle: Settle<CompiledMarkdown> = (index, outcome) => {
    outcomes[index] = outcome;
    onCompiled();
  };
  const workers = workersFor(sources.length);
  const inThisThread = (async () => {
    for (let next = queue.take(); next; next = queue.take()) {
      settle(next.index, await settled(compileMarkdown(next.item, options)));
      await yieldToEvents();
    }
  })();
  const onWorkers = workers > 0 ? WorkerPool.start({ markdown: options }, workers).then((pool) => pool.drainAndClose(queue, (source) => pool.compile(source), settle)) : undefined;
  await Promise.all([inThisThread, onWorkers]);
  return outcomes;
}

export async function settled<R>(work: Promise<R>): Promise<PromiseSettledResult<R>> {
  try {
    return { status: 'fulfilled', value: await work };
  } catch (reason) {
    return { status: 'rejected', reason };
  }
}

/** A request in flight: the page it is for names the error if its worker dies. */
interface Waiter { resolve: (result: never) => void; reject: (error: unknown) => void; page: string; lane: Lane }

interface Lane { worker: Worker; pending: number }

/**
 * Worker threads; each request goes to the worker with the fewest in flight. A worker that dies
 * (out of memory, a fatal error) fails the pages it had, each with one error naming it, and is
 * replaced, so the other pages build.
 */
export class WorkerPool {
  private readonly lanes: Lane[] = [];
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 0;
  private runtime: RuntimeAssets | undefined;
  /** After close() a worker's exit is expected, not a failure. */
  private closing = false;

  private constructor(private readonly script: string, private readonly setup: WorkerSetup, size: number) {
    for (let index = 0; index < size; index++) this.lanes.push(this.spawn());
  }

  private spawn(): Lane {
    const worker = new Worker(this.script, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB } });
    const lane: Lane = { worker, pending: 0 };
    worker.on('message', (response: WorkerResponse) => this.receive(response));
    worker.on('error', (error) => this.died(lane, (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? `ran out of memory (${OLD_GENERATION_MB} MB)` : error.message));
    worker.on('exit', (code) => code !== 0 && !this.closing && this.died(lane, `exited with code ${code}`));
    worker.postMessage({ type: 'setup', setup: this.setup } satisfies WorkerRequest);
    if (this.runtime) worker.postMessage({ type: 'runtime', runtime: this.runtime } satisfies WorkerRequest);
    return lane;
  }

  static async start(setup: WorkerSetup, size: number): Promise<WorkerPool> {
    return new WorkerPool(await workerScript('worker'), setup, size);
  }

  /** Requests in flight at once: two per worker keeps each busy without piling up pages. */
  get capacity(): number {
    return this.lanes.length * 2;
  }

  compile(source: MarkdownSource): Promise<CompiledMarkdown> {
    return this.request(source.displayPath, (id) => ({ type: 'compile', id, source }));
  }

  /** Needs `setRuntime` first (or soon: the worker compiles, then waits for it). */
  writePage(task: DocPageTask): Promise<WrittenPage> {
    return this.request(task.doc.displayPath, (id) => ({ type: 'page', id, task }));
  }

  setRuntime(runtime: RuntimeAssets): void {
    this.runtime = runtime;
    for (const { worker } of this.lanes) worker.postMessage({ type: 'runtime', runtime } satisfies WorkerRequest);
  }

  /** Runs the queue's items on the workers, `capacity` at a time, until the queue is empty; then stops the workers. */
  async drainAndClose<T, R>(queue: WorkQueue<T>, run: (item: T) => Promise<R>, settle: Settle<R>): Promise<void> {
    const lane = async () => {
      for (let next = queue.take(); next; next = queue.take()) await settle(next.index, await settled(run(next.item)));
    };
    try {
      await Promise.all(Array.from({ length: this.capacity }, lane));
    } finally {
      await this.close();
    }
  }

  /** Stops the workers; requests still in flight fail, so nothing waits for them (the build stops for another error). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.lanes.map(({ worker }) => worker.terminate()));
    for (const [id, waiter] of this.waiting) {
      this.waiting.delete(id);
      waiter.reject(new Error('the build stopped before this page was written'));
    }
  }

  private request<R>(page: string, message: (id: number) => WorkerRequest): Promise<R> {
    const id = this.nextId++;
    const lane = this.lanes.reduce((least, candidate) => (candidate.pending < least.pending ? candidate : least));
    lane.pending++;
    return new Promise<R>((resolve, reject) => {
      this.waiting.set(id, {
        page, lane,
        resolve: (result) => (lane.pending--, resolve(result)),
        reject: (error) => (lane.pending--, reject(error)),
      });
      lane.worker.postMessage(message(id));
    });
  }

  private receive(response: WorkerResponse): void {
    const waiter = this.waiting.get(response.id);
    this.waiting.delete(response.id);
    if (!waiter) return;
    if (response.type === 'done') waiter.resolve(response.result as never);
    else if (response.type === 'failed') waiter.reject(contentError(response.errors.map((error) => new ContentError(error))));
    else waiter.reject(new Error(`A worker thread crashed: ${response.message}`));
  }

  /** The worker's pages fail, one error each naming the page; a new worker takes its place. */
  private died(lane: Lane, reason: string): void {
    const index = this.lanes.indexOf(lane);
    if (index === -1) return; // its 'error' came first; this is its 'exit'
    for (const [id, waiter] of this.waiting) {
      if (waiter.lane !== lane) continue;
      this.waiting.delete(id);
      waiter.reject(new ContentError({ rule: 'build/worker', message: `the thread building this page ${reason}`, file: waiter.page, fix: 'Look for what in the page makes it so large or slow (a huge table, a component that loops), or split the page.' }));
    }
    this.lanes[index] = this.spawn();
  }
}
