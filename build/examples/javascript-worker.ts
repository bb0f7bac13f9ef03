/** The thread that turns checked TypeScript examples into JavaScript tabs (javascript-converter.ts). */
import { parentPort } from 'node:worker_threads';
import { javascriptTwinHtml } from './javascript-twin.ts';
import { loadJavaScriptConverter, TypeScriptOnlySyntaxError } from './to-javascript.ts';
import type { ConversionReply, ConversionRequest } from './javascript-converter.ts';

parentPort!.on('message', async ({ id, ...request }: ConversionRequest) => {
  await loadJavaScriptConverter();
  let reply: ConversionReply;
  try {
    reply = { id, html: javascriptTwinHtml(request) };
  } catch (error) {
    if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
    reply = { id, constructs: error.constructs };
  }
  parentPort!.postMessage(reply);
});
