/** The thread that turns checked TypeScript examples into JavaScript (javascript-converter.ts). */
import { parentPort } from 'node:worker_threads';
import { loadJavaScriptConverter, toJavaScript, TypeScriptOnlySyntaxError } from './to-javascript.ts';
import type { ConversionReply, ConversionRequest } from './javascript-converter.ts';

parentPort!.on('message', async ({ id, code, language }: ConversionRequest) => {
  await loadJavaScriptConverter();
  let reply: ConversionReply;
  try {
    reply = { id, javascript: toJavaScript(code, language) };
  } catch (error) {
    if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
    reply = { id, constructs: error.constructs };
  }
  parentPort!.postMessage(reply);
});
