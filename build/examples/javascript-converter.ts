/**
 * Checked examples' JavaScript tabs (javascript-twin.ts), made where they cost the build least. TypeScript takes ~0.8 s to
 * load: a build that compiles on this thread alone (under 200 pages) hands the examples to a thread
 * of their own, which loads it on the otherwise idle core; the page workers of a larger build, which
 * already keep every core busy, convert in their own thread.
 */
import { isMainThread, Worker } from 'node:worker_threads';
import { workerScript } from '../worker-scripts.ts';
import { javascriptTwinHtml, type TwinRequest } from './javascript-twin.ts';
import { loadJavaScriptConverter, TypeScriptOnlySyntaxError, type TypeScriptOnlyConstruct } from './to-javascript.ts';

export interface ConversionRequest extends TwinRequest { id: number }
export type ConversionReply = { id: number; html: string } | { id: number; constructs: TypeScriptOnlyConstruct[] };

let converter: Promise<Worker> | undefined;
const pending = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
let nextId = 0;

/** The example's JavaScript code block as HTML; rejects with TypeScriptOnlySyntaxError for syntax with no JavaScript twin. */
export async function javascriptTwin(request: TwinRequest): Promise<string> {
  if (!isMainThread) {
    await loadJavaScriptConverter();
    return javascriptTwinHtml(request);
  }
  const worker = await (converter ??= startConverter());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref(); // the build waits for the answer; idle, the thread never keeps the process alive
    worker.postMessage({ id, ...request } satisfies ConversionRequest);
  });
}

/** Starts loading TypeScript now, while the build reads and bundles, so the first checked page need not wait for it. */
export function warmUpJavaScriptConverter(): void {
  javascriptTwin({ code: '', language: 'ts', meta: '' }).catch(() => {});
}

async function startConverter(): Promise<Worker> {
  const worker = new Worker(await workerScript('javascript-worker'));
  worker.on('message', (reply: ConversionReply) => {
    const request = pending.get(reply.id)!;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ('html' in reply) request.resolve(reply.html);
    else request.reject(new TypeScriptOnlySyntaxError(reply.constructs));
  });
  worker.on('error', (error) => {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    converter = undefined;
  });
  worker.unref();
  return worker;
}
