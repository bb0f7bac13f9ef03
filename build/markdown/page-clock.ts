/**
 * The per-page time budget. A compile is synchronous once it starts, so nothing in the compiling
 * thread can stop a page that takes minutes (an input the size and shape limits did not foresee).
 * A small watchdog thread holds the clock instead: it hears when each page starts and ends, and a page
 * still compiling when its budget runs out ends the build with one error naming the page. The
 * process is killed, not the thread, because the build cannot finish without the page; the staging
 * folder it leaves is cleared by the next build and the published site is untouched.
 */
import { Worker } from 'node:worker_threads';

/**
 * The watchdog, as source: it must run while the compiling thread is busy, so it is its own thread,
 * and it is small enough that bundling it as a file would cost more than it saves.
 */
const WATCHDOG_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const timers = new Map();
parentPort.on('message', (message) => {
  clearTimeout(timers.get(message.id));
  timers.delete(message.id);
  if (message.type !== 'started') return;
  timers.set(message.id, setTimeout(() => {
    writeSync(2, 'error: ' + message.error + '\\n');
    process.kill(process.pid, 'SIGKILL');
  }, message.budgetMs));
});
`;

let watchdog: Worker | undefined;
let nextId = 0;

/** Runs `compile` for one page under the budget; the error names the page and how to raise the budget. */
export async function withinTimeBudget<R>(page: string, budgetSeconds: number, compile: () => Promise<R>): Promise<R> {
  watchdog ??= startWatchdog();
  const error = `${page}: the page took longer than ${budgetSeconds} s to compile\n  → Look for a very long line or deeply repeated syntax in it, or raise maxPageSeconds in site.config.ts.`;
  const id = nextId++;
  watchdog.postMessage({ type: 'started', id, budgetMs: budgetSeconds * 1000, error });
  try {
    return await compile();
  } finally {
    watchdog.postMessage({ type: 'finished', id });
  }
}

function startWatchdog(): Worker {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true });
  worker.unref();
  return worker;
}
