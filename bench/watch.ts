/**
 * Watch mode on a corpus: runs `npm start`'s command on it, saves one page `edits` times and
 * times each save to the reload event the dev server sends open tabs (server-sent events).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Corpus } from './corpus.ts';
import { npmScriptCommand, PROJECT_ROOT } from './measure.ts';

const WAIT_MS = 120_000;

export interface WatchRun {
  /** Save → reload event, one per edit, ms. */
  editToReloadMs: number[];
  /** Start of the command → its first build served, ms. */
  firstBuildMs: number;
}

export async function measureWatch(corpus: Corpus, edits: number): Promise<WatchRun> {
  const started = performance.now();
  const devDir = path.join(corpus.root, 'dev-dist');
  const [command, ...args] = npmScriptCommand('start');
  const child = spawn(command, [...args, '--docs', corpus.docsDir, '--sidebars', corpus.sidebarsFile, '--host', '127.0.0.1', '--port', '0', '--dev-dir', devDir], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await serverUrl(child);
    const firstBuildMs = performance.now() - started;
    const reloads = await ReloadEvents.connect(new URL('/__dev/events', url));
    const page = path.join(corpus.docsDir, corpus.pageFiles[Math.floor(corpus.pageFiles.length / 2)]);
    const original = readFileSync(page, 'utf8');
    const editToReloadMs: number[] = [];
    for (let edit = 1; edit <= edits; edit++) {
      const next = reloads.next();
      const saved = performance.now();
      writeFileSync(page, `${original}\nEdit number ${edit} of the watch benchmark.\n`);
      await next;
      editToReloadMs.push(performance.now() - saved);
      await new Promise((resolve) => setTimeout(resolve, 100)); // let the watcher settle between saves
    }
    reloads.close();
    writeFileSync(page, original);
    return { editToReloadMs, firstBuildMs };
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('close', resolve));
  }
}

function serverUrl(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`watch mode did not start within ${WAIT_MS} ms:\n${output.slice(-2000)}`)), WAIT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Serving at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('close', (code) => reject(new Error(`watch mode exited with code ${code}:\n${output.slice(-2000)}`)));
  });
}

/** The dev server's event stream; `next()` resolves on the next reload event. */
class ReloadEvents {
  private waiters: ((event: string, data: string) => void)[] = [];

  private constructor(private readonly request: http.ClientRequest) {}

  static connect(url: URL): Promise<ReloadEvents> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, (response) => {
        let buffer = '';
        response.setEncoding('utf8').on('data', (chunk: string) => {
          const { received, rest } = takeServerEvents(buffer + chunk);
          buffer = rest;
          for (const { event, data } of received) {
            if (event === 'reload' || event === 'build-error') for (const wake of events.waiters.splice(0)) wake(event, data);
          }
        });
        resolve(events);
      });
      const events = new ReloadEvents(request);
      request.on('error', reject);
    });
  }

  next(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reload event within ${WAIT_MS} ms of a save`)), WAIT_MS);
      this.waiters.push((event, data) => {
        clearTimeout(timer);
        if (event === 'reload') resolve();
        else reject(new Error(`the edit failed to rebuild: ${data}`));
      });
    });
  }

  close(): void {
    this.request.destroy();
  }
}

/** The complete server-sent events at the start of `buffer` (name and data line), and what follows them. */
export function takeServerEvents(buffer: string): { received: { event: string; data: string }[]; rest: string } {
  const received: { event: string; data: string }[] = [];
  let rest = buffer;
  let end;
  while ((end = rest.indexOf('\n\n')) !== -1) {
    const frame = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const event = /^event: (.*)$/m.exec(frame)?.[1];
    const data = /^data: (.*)$/m.exec(frame)?.[1];
    if (event && data !== undefined) received.push({ event, data });
  }
  return { received, rest };
}

