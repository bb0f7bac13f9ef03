/**
 * `npm start`: builds the site into `.dev-dist/site/`, serves it with the static server, watches
 * the sources and rebuilds what a change touched. Browsers get server-sent events: which pages to
 * reload, or the build error to show. A failed rebuild leaves the last good pages in place.
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createStaticServer, listenOn } from '../serve/static-server.ts';
import { formatProblem, problemsOf, type Problem } from '../errors.ts';
import { formatMs } from '../task.ts';
import { displayPath } from '../fs-utils.ts';
import { GENERATOR_ROOT } from '../runtime-modules.ts';
import { EVENTS_PATH, injectReloadClient } from './client.ts';
import { EventHub } from './event-hub.ts';
import { RebuildQueue, type Changes } from './rebuild-queue.ts';
import { DevSite, type RebuildReport } from './watch-site.ts';
import { SourceWatcher, type FileEvent } from './source-watcher.ts';
import { SEARCH_DIR } from '../../src/shared/search.ts';

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
  allowComponentCode?: boolean;
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
    allowComponentCode: options.allowComponentCode, drafts: true,
  });
  const hub = new EventHub();
  const session = new DevSession(site, hub, projectRoot, themeRoot, log, logError);
  const queue = new RebuildQueue((changes) => session.rebuild(changes), options.debounceMs ?? 20);
  const sources = await SourceWatcher.start(startPaths(options, projectRoot, themeRoot), devDir, (event, file) => {
    if (file.startsWith(themeSrc)) site.sourceDidChange();
    queue.add(event, file);
  }, (message) => logError(`warning: file watcher: ${message}`));
  session.sources = sources;
  await queue.start();

  const host = options.host ?? 'localhost';
  const server = devHttpServer(site, hub, () => session.failure, projectRoot, host);
  await listenOn(server, options.port ?? 3000, host);
  const port = (server.address() as AddressInfo).port;
  log(`search: watch mode does not index pages; ${existsSync(path.join(projectRoot, 'dist/pagefind')) ? '/pagefind/ is served from dist/ (the last production build)' : 'run `npm run build` once and search works here too (from dist/pagefind)'}`);

  return {
    url: `http://${host}:${port}${site.model?.config.baseUrl ?? '/'}`,
    port,
    idle: () => queue.idle(),
    async close() {
      await sources.close();
      await queue.close();
      hub.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** What one rebuild reports: the terminal line, the reload or the error for the open tabs, and the newly named files to watch. */
class DevSession {
  /** The last rebuild's errors; undefined once a rebuild succeeded. */
  failure: Problem[] | undefined;
  sources: SourceWatcher | undefined;

  constructor(
    private readonly site: DevSite, private readonly hub: EventHub, private readonly projectRoot: string, private readonly themeRoot: string,
    private readonly log: (line: string) => void, private readonly logError: (line: string) => void,
  ) {}

  async rebuild(changes: Changes): Promise<void> {
    const started = performance.now();
    const what = changes ? describeChanges(changes, (file) => displayPath(file, this.projectRoot)) : 'startup';
    try {
      const report = await this.site.rebuild();
      for (const warning of report.newWarnings) this.logError(`warning: ${warning}`);
      this.log(`${changes ? `${describePages(report)} (${what})` : `built ${this.site.model!.pageCount} pages`} in ${formatMs(performance.now() - started)}`);
      this.failure = undefined;
      await this.sources?.add(modelPaths(this.site, this.projectRoot));
      this.hub.send('reload', { pages: report.all ? 'all' : report.changed });
    } catch (error) {
      this.reportFailure(problemsOf(error, { workingDir: this.themeRoot, from: this.projectRoot }), `rebuild failed (${what}) after ${formatMs(performance.now() - started)}`);
    }
  }

  private reportFailure(failure: Problem[], summary: string): void {
    // An editor's save can arrive as several file events; the same failure again says nothing new.
    if (JSON.stringify(failure) !== JSON.stringify(this.failure)) {
      for (const reported of failure) this.logError(`error: ${formatProblem(reported)}`);
      this.log(`${summary}; ${this.site.hasSite ? 'serving the last good pages' : 'nothing to serve yet'}`);
    }
    this.failure = failure;
    this.site.writePlaceholder();
    this.hub.send('build-error', { errors: failure });
  }
}

/** The site being built, with the reload client in every page, the event stream, and search from the last production build. */
function devHttpServer(site: DevSite, hub: EventHub, failure: () => Problem[] | undefined, projectRoot: string, host: string): http.Server {
  const distDir = path.join(projectRoot, 'dist');
  let distServer: http.Server | undefined;
  return createStaticServer({
    root: site.output.dir,
    transformHtml: injectReloadClient,
    checkHost: host,
    baseUrl: () => site.model?.config.baseUrl ?? '/',
    intercept(request, response, pathname) {
      if (pathname === EVENTS_PATH) {
        const errors = failure();
        hub.connect(request, response, { server: hub.id, failing: errors !== undefined }, errors && { errors });
        return true;
      }
      // Watch mode does not index pages for search; a production build's index is used if there is one.
      const baseUrl = site.model?.config.baseUrl ?? '/';
      if (pathname.startsWith(`${baseUrl}${SEARCH_DIR}/`) && existsSync(path.join(distDir, SEARCH_DIR))) {
        distServer ??= createStaticServer({ root: distDir });
        request.url = `/${pathname.slice(baseUrl.length)}`;
        distServer.emit('request', request, response);
        return true;
      }
      return false;
    },
  });
}

/** What is watched before the config names the rest: content, static, the theme, config, sidebars and --docs. */
function startPaths(options: DevServerOptions, projectRoot: string, themeRoot: string): string[] {
  return [
    path.join(projectRoot, 'content'),
    path.resolve(projectRoot, options.staticDir ?? 'static'),
    path.join(themeRoot, 'src'),
    path.resolve(projectRoot, options.configFile ?? 'site.config.ts'),
    path.resolve(projectRoot, options.sidebarsFile ?? 'sidebars.ts'),
    ...(options.docsDir ? [path.resolve(projectRoot, options.docsDir)] : []),
  ].filter((file) => existsSync(file));
}

/**
 * The docs and pages folders, sidebars (and the files config and sidebars import), static folder, page data
 * named by the config and the files the pages read (partials, components and what they import), once known.
 */
function modelPaths(site: DevSite, projectRoot: string): string[] {
  const model = site.model;
  if (!model) return [];
  const pages = [model.config.pages.home, model.config.pages.errors].filter((file): file is string => typeof file === 'string');
  const configAndSidebars = [model.paths.configFile, model.paths.sidebarsFile].filter((file) => file !== undefined);
  const read = model.readFiles;
  return [
    model.paths.docsDir, ...(model.paths.pagesDir ? [model.paths.pagesDir] : []), ...configAndSidebars, ...model.moduleFiles, ...model.paths.staticDirs,
    ...pages.map((file) => path.resolve(projectRoot, file)), ...new Set(read),
  ];
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
