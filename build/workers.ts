import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { ContentError } from '../errors.ts';
import { GENERATED_MODULES_DIR } from '../fs-utils.ts';
import { compileMarkdown, type CompiledMarkdown, type MarkdownOptions, type MarkdownSource } from './compile.ts';

/** The options every page shares, sent once per worker (the permalink map can be large). */
export type SharedCompileOptions = Omit<MarkdownOptions, 'permalinkBySourcePath'> & { permalinks: [string, string][] };

export type PoolRequest =
  | { type: 'options'; options: SharedCompileOptions }
  | { type: 'compile'; id: number; source: MarkdownSource };

export type PoolResponse =
  | { type: 'compiled'; id: number; result: CompiledMarkdown }
  | { type: 'failed'; id: number; errors: { message: string; file: string; line?: number; fix?: string }[] }
  | { type: 'crashed'; id: number; message: string };

const WORKER_SOURCE = fileURLToPath(new URL('./compile-worker.ts', import.meta.url));
let workerScript: Promise<string> | undefined;

/**
 * The worker's code as one plain JavaScript file (packages stay imports): starting a worker through
 * tsx would transpile every module again in each worker, which cost about a second per start.
 */
function bundledWorker(): Promise<string> {
  workerScript ??= (async () => {
    const file = path.join(GENERATED_MODULES_DIR, `compile-worker-${process.pid}.mjs`);
    await build({ entryPoints: [WORKER_SOURCE], outfile: file, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent' });
    process.once('exit', () => rmSync(file, { force: true }));
    return file;
  })();
  return workerScript;
}

/**
 * Compiling allocates short-lived nodes fast; with V8's default young generation most of the time
 * went to scavenges, and two threads scavenging at once scaled to 1.25x on 2 cores. 64 MiB
 * semi-spaces (3 of them make the young generation), as `npm run build` gives the main thread with
 * --max-semi-space-size=64: 100-page compile 1.45 s -> 1.2 s alone, 2.3 s -> 1.4 s two at once.
 */
const YOUNG_GENERATION_MB = 3 * 64;

/**
 * Below this many pages a worker does not pay for itself on 2 cores: its start-up and cold JIT take
 * ~0.5 s, and this thread compiles slower while it runs. The 87-page site: 1.45 s in this thread
 * alone, 1.8 s with a worker; 1,000 corpus pages: 11.9 s alone, 8.6 s with a worker.
 */
const MIN_PAGES_FOR_WORKERS = 200;

/**
 * Compiles every page, this thread and one worker per other core taking the next page whenever
 * they are free. This thread starts at once, so a small site never waits for workers to start,
 * and a page at a time per thread (two per worker, to cover messaging) bounds the syntax trees alive.
 */
export async function compilePages(
  sources: MarkdownSource[],
  options: MarkdownOptions,
  onCompiled: () => void,
): Promise<PromiseSettledResult<CompiledMarkdown>[]> {
  const queue = new PageQueue(sources, onCompiled);
  const otherCores = Math.min(availableParallelism(), 8) - 1;
  const starting = sources.length >= MIN_PAGES_FOR_WORKERS && otherCores > 0 ? CompilePool.start(options, otherCores) : undefined;
  const inThisThread = queue.drain(async (source) => {
    const compiled = await compileMarkdown(source, options);
    // Lets worker messages in between pages: awaiting the compile alone never leaves the microtask queue.
    await new Promise(setImmediate);
    return compiled;
  });
  const onWorkers = starting?.then(async (pool) => {
    try {
      await Promise.all(Array.from({ length: pool.capacity }, () => queue.drain((source) => pool.compile(source))));
    } finally {
      await pool.close();
    }
  });
  await Promise.all([inThisThread, onWorkers]);
  return queue.outcomes;
}

/** Pages handed out one at a time to whichever lane asks next; outcomes in page order. */
class PageQueue {
  readonly outcomes: PromiseSettledResult<CompiledMarkdown>[];
  private next = 0;

  constructor(private readonly sources: MarkdownSource[], private readonly onCompiled: () => void) {
    this.outcomes = new Array(sources.length);
  }

  async drain(compile: (source: MarkdownSource) => Promise<CompiledMarkdown>): Promise<void> {
    while (this.next < this.sources.length) {
      const index = this.next++;
      try {
        this.outcomes[index] = { status: 'fulfilled', value: await compile(this.sources[index]) };
      } catch (reason) {
        this.outcomes[index] = { status: 'rejected', reason };
      }
      this.onCompiled();
    }
  }
}

/** Worker threads compiling pages; each page goes to the worker with the fewest in flight. */
export class CompilePool {
  private readonly workers: { worker: Worker; pending: number }[] = [];
  private readonly waiting = new Map<number, { resolve: (result: CompiledMarkdown) => void; reject: (error: unknown) => void }>();
  private nextId = 0;
  /** Set when a worker died: every later page fails with it instead of waiting forever. */
  private failure: Error | undefined;

  private constructor(script: string, options: MarkdownOptions, size: number) {
    const shared: SharedCompileOptions = {
      staticDirs: options.staticDirs, baseUrl: options.baseUrl, minTocLevel: options.minTocLevel, maxTocLevel: options.maxTocLevel,
      permalinks: [...options.permalinkBySourcePath],
    };
    for (let index = 0; index < size; index++) {
      const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
      worker.on('message', (response: PoolResponse) => this.receive(response));
      worker.on('error', (error) => this.failAll(error));
      worker.on('exit', (code) => code !== 0 && !this.closing && this.failAll(new Error(`A compile worker exited with code ${code}`)));
      worker.postMessage({ type: 'options', options: shared } satisfies PoolRequest);
      this.workers.push({ worker, pending: 0 });
    }
  }

  /** Pages in flight at once: two per worker keeps each busy without piling up parsed trees. */
  get capacity(): number {
    return this.workers.length * 2;
  }

  static async start(options: MarkdownOptions, size: number): Promise<CompilePool> {
    return new CompilePool(await bundledWorker(), options, size);
  }

  compile(source: MarkdownSource): Promise<CompiledMarkdown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const target = this.workers.reduce((least, candidate) => (candidate.pending < least.pending ? candidate : least));
    target.pending++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, {
        resolve: (result) => (target.pending--, resolve(result)),
        reject: (error) => (target.pending--, reject(error)),
      });
      target.worker.postMessage({ type: 'compile', id, source } satisfies PoolRequest);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private receive(response: PoolResponse): void {
    const waiter = this.waiting.get(response.id);
    this.waiting.delete(response.id);
    if (!waiter) return;
    if (response.type === 'compiled') waiter.resolve(response.result);
    else if (response.type === 'failed') waiter.reject(response.errors.map((error) => new ContentError(error.message, error.file, error.line, error.fix)));
    else waiter.reject(new Error(`A compile worker crashed: ${response.message}`));
  }

  private failAll(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  /** Stops every worker; after close() a worker's exit is expected, not a failure. */
  private closing = false;
}
