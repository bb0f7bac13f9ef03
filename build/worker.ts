/** A worker thread that compiles Markdown pages; see compile-pool.ts. */
import { parentPort } from 'node:worker_threads';
import { ContentError } from '../errors.ts';
import { compileMarkdown, type MarkdownOptions } from './compile.ts';
import type { PoolRequest, PoolResponse } from './compile-pool.ts';

const port = parentPort!;
let options: MarkdownOptions | undefined;

async function answer(request: PoolRequest): Promise<PoolResponse | undefined> {
  if (request.type === 'options') {
    options = { ...request.options, permalinkBySourcePath: new Map(request.options.permalinks) };
    return undefined;
  }
  try {
    return { type: 'compiled', id: request.id, result: await compileMarkdown(request.source, options!) };
  } catch (error) {
    if (!Array.isArray(error)) return { type: 'crashed', id: request.id, message: (error as Error).stack ?? String(error) };
    const errors = (error as ContentError[]).map(({ message, file, line, fix }) => ({ message, file, line, fix }));
    return { type: 'failed', id: request.id, errors };
  }
}

port.on('message', (request: PoolRequest) => {
  void answer(request).then((response) => response && port.postMessage(response));
});
