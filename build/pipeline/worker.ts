/** A worker thread of workers.ts: compiles Markdown (watch mode) or writes whole doc pages (the build). */
import { parentPort } from 'node:worker_threads';
import { PageStep } from './page-step.ts';
import { contentErrorsOf } from '../errors.ts';
import { compileMarkdown, type MarkdownOptions } from '../markdown/compile.ts';
import type { WorkerRequest, WorkerResponse } from './workers.ts';

const port = parentPort!;
let markdown: MarkdownOptions | undefined;
let pages: PageStep | undefined;

async function run(request: Extract<WorkerRequest, { id: number }>) {
  if (request.type === 'compile') return compileMarkdown(request.source, markdown!);
  const reused = await pages!.reuse(request.task);
  if (reused) return reused;
  const compiled = await pages!.compile(request.task);
  await pages!.runtimeReady;
  return pages!.write(request.task, compiled);
}

function answer(request: Extract<WorkerRequest, { id: number }>): Promise<WorkerResponse> {
  return run(request).then(
    (result) => ({ type: 'done', id: request.id, result }),
    (error: unknown) => {
      const contentErrors = contentErrorsOf(error);
      if (!contentErrors) return { type: 'crashed', id: request.id, message: (error as Error).stack ?? String(error) };
      const errors = contentErrors.map(({ rule, message, file, line, column, fix }) => ({ rule, message, file, line, column, fix }));
      return { type: 'failed', id: request.id, errors };
    },
  );
}

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'setup') {
    markdown = request.setup.markdown;
    if (request.setup.pages) pages = PageStep.inFolder({ ...request.setup.pages, markdown });
  } else if (request.type === 'runtime') {
    pages!.setRuntime(request.runtime);
  } else {
    void answer(request).then((response) => port.postMessage(response));
  }
});
