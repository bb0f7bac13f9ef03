/** A worker thread that compiles Markdown pages; see compile-pool.ts. */
import { parentPort } from 'node:worker_threads';
import { ContentError } from '../errors.ts';
import { compileMarkdown, type MarkdownOptions } from './compile.ts';
import { getCodeHighlighter, highlightCss } from './highlight.ts';
import type { PoolRequest, PoolResponse, SharedCompileOptions } from './compile-pool.ts';

const port = parentPort!;
let ready: Promise<MarkdownOptions> | undefined;

function prepare(shared: SharedCompileOptions): Promise<MarkdownOptions> {
  return getCodeHighlighter().then((highlighter) => ({ ...shared, permalinkBySourcePath: new Map(shared.permalinks), highlighter }));
}

async function answer(request: PoolRequest): Promise<PoolResponse | undefined> {
  if (request.type === 'options') {
    ready = prepare(request.options);
    return undefined;
  }
  if (request.type === 'css') return { type: 'css', css: await highlightCss() };
  try {
    return { type: 'compiled', id: request.id, result: await compileMarkdown(request.source, await ready!) };
  } catch (error) {
    if (!Array.isArray(error)) return { type: 'crashed', id: request.id, message: (error as Error).stack ?? String(error) };
    const errors = (error as ContentError[]).map(({ message, file, line, fix }) => ({ message, file, line, fix }));
    return { type: 'failed', id: request.id, errors };
  }
}

port.on('message', (request: PoolRequest) => {
  void answer(request).then((response) => response && port.postMessage(response));
});
