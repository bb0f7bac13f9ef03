/**
 * Checked examples' JavaScript tabs (javascript-twin.ts), made where they cost the build least. TypeScript takes ~0.8 s to
 * load: a build that compiles on this thread alone (under 200 pages) hands the examples to a thread
 * of their own, which loads it on the otherwise idle core; the page workers of a larger build, which
 * already keep every core busy, convert in their own thread.
 */
import { isMainThread, Worker } from 'node:worker_threads';
import { workerScript } from '../worker-scripts.ts';
import { twinResult, type TwinRequest, type TwinResult } from './javascript-twin.ts';
import { loadJavaScriptConverter } from './to-javascript.ts';

/** A page's examples: one message each way per page. */
export interface ConversionRequest { id: number; requests: TwinRequest[] }
export interface ConversionReply { id: number; results: TwinResult[] }

let converter: Promise<Worker> | undefined;
const pending = new Map<number, { resolve: (results: TwinResult[]) => void; reject: (error: Error) => void }>();
let nextId = 0;

/** Each example's JavaScript code block as HTML, or the TypeScript-only constructs that prevent one. */
export async function javascriptTwins(requests: TwinRequest[]): Promise<TwinResult[]> {
  if (!isMainThread) {
    await loadJavaScriptConverter();
    return requests.map(twinResult);
  }
  const worker = await (converter ??= startConverter());
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref(); // the build waits for the answer; idle, the thread never keeps the process alive
    worker.postMessage({ id, requests } satisfies ConversionRequest);
  });
}

/** Starts loading TypeScript now, while the build reads and bundles, so the first checked page need not wait for it. */
export function warmUpJavaScriptConverter(): void {
  javascriptTwins([]).catch(() => {});
}

async function startConverter(): Promise<Worker> {
  const worker = new Worker(await workerScript('javascript-worker'));
  worker.on('message', (reply: ConversionReply) => {
    const request = pending.get(reply.id)!;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    request.resolve(reply.results);
  });
  worker.on('error', (error) => {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    converter = undefined;
  });
  worker.unref();
  return worker;
}
