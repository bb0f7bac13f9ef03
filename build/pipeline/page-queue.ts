/**
 * Doc pages, streamed through the page step (page-step.ts): each page is taken from the queue by
 * whichever thread is free, and handed to `onWritten` (link index, search) as soon as it is written.
 * The build runs this thread and a worker per other core; watch mode, this thread alone.
 */
import { PageStep, type CompiledDoc, type FolderPageSetup, type WrittenPage } from './page-step.ts';
import type { DocPageTask } from '../site/routes.ts';
import type { RuntimeAssets } from '../output-layout.ts';
import { settled, WorkerPool, workersFor, WorkQueue, yieldToEvents, type Settle } from './workers.ts';

export interface WritePagesInput {
  tasks: DocPageTask[];
  setup: FolderPageSetup;
  /** The bundled runtime, ready while the first pages compile. */
  runtime: Promise<RuntimeAssets>;
  /** Each page's outcome, by task index; awaited, so a slow consumer (the search index) holds the writers back. */
  onWritten: Settle<WrittenPage>;
}

/** Writes every doc page into the staging folder on every core; returns this thread's step, which the site step writes the other pages with. */
export async function writeDocPages({ tasks, setup, runtime, onWritten }: WritePagesInput): Promise<PageStep> {
  const queue = new WorkQueue(tasks);
  const writer = PageStep.inFolder(setup);
  void runtime.then((assets) => writer.setRuntime(assets), (error: unknown) => writer.failRuntime(error));
  const { markdown, ...pages } = setup;
  const workers = workersFor(tasks.length);
  const starting = workers > 0 ? WorkerPool.start({ markdown, pages }, workers) : undefined;
  const onWorkers = starting?.then((pool) => {
    void runtime.then((assets) => pool.setRuntime(assets), () => pool.close());
    return pool.drainAndClose(queue, (task) => pool.writePage(task), onWritten);
  });
  try {
    await Promise.all([writePagesHere(queue, writer, runtime, onWritten), onWorkers]);
  } catch (error) {
    await starting?.then((pool) => pool.close(), () => {});
    throw error;
  }
  return writer;
}

/**
 * This thread starts compiling at once. Pages it compiles before the runtime is bundled wait,
 * compiled, and are written as soon as it is: waiting instead would idle this core for the
 * ~0.3 s esbuild takes.
 */
export async function writePagesHere(queue: WorkQueue<DocPageTask>, writer: PageStep, runtime: Promise<unknown>, onWritten: Settle<WrittenPage>): Promise<void> {
  const compiledEarly: { index: number; task: DocPageTask; compiled: CompiledDoc }[] = [];
  const writeCompiled = async () => {
    for (const { index, task, compiled } of compiledEarly.splice(0)) await onWritten(index, attempt(() => writer.write(task, compiled)));
  };
  const compileOrQueue = async (index: number, task: DocPageTask) => {
    const outcome = await settled(writer.compile(task));
    if (outcome.status === 'rejected') await onWritten(index, outcome);
    else compiledEarly.push({ index, task, compiled: outcome.value });
    if (writer.hasRuntime) await writeCompiled();
  };
  for (let next = queue.take(); next; next = queue.take()) {
    const reused = await settled(writer.reuse(next.item));
    if (reused.status === 'rejected' || reused.value) await onWritten(next.index, reused as PromiseSettledResult<WrittenPage>);
    else await compileOrQueue(next.index, next.item);
    await yieldToEvents();
  }
  await runtime;
  await writeCompiled();
}

function attempt<R>(work: () => R): PromiseSettledResult<R> {
  try {
    return { status: 'fulfilled', value: work() };
  } catch (reason) {
    return { status: 'rejected', reason };
  }
}
