/**
 * The worker thread that runs a page's run blocks of one NODE_ENV (run.ts starts it with that
 * environment): each block, bundled into a file of its own, is imported as a fresh module; everything
 * it writes through the console is its output; the answer waits until the block has nothing left to
 * run (pending-work.ts).
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { parentPort } from 'node:worker_threads';
import { createFakeFetch, PageRequest } from './fake-api.ts';
import { cancelTimers, settled, trackTimers } from './pending-work.ts';

export interface BlockRequest {
  /** The block's bundled module. */
  file: string;
  fakeFetch: boolean;
}

export interface BlockResult {
  output: string;
  /** The first error the block threw or left unhandled; its stack is source-mapped to the page's examples. */
  error?: { text: string; stack: string };
  /** Its module's top-level await was still waiting when nothing was left to run. */
  unfinished: boolean;
}

let output = '';
let failure: BlockResult['error'];

const captured = new Writable({
  write(chunk, _encoding, done) {
    output += String(chunk);
    done();
  },
});
// Node's own Console, so every method (log, error, table, dir, group, assert) formats as in a terminal.
globalThis.console = new Console({ stdout: captured, stderr: captured, colorMode: false });
process.setSourceMapsEnabled(true);
trackTimers();
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

const nodeRequest = globalThis.Request;
const refusedFetch: typeof fetch = async () => {
  throw new Error('fetch is not available: add "fetch" to the run block\'s meta (```ts run fetch) to send requests to the fake API');
};

parentPort!.on('message', async ({ file, fakeFetch }: BlockRequest) => {
  output = '';
  failure = undefined;
  globalThis.fetch = fakeFetch ? createFakeFetch() : refusedFetch;
  globalThis.Request = fakeFetch ? PageRequest : nodeRequest;
  const start = Date.now();
  let finished = false;
  import(pathToFileURL(file).href).then(() => { finished = true; }, fail);
  await settled(start);
  cancelTimers();
  parentPort!.postMessage({ output, error: failure, unfinished: !finished && !failure } satisfies BlockResult);
});

function fail(error: unknown): void {
  failure ??= error instanceof Error ? { text: String(error), stack: error.stack ?? '' } : { text: inspect(error), stack: '' };
}
