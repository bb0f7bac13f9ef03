import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ContentError } from '../errors.ts';
import type { CompiledMarkdown, MarkdownOptions, MarkdownSource } from './compile.ts';

/** The options every page shares, sent once per worker (the permalink map can be large). */
export type SharedCompileOptions = Omit<MarkdownOptions, 'highlighter' | 'permalinkBySourcePath'> & { permalinks: [string, string][] };

export type PoolRequest =
  | { type: 'options'; options: SharedCompileOptions }
  | { type: 'compile'; id: number; source: MarkdownSource }
  | { type: 'css' };

export type PoolResponse =
  | { type: 'compiled'; id: number; result: CompiledMarkdown }
  | { type: 'failed'; id: number; errors: { message: string; file: string; line?: number; fix?: string }[] }
  | { type: 'crashed'; id: number; message: string }
  | { type: 'css'; css: string };

const WORKER_URL = new URL('./compile-worker.ts', import.meta.url).href;
// Workers are started through tsx's loader, since the generator runs from TypeScript sources.
const BOOTSTRAP = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/** Below this many pages a worker's start-up (loading grammars) costs more than it saves. */
export const MIN_PAGES_FOR_WORKERS = 200;

export function workerCount(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/**
 * Compiles pages on every core: each worker keeps one highlighter for all the pages it gets.
 * Pages go to whichever worker has the fewest in flight.
 */
export class CompilePool {
  private readonly workers: { worker: Worker; pending: number }[] = [];
  private readonly waiting = new Map<number, { resolve: (result: CompiledMarkdown) => void; reject: (error: unknown) => void }>();
  private cssWaiters: ((css: string) => void)[] = [];
  private nextId = 0;

  constructor(options: MarkdownOptions, size = workerCount()) {
    const shared: SharedCompileOptions = {
      staticDirs: options.staticDirs, baseUrl: options.baseUrl, minTocLevel: options.minTocLevel, maxTocLevel: options.maxTocLevel,
      permalinks: [...options.permalinkBySourcePath],
    };
    for (let index = 0; index < size; index++) {
      const worker = new Worker(BOOTSTRAP, { eval: true });
      worker.on('message', (response: PoolResponse) => this.receive(response));
      worker.on('error', (error) => this.failAll(error));
      worker.postMessage({ type: 'options', options: shared } satisfies PoolRequest);
      this.workers.push({ worker, pending: 0 });
    }
  }

  compile(source: MarkdownSource): Promise<CompiledMarkdown> {
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

  /** The highlighting CSS every worker has produced (class names are the same in all workers). */
  async css(): Promise<string[]> {
    const answers = this.workers.map(({ worker }) => new Promise<string>((resolve) => {
      this.cssWaiters.push(resolve);
      worker.postMessage({ type: 'css' } satisfies PoolRequest);
    }));
    return Promise.all(answers);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private receive(response: PoolResponse): void {
    if (response.type === 'css') {
      this.cssWaiters.shift()?.(response.css);
      return;
    }
    const waiter = this.waiting.get(response.id);
    this.waiting.delete(response.id);
    if (!waiter) return;
    if (response.type === 'compiled') waiter.resolve(response.result);
    else if (response.type === 'failed') waiter.reject(response.errors.map((error) => new ContentError(error.message, error.file, error.line, error.fix)));
    else waiter.reject(new Error(`A compile worker crashed: ${response.message}`));
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
