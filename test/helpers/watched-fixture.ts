/** A fixture copied into a temporary folder and served by watch mode, with a helper that edits a file and waits for the rebuild. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { startDevServer, type DevServer, type DevServerOptions } from '../../build/dev/server.ts';
import { projectRoot } from './site.ts';

export interface WatchedFixture {
  root: string;
  /** Every line watch mode logged; errors and warnings start with `E `. */
  lines: string[];
  /** Starts watch mode on the copy (removed, with the server, after the file's tests). */
  start(options: Omit<DevServerOptions, 'projectRoot' | 'port' | 'host' | 'log' | 'logError'>): Promise<DevServer>;
  /** Rewrites a file of the copy, then waits for the rebuild it causes: the log line of that rebuild. */
  edit(file: string, change: (text: string) => string): Promise<string>;
  /** A route's text as watch mode serves it. */
  page(route: string): Promise<string>;
}

export function watchedFixture(fixture: string): WatchedFixture {
  const root = mkdtempSync(path.join(tmpdir(), `watch-${fixture}-`));
  cpSync(path.join(projectRoot, 'test/fixtures', fixture), root, { recursive: true });
  const lines: string[] = [];
  let server: DevServer | undefined;
  after(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root,
    lines,
    async start(options) {
      server = await startDevServer({ ...options, projectRoot: root, port: 0, host: '127.0.0.1', log: (line) => lines.push(line), logError: (line) => lines.push(`E ${line}`) });
      await server.idle();
      return server;
    },
    async edit(file, change) {
      const before = lines.length;
      writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), 'utf8')));
      const deadline = Date.now() + 20_000;
      for (;;) {
        const line = lines.slice(before).find((logged) => /^(rebuilt|removed|rebuild failed)/.test(logged));
        if (line) return line;
        if (Date.now() > deadline) throw new Error(`no rebuild after editing ${file}:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async page(route) {
      return (await fetch(new URL(route, server!.url))).text();
    },
  };
}
