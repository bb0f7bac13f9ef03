/**
 * The per-page time budget, shared by the page's compile, render and write. A compile or a render is
 * synchronous once it starts, so nothing in the page's thread can stop a page that takes minutes (an
 * input the size and shape limits did not foresee).
 * A small watchdog thread holds the clock instead: it hears when each page starts and ends, and a page
 * still compiling when its budget runs out ends the build with one error naming the page. The
 * process is killed, not the thread, because the build cannot finish without the page; the staging
 * folder it leaves is cleared by the next build and the published site is untouched.
 */
import { Worker } from 'node:worker_threads';
import { printable } from '../errors.ts';

/**
 * The watchdog, as source: it must run while the compiling thread is busy, so it is its own thread,
 * and it is small enough that bundling it as a file would cost more than it saves.
 * The processes the build started go first: esbuild, bundling the client while the busy thread
 * owes it an answer, would otherwise find its pipe closed and print its goroutine dump (~100 lines)
 * after the one error. They are this process's children, listed by Linux in /proc; elsewhere the
 * list is empty and they end as the pipe closes.
 */
const WATCHDOG_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { readdirSync, readFileSync, writeSync } = require('node:fs');
const timers = new Map();
function children() {
  try {
    const tasks = '/proc/' + process.pid + '/task/';
    return readdirSync(tasks).flatMap((task) => readFileSync(tasks + task + '/children', 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}
parentPort.on('message', (message) => {
  clearTimeout(timers.get(message.id));
  timers.delete(message.id);
  if (message.type !== 'started') return;
  timers.set(message.id, setTimeout(() => {
    writeSync(2, 'error: ' + message.error + '\\n');
    for (const child of children()) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {}
    }
    process.kill(process.pid, 'SIGKILL');
  }, message.budgetMs));
});
`;

let watchdog: Worker | undefined;
let nextId = 0;

/**
 * Runs one step of a page (its compile, then its render and write) under what is left of the page's
 * budget once `spentMs` are gone; the error names the page and how to raise the budget.
 */
export function withinTimeBudget<R>(page: string, budgetSeconds: number, step: () => R, spentMs = 0): R {
  watchdog ??= startWatchdog();
  const error = `${printable(page)}: the page took longer than ${budgetSeconds} s to build\n  → Look for a very long line, deeply repeated syntax or a slow component in it, or raise maxPageSeconds in site.config.ts.`;
  const id = nextId++;
  const finished = () => watchdog!.postMessage({ type: 'finished', id });
  watchdog.postMessage({ type: 'started', id, budgetMs: Math.max(0, budgetSeconds * 1000 - spentMs), error });
  let result: R;
  try {
    result = step();
  } catch (failure) {
    finished();
    throw failure;
  }
  if (result instanceof Promise) return result.finally(finished) as R;
  finished();
  return result;
}

function startWatchdog(): Worker {
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true });
  worker.unref();
  return worker;
}
