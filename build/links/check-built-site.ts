/**
 * `npm run check-links`: checks the links of a built site (default `dist/`) without rebuilding it,
 * naming the Markdown file and line of each broken one. External URLs are fetched only on request.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, formatProblem } from '../errors.ts';
import { brokenLinkError, brokenLinkWarning } from './policy.ts';
import { checkLinks, indexPage, unbuiltLinkWarning, LINK_SOURCES_FILE, markdownOrigins, parseLinkSources, themeSource, type BrokenLink, type LinkSources, type PageLinkIndex, type UnbuiltLink } from './checker.ts';
import type { ThemeLinkOrigin } from '../site/link-origins.ts';
import type { UnbuiltRoute } from '../site/unbuilt-routes.ts';
import { formatMs } from '../task.ts';
import { fileOnDisk, pageFilePaths } from '../output-layout.ts';

export interface CheckLinksOptions {
  dir: string;
  /** Fetch external http(s) links too. */
  external?: boolean;
  timeoutMs?: number;
  concurrency?: number;
}

export interface CheckLinksResult {
  pages: number;
  /** Internal links checked (each distinct href once per page). */
  checked: number;
  broken: BrokenLink[];
  /** Links into routes the build's config makes and the build did not (the blog): warnings, not failures. */
  unbuilt: UnbuiltLink[];
  external: string[];
  externalFetched: boolean;
  /** False for an output folder built without the link source map: links are then named by page. */
  hasSourceMap: boolean;
  ms: number;
}

const EXTERNAL_TIMEOUT_MS = 5000;
const EXTERNAL_CONCURRENCY = 4;

/** `npm run check-links` with its parsed flags. */
export async function runCheckLinks(values: { dir: string; json?: boolean; external?: boolean }): Promise<void> {
  const result = await checkBuiltSite({ dir: path.resolve(values.dir), external: values.external });
  if (values.json) {
    console.log(JSON.stringify(jsonReport(result), null, 2));
  } else {
    if (!result.hasSourceMap) console.error(`note: ${values.dir} has no ${LINK_SOURCES_FILE} (built by an older version?); links are named by page, not Markdown line`);
    for (const link of result.unbuilt) console.error(`warning: ${formatProblem(unbuiltLinkWarning(link))}`);
    for (const link of result.broken) console.log(formatProblem(brokenLinkWarning(link)));
    console.log(summaryLine(result));
  }
  if (result.broken.length > 0) process.exitCode = 1;
}

export async function checkBuiltSite(options: CheckLinksOptions): Promise<CheckLinksResult> {
  const started = performance.now();
  if (!existsSync(path.join(options.dir, 'index.html'))) {
    throw new ContentError({ rule: 'built-site', message: 'no built site here', file: options.dir, fix: 'Run `npm run build` first, or pass --dir with a built site.' });
  }
  const files = listFiles(options.dir);
  const sources = readLinkSources(options.dir);
  const pages = sources ? indexMappedPages(options.dir, sources) : indexHtmlPages(options.dir, files);
  const themeLinks = new Map(Object.entries(sources?.themeLinks ?? {}));
  const report = checkLinks(pages, files, sources?.baseUrl ?? '/', (file) => readFileSync(path.join(options.dir, file), 'utf8'), themeLinks, unbuiltRoutesOf(sources));
  const broken = options.external ? [...report.broken, ...await checkExternalLinks(pages, report.external, options, themeLinks)] : report.broken;
  return {
    pages: pages.length, checked: report.checked, broken, unbuilt: report.unbuilt, external: report.external,
    externalFetched: Boolean(options.external), hasSourceMap: sources !== undefined, ms: performance.now() - started,
  };
}

export function summaryLine(result: CheckLinksResult): string {
  const external = result.externalFetched ? 'fetched' : 'not fetched; --external fetches them';
  return `Checked ${result.checked} internal links on ${result.pages} pages in ${formatMs(result.ms)}: ${result.broken.length} broken, ${result.external.length} external (${external})`;
}

function jsonReport(result: CheckLinksResult) {
  return {
    counts: { pages: result.pages, links: result.checked, broken: result.broken.length, external: result.external.length },
    broken: result.broken,
    unbuilt: result.unbuilt.map((link) => ({ ...link, text: formatProblem(unbuiltLinkWarning(link)) })),
    /** The same links in the error model the build and watch mode report with. */
    problems: result.broken.map((link) => brokenLinkError(link)).map(({ rule, file, line, message, fix }) => ({ rule, file, line, message, fix, text: formatProblem({ file, line, message, fix }) })),
    external: result.external,
    externalFetched: result.externalFetched,
    sourceMap: result.hasSourceMap,
    elapsedMs: Math.round(result.ms),
  };
}

/** Every file of the output folder, relative and with `/` separators, as the build lists them. */
function listFiles(dir: string): Set<string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(entries.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')));
}

/** What the build kept about its pages' links, and the site's baseUrl; undefined for a folder we did not build. */
export function readLinkSources(dir: string): LinkSources | undefined {
  const file = path.join(dir, LINK_SOURCES_FILE);
  if (!existsSync(file)) return undefined;
  const sources = parseLinkSources(readFileSync(file, 'utf8'));
  if (!sources) throw new ContentError({ rule: 'built-site', message: 'unreadable link source map', file, fix: 'Rebuild the site with `npm run build`.' });
  return sources;
}

/** The map's unbuilt routes, when they are what the build writes: anything else is none. */
function unbuiltRoutesOf(sources: LinkSources | undefined): UnbuiltRoute[] {
  const routes = sources?.unbuiltRoutes;
  return Array.isArray(routes) ? routes.filter((route) => typeof route?.routeBasePath === 'string' && route.routeBasePath !== '' && typeof route.what === 'string') : [];
}

function indexMappedPages(dir: string, sources: LinkSources): PageLinkIndex[] {
  return Object.entries(sources.pages).map(([permalink, page]) => {
    const file = path.join(dir, fileOnDisk(pageFilePaths(permalink, sources.baseUrl).page));
    if (!existsSync(file)) throw new ContentError({ rule: 'built-site', message: `the page ${permalink} is missing`, file, fix: 'Rebuild the site with `npm run build`.' });
    return indexPage(permalink, readFileSync(file, 'utf8'), page.sourceFile, page.links);
  });
}

/** Without a source map: every HTML page except 404.html and the `.html` redirect pages. */
function indexHtmlPages(dir: string, files: Set<string>): PageLinkIndex[] {
  const pages: PageLinkIndex[] = [];
  for (const file of files) {
    if (!file.endsWith('.html') || file === '404.html') continue;
    const html = readFileSync(path.join(dir, file), 'utf8');
    if (/<meta http-equiv="refresh"/.test(html)) continue;
    pages.push(indexPage(permalinkOf(file, html), html));
  }
  return pages;
}

/** The canonical URL names the route exactly (with or without its trailing slash). */
function permalinkOf(file: string, html: string): string {
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  if (canonical) return new URL(canonical, 'http://site.invalid').pathname;
  return `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
}

async function checkExternalLinks(pages: PageLinkIndex[], urls: string[], options: CheckLinksOptions, themeLinks: Map<string, ThemeLinkOrigin>): Promise<BrokenLink[]> {
  const timeoutMs = options.timeoutMs ?? EXTERNAL_TIMEOUT_MS;
  const reasons = await mapConcurrently(urls, options.concurrency ?? EXTERNAL_CONCURRENCY, (url) => fetchProblem(url, timeoutMs));
  return urls.flatMap((url, index) => {
    const reason = reasons[index];
    return reason ? externalOrigins(url, pages, themeLinks).map((origin) => ({ href: url, kind: 'external' as const, reason, ...origin })) : [];
  });
}

/** Why a URL fails, or undefined when it answers with a success status. */
async function fetchProblem(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    let status = await fetchStatus(url, 'HEAD', timeoutMs);
    // Some servers refuse or mishandle HEAD; the GET decides.
    if (status >= 400) status = await fetchStatus(url, 'GET', timeoutMs);
    return status < 400 ? undefined : `HTTP ${status}`;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return `no answer in ${formatMs(timeoutMs)}`;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

async function fetchStatus(url: string, method: 'HEAD' | 'GET', timeoutMs: number): Promise<number> {
  const response = await fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  return response.status;
}

/** Every Markdown line that wrote the URL; else the config or sidebars entry, or the first page showing it. */
function externalOrigins(url: string, pages: PageLinkIndex[], themeLinks: Map<string, ThemeLinkOrigin>): Pick<BrokenLink, 'source' | 'line' | 'page' | 'item' | 'includedBy'>[] {
  const fromMarkdown = pages.flatMap((page) => markdownOrigins(page, url).map((origin) => ({ ...origin, page: page.permalink })));
  if (fromMarkdown.length > 0) return fromMarkdown;
  const page = pages.find((candidate) => candidate.hrefs.includes(url))!;
  return [{ ...(themeLinks.get(url) ?? { source: themeSource(page.permalink) }), page: page.permalink }];
}

async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
