/**
 * `npm start`: builds the site into `.dev-dist/site/`, serves it with the static server, watches
 * the sources and rebuilds what a change touched. Browsers get server-sent events: which pages to
 * reload, or the build error to show. A failed rebuild leaves the last good pages in place.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { watch } from 'chokidar';
import { createStaticServer, listenOn } from '../serve/static-server.ts';
import { formatProblem, type Problem } from '../errors.ts';
import { formatMs } from '../task.ts';
import { GENERATOR_ROOT } from '../client/bundle.ts';
import { EVENTS_PATH, injectReloadClient } from './client.ts';
import { describeError } from './errors.ts';
import { DevSite, type RebuildReport } from './site.ts';

export interface DevServerOptions {
  projectRoot: string;
  /** 3000 by default; 0 picks a free port (see `DevServer.port`). */
  port?: number;
  host?: string;
  /** Watch mode's folder, `.dev-dist` below the project by default. */
  devDir?: string;
  docsDir?: string;
  sidebarsFile?: string;
  staticDir?: string;
  configFile?: string;
  /** Quiet time after a file event before rebuilding, so one save is one rebuild. */
  debounceMs?: number;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export interface DevServer {
  url: string;
  port: number;
  /** Resolves once no rebuild is running or waiting. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type FileEvent = 'add' | 'change' | 'unlink';

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));
  const projectRoot = path.resolve(options.projectRoot);
  // The theme is the project's own `src/` when it has one (this repository), else the generator's.
  const themeRoot = existsSync(path.join(projectRoot, 'src/client/entry.tsx')) ? projectRoot : GENERATOR_ROOT;
  const themeSrc = path.join(themeRoot, 'src') + path.sep;
  const devDir = path.resolve(projectRoot, options.devDir ?? '.dev-dist');
  const site = new DevSite({
    projectRoot, themeRoot, devDir,
    docsDir: options.docsDir, sidebarsFile: options.sidebarsFile, staticDir: options.staticDir, configFile: options.configFile,
  });
  const hub = new EventHub();
  let failure: Problem[] | undefined;
  const shown = (file: string) => {
    const relative = path.relative(projectRoot, file);
    return relative.startsWith('..') ? file : relative;
  };

  async function rebuild(changes: Map<string, FileEvent> | undefined): Promise<void> {
    const started = performance.now();
    const what = changes ? describeChanges(changes, shown) : 'startup';
    try {
      const report = await site.rebuild();
      const took = formatMs(performance.now() - started);
      for (const warning of report.newWarnings) logError(`warning: ${warning}`);
      log(changes ? `${describePages(report)} (${what}) in ${took}` : `built ${site.model!.routes.length} pages in ${took}`);
      failure = undefined;
      watchModelPaths();
      hub.send('reload', { pages: report.all ? 'all' : report.changed });
    } catch (error) {
      const previous = failure;
      failure = describeError(error, themeRoot, projectRoot);
      // An editor's save can arrive as several file events; the same failure again says nothing new.
      if (JSON.stringify(failure) !== JSON.stringify(previous)) {
        for (const reported of failure) logError(`error: ${formatProblem(reported)}`);
        log(`rebuild failed (${what}) after ${formatMs(performance.now() - started)}; ${site.hasSite ? 'serving the last good pages' : 'nothing to serve yet'}`);
      }
      site.writePlaceholder();
      hub.send('build-error', { errors: failure });
    }
  }

  // One rebuild at a time; file events during a rebuild are batched into the next one.
  const pending = new Map<string, FileEvent>();
  let debounce: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const debounceMs = options.debounceMs ?? 20;

  function run(first?: Map<string, FileEvent> | 'startup'): void {
    running = (async () => {
      let batch: Map<string, FileEvent> | 'startup' | undefined = first;
      while (!closed) {
        if (!batch) {
          if (pending.size === 0) break;
          batch = new Map(pending);
          pending.clear();
        }
        await rebuild(batch === 'startup' ? undefined : batch);
        batch = undefined;
      }
    })().finally(() => {
      running = undefined;
      if (pending.size > 0 && !closed) schedule();
    });
  }

  function schedule(): void {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = undefined;
      if (!running && !closed) run();
    }, debounceMs);
  }

  function onFileEvent(event: FileEvent, file: string): void {
    if (closed || isEditorTemporary(file)) return;
    if (file.startsWith(themeSrc)) site.sourceDidChange();
    const previous = pending.get(file);
    // A file added and changed before the rebuild is still "added".
    pending.set(file, previous === 'add' && event === 'change' ? 'add' : event);
    checkAgainLater(file);
    schedule();
  }

  // chokidar drops a path's change events for 50 ms after one it reported, so a second save in
  // that window (a fix right after a quick failed rebuild, or an editor writing in two steps) would
  // be missed. Each reported path is looked at again once the window has passed.
  const seen = new Map<string, { state: string; timer: NodeJS.Timeout }>();
  function checkAgainLater(file: string): void {
    clearTimeout(seen.get(file)?.timer);
    const state = fileState(file);
    const timer = setTimeout(() => {
      seen.delete(file);
      const now = fileState(file);
      if (!closed && now !== state) onFileEvent(now === 'missing' ? 'unlink' : state === 'missing' ? 'add' : 'change', file);
    }, 80);
    seen.set(file, { state, timer });
  }

  const watched = new Set<string>();
  const initialPaths = [
    path.join(projectRoot, 'content'),
    path.resolve(projectRoot, options.staticDir ?? 'static'),
    path.join(themeRoot, 'src'),
    path.resolve(projectRoot, options.configFile ?? 'site.config.ts'),
    path.resolve(projectRoot, options.sidebarsFile ?? 'sidebars.ts'),
    ...(options.docsDir ? [path.resolve(projectRoot, options.docsDir)] : []),
  ].filter((file) => existsSync(file));
  for (const file of initialPaths) watched.add(file);
  const watcher = watch(initialPaths, {
    ignoreInitial: true,
    ignored: (file) => file === devDir || file.startsWith(devDir + path.sep) || file.split(path.sep).includes('node_modules'),
  });
  for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, (file: string) => onFileEvent(event, path.resolve(file)));
  watcher.on('unlinkDir', (dir: string) => onFileEvent('unlink', path.resolve(dir)));
  watcher.on('error', (error) => logError(`warning: file watcher: ${(error as Error).message}`));
  await new Promise<void>((resolve) => watcher.once('ready', resolve));

  /** The docs folder, sidebars (and the files config and sidebars import), static folder and page data named by the config, once known. */
  function watchModelPaths(): void {
    const model = site.model;
    if (!model) return;
    const pages = [model.config.pages.home, model.config.pages.errors].filter((file): file is string => typeof file === 'string');
    const wanted = [model.paths.docsDir, model.paths.sidebarsFile, path.resolve(projectRoot, model.paths.configFile), ...model.moduleFiles, ...model.paths.staticDirs, ...pages.map((file) => path.resolve(projectRoot, file))];
    const added = wanted.filter((file) => !watched.has(file) && ![...watched].some((dir) => file.startsWith(dir + path.sep)) && existsSync(file));
    for (const file of added) watched.add(file);
    if (added.length > 0) watcher.add(added);
  }

  run('startup');
  await running;

  const distDir = path.join(projectRoot, 'dist');
  let distServer: http.Server | undefined;
  const server = createStaticServer({
    root: site.output.dir,
    transformHtml: injectReloadClient,
    checkHost: options.host ?? 'localhost',
    intercept(request, response, pathname) {
      if (pathname === EVENTS_PATH) {
        hub.connect(request, response, { server: hub.id, failing: failure !== undefined }, failure && { errors: failure });
        return true;
      }
      // Watch mode does not index pages for search; a production build's index is used if there is one.
      const baseUrl = site.model?.config.baseUrl ?? '/';
      if (pathname.startsWith(`${baseUrl}pagefind/`) && existsSync(path.join(distDir, 'pagefind'))) {
        distServer ??= createStaticServer({ root: distDir });
        request.url = `/${pathname.slice(baseUrl.length)}`;
        distServer.emit('request', request, response);
        return true;
      }
      return false;
    },
  });
  const host = options.host ?? 'localhost';
  await listenOn(server, options.port ?? 3000, host);
  const port = (server.address() as AddressInfo).port;
  log(existsSync(path.join(distDir, 'pagefind'))
    ? 'search: watch mode does not index pages; /pagefind/ is served from dist/ (the last production build)'
    : 'search: watch mode does not index pages; run `npm run build` once and search works here too (from dist/pagefind)');

  return {
    url: `http://${host}:${port}/`,
    port,
    async idle() {
      while (running || debounce || pending.size > 0) {
        if (running) await running;
        else await new Promise((resolve) => setTimeout(resolve, debounceMs));
      }
    },
    async close() {
      closed = true;
      clearTimeout(debounce);
      for (const { timer } of seen.values()) clearTimeout(timer);
      await watcher.close();
      await running;
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Server-sent events to every open tab. */
class EventHub {
  /** Changes when the server restarts, so tabs of an earlier server reload. */
  readonly id = randomUUID();
  private readonly clients = new Set<http.ServerResponse>();
  private readonly keepAlive = setInterval(() => {
    for (const client of this.clients) client.write(': ping\n\n');
  }, 15_000).unref();

  connect(request: http.IncomingMessage, response: http.ServerResponse, hello: object, buildError?: object): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.write('retry: 1000\n\n');
    response.write(frame('hello', hello));
    if (buildError) response.write(frame('build-error', buildError));
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
  }

  send(event: string, data: object): void {
    const message = frame(event, data);
    for (const client of this.clients) client.write(message);
  }

  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}

function frame(event: string, data: object): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function describeChanges(changes: Map<string, FileEvent>, shown: (file: string) => string): string {
  const entries = [...changes].map(([file, event]) => `${shown(file)}${event === 'add' ? ' added' : event === 'unlink' ? ' deleted' : ''}`);
  return entries.length > 3 ? `${entries.slice(0, 2).join(', ')} and ${entries.length - 2} more` : entries.join(', ');
}

function describePages(report: RebuildReport): string {
  if (report.all) return `rebuilt all ${report.changed.length - report.removed.length} pages`;
  const rendered = report.changed.filter((permalink) => !report.removed.includes(permalink));
  const parts = [];
  if (rendered.length > 0) parts.push(`rebuilt ${rendered.length > 3 ? `${rendered.length} pages` : rendered.join(', ')}`);
  if (report.removed.length > 0) parts.push(`removed ${report.removed.length > 3 ? `${report.removed.length} pages` : report.removed.join(', ')}`);
  return parts.length > 0 ? parts.join(', ') : 'rebuilt no pages';
}

function fileState(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : 'missing';
}

// Swap and backup files some editors write next to the file being saved.
function isEditorTemporary(file: string): boolean {
  const name = path.basename(file);
  return name.endsWith('~') || name.startsWith('.#') || /\.sw[px]$/.test(name) || /^#.*#$/.test(name);
}
