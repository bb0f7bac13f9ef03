/**
 * Reads one doc from a folder and compiles it, as a page is made, inside a worker whose heap the test
 * bounds; posts the milliseconds taken and the author-facing error, if any.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { collectDocs } from '../../build/site/docs.ts';
import { contentErrorsOf } from '../../build/errors.ts';
import { compileMarkdown } from '../../build/markdown/compile.ts';
import { DEFAULT_PAGE_LIMITS } from '../../build/markdown/limits.ts';
import { markdownOptions } from '../helpers/markdown.ts';

const { docsDir, maxPageBytes } = workerData as { docsDir: string; maxPageBytes?: number };
const options = markdownOptions({ limits: maxPageBytes ? { ...DEFAULT_PAGE_LIMITS, maxPageBytes } : undefined });
// A cold compiler spends about a second on JIT warm-up; the bound is for the page, so warm up first.
await compileMarkdown({ sourcePath: 'warm-up.md', displayPath: 'warm-up.md', body: '# Warm up\n\nSee [a](/b), `code` and *emphasis*.\n\n- one\n- two\n', lineOffset: 0 }, { ...options, limits: undefined });
const started = performance.now();
let error: string | undefined;
try {
  const [doc] = collectDocs(docsDir);
  await compileMarkdown(
    { sourcePath: doc.sourcePath, displayPath: 'page.md', body: doc.body, lineOffset: doc.bodyLineOffset },
    options,
  );
} catch (thrown) {
  error = contentErrorsOf(thrown)?.map((item) => item.format()).join('\n') ?? `CRASH ${String(thrown)}`;
}
parentPort!.postMessage({ ms: performance.now() - started, error });
