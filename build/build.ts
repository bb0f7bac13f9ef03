import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleRuntime, GENERATOR_ROOT } from './client/bundle.ts';
import { docsOnlyConfig, loadConfig } from './site/config.ts';
import { collectDocs, type Doc, type DocCache } from './site/docs.ts';
import { ContentError, throwIfAny, type Warning } from './errors.ts';
import type { WrittenPage } from './pages/page-writer.ts';
import { checkLinks, formatBrokenLink, LINK_SOURCES_FILE, serializeLinkSources, type LinkReport, type PageLinkIndex } from './links/checker.ts';
import type { CompiledMarkdown, MarkdownOptions } from './markdown/compile.ts';
import { OutputFolder } from './output/output-folder.ts';
import { NOT_FOUND_PERMALINK, type RuntimeAssets } from './pages/page-files.ts';
import { renderRedirectPage, scriptHash, themeScript } from './pages/render.tsx';
import { assertSafeOutputFolder } from './output/output-guard.ts';
import { lastUpdatedTimes } from './site/last-updated.ts';
import { writeReaderTools } from './output/llms.ts';
import { findOutputCollisions } from './site/route-collisions.ts';
import { securityHeaders } from './output/security-headers.ts';
import { DEFAULT_PAGE_LIMITS } from './markdown/limits.ts';
import { docRoute, siteData } from './site/routes.ts';
import { SearchIndexer } from './search/pagefind.ts';
import { loadSidebars, type ResolvedSidebars } from './site/sidebars.ts';
import { writeSitemap } from './output/sitemap.ts';
import { TaskTimer, formatMs } from './task.ts';
import { compilePages, workersFor } from './pages/workers.ts';
import { writeDocPages } from './pages/write-pages.ts';
import type { RouteData, SiteConfig, SiteData } from '../src/shared/types.ts';

export interface BuildOptions {
  projectRoot: string;
  /** A foreign Docusaurus docs folder; without `configFile` it builds with a docs-only config. */
  docsDir?: string;
  sidebarsFile?: string;
  outDir?: string;
  staticDir?: string;
  configFile?: string;
  search?: boolean;
  /** Replaces the config's onBrokenLinks and onBrokenAnchors (tests build broken sites on purpose). */
  linkPolicy?: SiteConfig['onBrokenLinks'];
  log?: (line: string) => void;
}

export interface BuildResult {
  pages: number;
  outDir: string;
  warnings: Warning[];
  timings: TaskTimer['timings'];
  themeScriptHash: string;
  links: LinkReport;
  summary: string;
}

const MAX_PAGES_QUEUED_FOR_SEARCH = 16;

/**
 * The whole build, one stage per line; the output folder is replaced only if every stage succeeds.
 * Doc pages stream through compile, render and write on every core while esbuild bundles the
 * runtime; what is kept of each page is its link index (and its HTML until Pagefind has it).
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const timer = new TaskTimer(log);
  const started = performance.now();
  const sources = await new SiteBuilder(options).loadSources(timer);
  const { config, paths, docs, sidebars, site, themeRoutes } = sources;
  assertSafeOutputFolder({ projectRoot: options.projectRoot, ...paths });
  const bundling = timer.background('bundle client', bundleRuntime({ themeRoot: GENERATOR_ROOT, site, generatedCss: sources.generatedCss, baseUrl: config.baseUrl, minify: true }));
  bundling.catch(() => {}); // awaited below; a content error may come first
  const output = OutputFolder.prepare(paths.outDir);
  try {
    const script = themeScript(config.colorMode);
    const pages = new WrittenPages(output, options.search === false ? undefined : await SearchIndexer.start());
    const tasks = docs.map((doc) => ({ doc, placement: sidebars.placementByDocId.get(doc.id) }));
    const setup = { markdown: markdownOptions(docs, config, paths.staticDirs), config, site, sidebars: sidebars.sidebars, themeScript: script, outDir: output.dir };
    let docsDone = 0;
    // The threads need the runtime's URLs, not its files.
    const runtime = bundling.then(({ runtimeUrl, runtimePreloads, cssUrl }): RuntimeAssets => ({ runtimeUrl, runtimePreloads, cssUrl }));
    const writer = await timer.run('compile and write pages', () => writeDocPages({ tasks, setup, runtime, onWritten: (index, outcome) => {
      timer.progress(++docsDone, docs.length);
      return pages.add(index, outcome);
    } }));
    throwIfAny(pages.errors());
    log(pages.threadTimeSummary(1 + workersFor(docs.length)));
    await timer.run('write site files', async () => {
      for (const [index, route] of themeRoutes.entries()) await pages.add(docs.length + index, { status: 'fulfilled', value: writer.writeRoute({ route }) });
      for (const [file, contents] of (await bundling).files) output.write(file, contents);
      for (const shipped of Object.values(writer.sidebars)) for (const [file, contents] of shipped.files) output.write(file, contents);
      for (const dir of paths.staticDirs) if (existsSync(dir)) output.copyDirectory(dir);
      const homeRedirect = homeRedirectTarget(sidebars, docs, themeRoutes);
      if (homeRedirect) output.write('index.html', renderRedirectPage(homeRedirect));
      output.write(LINK_SOURCES_FILE, serializeLinkSources(pages.linkIndex(), config.baseUrl));
      const permalinks = [...docs.map((doc) => doc.permalink), ...themeRoutes.map((route) => route.permalink)];
      writeSitemap(output, config, permalinks.filter((permalink) => permalink !== NOT_FOUND_PERMALINK));
      writeReaderTools(output, docs, config, sidebars.placementByDocId);
      output.write('_headers', securityHeaders(config, script));
    });
    const links = await timer.run('check links', () => enforceLinkPolicy(checkLinks(pages.linkIndex(), output.listFiles(), config.baseUrl, (file) => output.readFile(file)), config, log));
    if (pages.search) await timer.run('index search', () => pages.writeSearchIndex());
    output.commit();
    const pageCount = pages.linkIndex().length;
    const summary = `Built ${pageCount} pages in ${formatMs(performance.now() - started)} (${timer.summary()}), ${formatBytes(output.bytesWritten)} written to ${path.relative(process.cwd(), paths.outDir) || '.'}`;
    return { pages: pageCount, outDir: paths.outDir, warnings: [...sources.warnings, ...pages.warnings()], timings: timer.timings, themeScriptHash: scriptHash(script), links, summary };
  } catch (error) {
    output.discard();
    await SearchIndexer.stop();
    throw error;
  }
}

/**
 * What the build keeps of the pages written so far, by page index (docs, then theme pages), so
 * reports come out in page order whichever thread finished first. Pages go on to Pagefind, at
 * most MAX_PAGES_QUEUED_FOR_SEARCH at a time: pages rendered faster than it indexes them queued
 * up whole (4 GiB at 10,000 pages).
 */
class WrittenPages {
  private readonly links: (PageLinkIndex | undefined)[] = [];
  private readonly warningsByPage: Warning[][] = [];
  private readonly errorsByPage: ContentError[][] = [];
  private readonly searchQueue = new Set<Promise<void>>();
  private searchFailure: unknown;
  private readonly threadMs = { compile: 0, render: 0, write: 0 };

  constructor(private readonly output: OutputFolder, readonly search: SearchIndexer | undefined) {}

  async add(index: number, outcome: PromiseSettledResult<WrittenPage>): Promise<void> {
    if (outcome.status === 'rejected') {
      if (!Array.isArray(outcome.reason)) throw outcome.reason;
      this.errorsByPage[index] = outcome.reason as ContentError[];
      return;
    }
    const page = outcome.value;
    this.output.record(page.files, page.bytes);
    this.links[index] = page.links;
    this.warningsByPage[index] = page.warnings;
    for (const step of ['compile', 'render', 'write'] as const) this.threadMs[step] += page.threadMs[step];
    if (this.search && page.links) {
      // A failure is kept for writeSearchIndex: a build that stops early closes Pagefind under pending pages.
      const added: Promise<void> = this.search.addPage(page.permalink, page.html)
        .catch((error: unknown) => { this.searchFailure ??= error; })
        .finally(() => this.searchQueue.delete(added));
      this.searchQueue.add(added);
      if (this.searchQueue.size >= MAX_PAGES_QUEUED_FOR_SEARCH) await Promise.race(this.searchQueue);
    }
  }

  /** Time the doc pages took per step, summed over the threads that wrote them (the benchmark reads this line). */
  threadTimeSummary(threads: number): string {
    const { compile, render, write } = this.threadMs;
    return `Thread time over ${threads} thread${threads === 1 ? '' : 's'}: compile ${formatMs(compile)}, render ${formatMs(render)}, write ${formatMs(write)}`;
  }

  errors(): ContentError[] {
    return this.errorsByPage.flat();
  }

  warnings(): Warning[] {
    return this.warningsByPage.flat();
  }

  /** Every page but the not-found page, in page order. */
  linkIndex(): PageLinkIndex[] {
    return this.links.filter((links) => links !== undefined);
  }

  async writeSearchIndex(): Promise<void> {
    await Promise.all([...this.searchQueue]);
    if (this.searchFailure) throw this.searchFailure;
    await this.search!.write(this.output.dir);
  }
}

async function resolveConfig(options: BuildOptions): Promise<SiteConfig> {
  const config = options.docsDir && !options.configFile
    ? docsOnlyConfig(path.resolve(options.docsDir), path.resolve(options.sidebarsFile ?? 'sidebars.js'))
    : await loadConfig(path.resolve(options.projectRoot, options.configFile ?? 'site.config.ts'));
  return options.linkPolicy ? { ...config, onBrokenLinks: options.linkPolicy, onBrokenAnchors: options.linkPolicy } : config;
}

function resolvePaths(options: BuildOptions, config: SiteConfig) {
  const root = options.projectRoot;
  return {
    configFile: options.configFile ?? 'site.config.ts',
    docsDir: path.resolve(root, options.docsDir ?? config.docs.path),
    sidebarsFile: path.resolve(root, options.sidebarsFile ?? config.docs.sidebarPath),
    outDir: path.resolve(root, options.outDir ?? 'dist'),
    staticDirs: [path.resolve(root, options.staticDir ?? (options.docsDir ? path.join(options.docsDir, '..', 'static') : 'static'))],
  };
}

/** Navbar doc items must name real docs; docs outside every sidebar are warned about if asked. */
function checkDocsAgainstConfig(config: SiteConfig, docs: Doc[], sidebars: ResolvedSidebars, configFile: string): Warning[] {
  const ids = new Set(docs.map((doc) => doc.id));
  const errors = config.navbar.items.flatMap((item, index) => item.type === 'doc' && !ids.has(item.docId)
    ? [new ContentError(`navbar item ${index + 1} ("${item.label}") links to the doc "${item.docId}", which does not exist`, configFile, undefined, 'Fix docId, or create the doc.')]
    : []);
  throwIfAny(errors);
  if (!config.docs.warnOnDocsOutsideSidebar) return [];
  return docs.filter((doc) => !sidebars.placementByDocId.has(doc.id)).map((doc) => ({ file: doc.displayPath, message: `"${doc.id}" is in no sidebar` }));
}

/** A page of the site: a doc's route, or a theme page (home, errors, not found) without a doc. */
export interface SiteRoute { route: RouteData; doc: Doc | undefined }

export type SitePaths = ReturnType<typeof resolvePaths>;

/** What the pages are made from, before any Markdown is compiled. */
export interface SiteSources {
  config: SiteConfig;
  paths: SitePaths;
  docs: Doc[];
  sidebars: ResolvedSidebars;
  warnings: Warning[];
  site: SiteData;
  /** Home, errors and not-found pages, as the config asks. */
  themeRoutes: RouteData[];
  generatedCss: string;
}

/** The sources with every doc compiled: what watch mode renders from. */
export interface SiteModel extends SiteSources {
  /** Compiled Markdown by doc id; a doc that was not compiled again keeps the same object. */
  compiled: Map<string, CompiledMarkdown>;
  routes: SiteRoute[];
}

/**
 * The stages that read author input: config, docs, sidebars, Markdown, routes. The build loads
 * the sources once and streams the pages; watch mode keeps one builder and loads again after every
 * change. Compiled docs are kept by doc id with a key of everything they were compiled from (text,
 * place, compile options, the targets of their `.md` links, the presence of their images), so
 * unchanged docs are not compiled again.
 */
export class SiteBuilder {
  private readonly compiledDocs = new Map<string, { key: string; compiled: CompiledMarkdown }>();
  private readonly docCache: DocCache = new Map();
  /** Ids of the docs the last `load()` compiled; the others came from the cache. */
  recompiled: string[] = [];

  constructor(readonly options: BuildOptions) {}

  async loadSources(timer: TaskTimer): Promise<SiteSources> {
    const options = this.options;
    const config = await timer.run('load config', () => resolveConfig(options));
    const paths = resolvePaths(options, config);
    const docs = await timer.run('read docs', () => collectDocs(paths.docsDir, config.docs.routeBasePath, this.docCache));
    if (config.docs.showLastUpdateTime) {
      const times = lastUpdatedTimes(paths.docsDir, docs.map((doc) => doc.sourcePath));
      for (const doc of docs) doc.lastUpdatedMs = times.get(doc.sourcePath);
    }
    const sidebars = await timer.run('resolve sidebars', () => loadSidebars(paths.sidebarsFile, docs));
    const warnings = checkDocsAgainstConfig(config, docs, sidebars, paths.configFile);
    const themeRoutes = specialRoutes(config, options.projectRoot);
    throwIfAny(findOutputCollisions(docs, themeRoutes, paths.staticDirs));
    // A docs-only site's `/` merely forwards to the first doc: the navbar title links there directly.
    const homeHref = homeRedirectTarget(sidebars, docs, themeRoutes) ?? config.baseUrl;
    const site = siteData(config, new Map(docs.map((doc) => [doc.id, doc.permalink])), homeHref, sidebars.placementByDocId);
    return { config, paths, docs, sidebars, warnings, site, themeRoutes, generatedCss: announcementCss(config) };
  }

  async load(timer: TaskTimer): Promise<SiteModel> {
    const sources = await this.loadSources(timer);
    const { config, docs, sidebars, paths } = sources;
    const compiled = await timer.run('compile markdown', () => this.compileDocs(docs, config, paths.staticDirs, (done, total) => timer.progress(done, total)));
    const routes: SiteRoute[] = [
      ...docs.map((doc) => ({ route: docRoute(doc, compiled.get(doc.id)!, sidebars.placementByDocId.get(doc.id), config), doc })),
      ...sources.themeRoutes.map((route) => ({ route, doc: undefined })),
    ];
    const warnings = [...sources.warnings, ...[...compiled.values()].flatMap((page) => page.warnings)];
    return { ...sources, warnings, compiled, routes };
  }

  private async compileDocs(docs: Doc[], config: SiteConfig, staticDirs: string[], onProgress: (done: number, total: number) => void): Promise<Map<string, CompiledMarkdown>> {
    const options = markdownOptions(docs, config, staticDirs);
    const optionsKey = JSON.stringify([staticDirs, options.baseUrl, options.minTocLevel, options.maxTocLevel]);
    const compiled = new Map<string, CompiledMarkdown>();
    const stale: { doc: Doc; key: string }[] = [];
    this.recompiled = [];
    for (const doc of docs) {
      const key = compileKey(doc, optionsKey, options.permalinkBySourcePath, staticDirs);
      const cached = this.compiledDocs.get(doc.id);
      if (cached?.key === key) compiled.set(doc.id, cached.compiled);
      else stale.push({ doc, key });
    }
    const sources = stale.map(({ doc }) => ({ sourcePath: doc.sourcePath, displayPath: doc.displayPath, body: doc.body, lineOffset: doc.bodyLineOffset }));
    let done = 0;
    const outcomes = await compilePages(sources, options, () => onProgress(++done, stale.length));
    const errors: ContentError[] = [];
    outcomes.forEach((outcome, index) => {
      const { doc, key } = stale[index];
      this.compiledDocs.delete(doc.id);
      if (outcome.status === 'rejected') {
        if (!Array.isArray(outcome.reason)) throw outcome.reason;
        errors.push(...(outcome.reason as ContentError[]));
        return;
      }
      this.compiledDocs.set(doc.id, { key, compiled: outcome.value });
      compiled.set(doc.id, outcome.value);
      this.recompiled.push(doc.id);
    });
    for (const id of this.compiledDocs.keys()) if (!compiled.has(id)) this.compiledDocs.delete(id);
    throwIfAny(errors);
    return compiled;
  }
}

function markdownOptions(docs: Doc[], config: SiteConfig, staticDirs: string[]): MarkdownOptions {
  return {
    permalinkBySourcePath: new Map(docs.map((doc) => [doc.sourcePath, doc.permalink])),
    staticDirs,
    baseUrl: config.baseUrl,
    minTocLevel: config.tableOfContents.minHeadingLevel,
    maxTocLevel: config.tableOfContents.maxHeadingLevel,
    limits: {
      maxPageBytes: config.maxPageBytes ?? DEFAULT_PAGE_LIMITS.maxPageBytes,
      maxPageSeconds: config.maxPageSeconds ?? DEFAULT_PAGE_LIMITS.maxPageSeconds,
    },
  };
}

// Over-approximations, which is safe for a cache key: anything that looks like a `.md` link target
// or an absolute path in a link or image. Both resolve as markdown/links.ts resolves them. (Matching
// the `![alt]` before it took quadratic time on a line of many `![`.)
const ABSOLUTE_IMAGE = /\]\(\s*<?(\/[^)\s>#?]+)/g;
const TARGET_STOP = /[\s()<>[\]"'`]/;

/** Every `….md` / `….mdx` word of a text, found from each ".md" backwards (a regex would backtrack on long words). */
function markdownTargets(text: string): Set<string> {
  const targets = new Set<string>();
  for (let index = text.indexOf('.md'); index !== -1; index = text.indexOf('.md', index + 3)) {
    const end = text[index + 3] === 'x' ? index + 4 : index + 3;
    if (end < text.length && /\w/.test(text[end])) continue;
    let start = index;
    while (start > 0 && !TARGET_STOP.test(text[start - 1])) start--;
    if (start < index) targets.add(text.slice(start, end));
  }
  return targets;
}

/** What a doc's compile key needs from its body, found once per parsed doc (watch mode keys every doc on every save). */
const bodyFacts = new WeakMap<Doc, { targets: { target: string; linkPath: string }[]; images: string[]; digest: string }>();

function factsOf(doc: Doc) {
  let facts = bodyFacts.get(doc);
  if (!facts) {
    facts = {
      targets: [...markdownTargets(doc.body)].map((target) => ({
        target,
        linkPath: target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(doc.sourcePath), safeDecodeUri(target))),
      })),
      images: [...new Set([...doc.body.matchAll(ABSOLUTE_IMAGE)].map((match) => match[1]))],
      digest: createHash('sha1').update(doc.body).digest('base64'),
    };
    bodyFacts.set(doc, facts);
  }
  return facts;
}

function compileKey(doc: Doc, optionsKey: string, permalinkBySourcePath: Map<string, string>, staticDirs: string[]): string {
  const facts = factsOf(doc);
  const linkTargets = facts.targets.map(({ target, linkPath }) => `${target}=${permalinkBySourcePath.get(linkPath) ?? ''}`);
  const images = facts.images.map((image) => {
    const relative = safeDecodeUri(image).replace(/^\/+/, '');
    return `${image}=${staticDirs.some((dir) => existsSync(path.join(dir, relative)))}`;
  });
  return createHash('sha1')
    .update(JSON.stringify([doc.sourcePath, doc.displayPath, doc.bodyLineOffset, optionsKey, linkTargets, images, facts.digest]))
    .digest('base64');
}

function safeDecodeUri(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

/** Home, production error codes and the not-found page; a docs-only build has just the last. */
function specialRoutes(config: SiteConfig, projectRoot: string): RouteData[] {
  const routes: RouteData[] = [];
  if (config.pages.home) {
    routes.push({ kind: 'home', permalink: '/', title: config.title, description: config.tagline, pageProps: readJson(projectRoot, config.pages.home) });
  }
  if (config.pages.errors) {
    routes.push({ kind: 'errors', permalink: '/errors', title: 'Production Error Codes', description: `Every production error code of ${config.title} with its full message.`, pageProps: readErrorCodes(projectRoot, config.pages.errors) });
  }
  routes.push({ kind: 'notFound', permalink: NOT_FOUND_PERMALINK, title: 'Page Not Found', description: 'The page you asked for does not exist.' });
  return routes;
}

function readJson(projectRoot: string, file: string): Record<string, unknown> {
  const text = readFileSync(path.resolve(projectRoot, file), 'utf8');
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new ContentError(`invalid JSON: ${(error as Error).message}`, file, line, 'Fix the JSON syntax.');
  }
}

/** errors.json maps code numbers ("0", "1", …) to message strings. */
function readErrorCodes(projectRoot: string, file: string): Record<string, string> {
  const codes = readJson(projectRoot, file);
  for (const [code, message] of Object.entries(codes)) {
    if (!/^\d+$/.test(code) || typeof message !== 'string' || message.trim() === '') {
      throw new ContentError(`entry "${code}" is not a numeric code with a message string`, file, undefined, 'Write each entry as "N": "message".');
    }
  }
  return codes as Record<string, string>;
}

function announcementCss(config: SiteConfig): string {
  const bar = config.announcementBar;
  return bar ? `.announcement-bar{background-color:${bar.backgroundColor};color:${bar.textColor}}` : '';
}

function enforceLinkPolicy(report: LinkReport, config: SiteConfig, log: (line: string) => void): LinkReport {
  const errors: string[] = [];
  for (const link of report.broken) {
    const policy = link.kind === 'anchor' ? config.onBrokenAnchors : config.onBrokenLinks;
    if (policy === 'ignore') continue;
    if (policy === 'warn') log(`warning: ${formatBrokenLink(link)}`);
    else errors.push(formatBrokenLink(link));
  }
  if (errors.length > 0) throw new BrokenLinksError(errors);
  return report;
}

export class BrokenLinksError extends Error {
  constructor(readonly lines: string[]) {
    super(`${lines.join('\n')}\n${lines.length} broken link${lines.length === 1 ? '' : 's'} found. Fix them, or set onBrokenLinks / onBrokenAnchors to "warn" in site.config.ts.`);
    this.name = 'BrokenLinksError';
  }
}

/**
 * Where `/` forwards when no page owns it (a docs-only build without an index doc): the first doc of the
 * first sidebar. Undefined when a doc (slug `/`, docs/index.md) or the home page owns `/`.
 */
export function homeRedirectTarget(sidebars: ResolvedSidebars, docs: Doc[], themeRoutes: { permalink: string }[]): string | undefined {
  if ([...docs, ...themeRoutes].some((page) => page.permalink === '/')) return undefined;
  const first = docs.find((doc) => sidebars.placementByDocId.get(doc.id) && !sidebars.placementByDocId.get(doc.id)!.previous);
  return first?.permalink ?? docs[0]?.permalink ?? '/404.html';
}

function formatBytes(bytes: number): string {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
