/** The thread that turns checked TypeScript examples into JavaScript tabs (javascript-converter.ts). */
import { parentPort } from 'node:worker_threads';
import { twinResult } from './javascript-twin.ts';
import { loadJavaScriptConverter } from './to-javascript.ts';
import type { ConversionReply, ConversionRequest } from './javascript-converter.ts';

parentPort!.on('message', async ({ id, requests }: ConversionRequest) => {
  await loadJavaScriptConverter();
  parentPort!.postMessage({ id, results: requests.map(twinResult) } satisfies ConversionReply);
});
