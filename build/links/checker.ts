import { includedBy, type Warning } from '../errors.ts';
import type { SourceLink } from '../markdown/links.ts';
import { fileCandidates } from '../output-layout.ts';
import type { ThemeLinkOrigin } from '../site/link-origins.ts';
import { unbuiltRouteOf, type UnbuiltRoute } from '../site/unbuilt-routes.ts';
import { isExternalUrl } from '../../src/shared/paths.ts';

/** What the link checker keeps of a rendered page: its ids and its links, not its HTML. */
export interface PageLinkIndex {
  permalink: string;
  /** The Markdown file that produced the page, or undefined for theme pages (home, errors). */
  sourceFile?: string;
  ids: Set<string>;
  hrefs: string[];
  /** The `src` of each iframe: the CSP's frame-src lists their hosts. */
  frames: string[];
  /** Each distinct inline `style`: the CSP allows these by hash. */
  styles: string[];
  /** Links written in Markdown, with their source lines. */
  sourceLinks: SourceLink[];
}

export interface BrokenLink {
  href: string;
  /** `external` only when `npm run check-links -- --external` fetched the URL and it failed. */
  kind: 'page' | 'anchor' | 'external';
  /** `content/docs/a.md` for Markdown links; the sidebars file or the config for their links; else the page's route. */
  source: string;
  line?: number;
  /** For a link written in an MDX partial (`source`): the page and line that included it, `docs/page.mdx:5`. */
  includedBy?: string;
  /** Which entry of the sidebars file or config wrote the link: `navbar item 3 ("Blog")`. */
  item?: string;
  /** The permalink of the page the link is on. */
  page: string;
  /** Why an external link failed (`HTTP 404`, `timed out after 5 s`). */
  reason?: string;
}

/**
 * A link into a route the site's config makes and this generator does not build (the blog): not dead on
 * Docusaurus, so never a failure, but it leads to the not-found page here, which a warning says.
 */
export interface UnbuiltLink extends Omit<BrokenLink, 'kind' | 'reason'> {
  /** What is not built there: `the blog`. */
  what: string;
}

export interface LinkReport { broken: BrokenLink[]; unbuilt: UnbuiltLink[]; external: string[]; checked: number }

/** Where a link the theme renders (navbar, footer, sidebar) was written: the file and the entry in it. */

/**
 * A code block whole (it shows HTML as text: what looks like an attribute there is not a link), an id,
 * or a link target; attributes are always double-quoted in the HTML we render.
 */
const BODY_TOKEN = /<pre[\s\S]*?<\/pre>|\sid="([^"]*)"|<iframe\b[^>]*?\ssrc="([^"]*)"|\s(?:href|src)="([^"]*)"|\sstyle="([^"]*)"/g;

/**
 * Collects ids and link targets from the HTML we render, in one pass over its body that makes no copy
 * of it: a page's HTML is often over 128 KB, and each such string costs V8 a fresh allocation.
 */
export function indexPage(permalink: string, html: string, sourceFile?: string, sourceLinks: SourceLink[] = []): PageLinkIndex {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  const frames: string[] = [];
  const styles = new Set<string>();
  const body = html.indexOf('<body');
  BODY_TOKEN.lastIndex = body < 0 ? html.length : body;
  for (let match = BODY_TOKEN.exec(html); match; match = BODY_TOKEN.exec(html)) {
    if (match[1] !== undefined) ids.add(decodeEntities(match[1]));
    else if (match[2] !== undefined) {
      frames.push(decodeEntities(match[2]));
      hrefs.push(decodeEntities(match[2]));
    }
    else if (match[3] !== undefined) hrefs.push(decodeEntities(match[3]));
    else if (match[4] !== undefined) styles.add(decodeEntities(match[4]));
  }
  // A matched substring points into the page's HTML and keeps all of it alive; the build keeps
  // every page's index, so the strings are copied out (10,000 pages: 2.06 -> 1.52 GiB peak RSS).
  return structuredClone({ permalink, sourceFile, ids, hrefs, frames, styles: [...styles], sourceLinks });
}

/** An output file that is no page of ours (a static `.html`), read for the ids a link's `#fragment` may name. */
export type ReadOutputFile = (file: string) => string | undefined;

/**
 * Checks every internal link of every page: the target must be a page or an output file the server
 * would send for it, and a `#fragment` must name an element id of the target page (or static HTML file,
 * when `readOutputFile` is given). A Markdown link is reported at each line that wrote it; a theme
 * link once for the site. A link to a missing `.md` file is not: onBrokenMarkdownLinks governs it.
 * A link to no page, at or below one of `unbuiltRoutes`, is an unbuilt link, not a broken one.
 */
export function checkLinks(pages: PageLinkIndex[], outputFiles: Set<string>, baseUrl: string, readOutputFile?: ReadOutputFile, themeOrigins?: Map<string, ThemeLinkOrigin>, unbuiltRoutes: UnbuiltRoute[] = []): LinkReport {
  const pagesByPath = new Map(pages.map((page) => [trimSlash(safeDecode(page.permalink) ?? page.permalink), page]));
  const problemOf = linkProblemFinder(pagesByPath, outputFiles, baseUrl, readOutputFile, unbuiltRoutes);
  const broken: BrokenLink[] = [];
  const unbuilt: UnbuiltLink[] = [];
  const external = new Set<string>();
  const reportedThemeLinks = new Set<string>();
  let checked = 0;
  for (const page of pages) {
    const missingMarkdown = new Set(page.sourceLinks.filter((link) => link.missingMarkdown).map((link) => link.url));
    const browserLoaded = new Set(page.sourceLinks.filter((link) => link.pathname).map((link) => link.url));
    for (const href of new Set(page.hrefs)) {
      if (isExternalUrl(href)) {
        if (/^https?:/i.test(href)) external.add(href);
        continue;
      }
      // A link to a missing Markdown file: the compile reported it as onBrokenMarkdownLinks says; once is enough.
      if (missingMarkdown.has(href)) continue;
      // A `pathname://` link: a path the browser loads (another app on the host), which Docusaurus's check skips too.
      if (browserLoaded.has(href) || themeOrigins?.get(href)?.unchecked) continue;
      checked++;
      const problem = problemOf(href, page);
      if (!problem) continue;
      const origins = markdownOrigins(page, href);
      if (origins.length === 0) {
        if (reportedThemeLinks.has(href)) continue;
        reportedThemeLinks.add(href);
        origins.push(themeOrigins?.get(href) ?? { source: themeSource(page.permalink) });
      }
      for (const origin of origins) {
        if (typeof problem === 'object') unbuilt.push({ href, what: problem.what, page: page.permalink, ...origin });
        else broken.push({ href, kind: problem, page: page.permalink, ...origin });
      }
    }
  }
  return { broken, unbuilt, external: [...external].sort(), checked };
}

/** What is wrong with a link: it is broken (of a kind), or it leads into a route nobody builds here. */
type LinkProblem = BrokenLink['kind'] | UnbuiltRoute | undefined;

/**
 * What is wrong with an internal link, if anything. Root-relative hrefs repeat on every page
 * (navbar, sidebar) and do not depend on it, so each is checked once; `#fragment`s skip URL parsing.
 */
function linkProblemFinder(pagesByPath: Map<string, PageLinkIndex>, outputFiles: Set<string>, baseUrl: string, readOutputFile: ReadOutputFile | undefined, unbuiltRoutes: UnbuiltRoute[]) {
  const unbuiltRoute = (pathname: string) => unbuiltRouteOf(pathname, baseUrl, unbuiltRoutes);
  const rootRelative = new Map<string, LinkProblem>();
  const fileIds = new Map<string, Set<string> | undefined>();
  const idsOfFile = (file: string) => {
    if (!fileIds.has(file)) fileIds.set(file, file.endsWith('.html') ? htmlIds(readOutputFile?.(file)) : undefined);
    return fileIds.get(file);
  };
  const check = (href: string, base: string): LinkProblem => {
    const url = new URL(href, `http://site.invalid${base}`);
    const pathname = safeDecode(url.pathname);
    const hash = safeDecode(url.hash.slice(1));
    if (pathname === undefined || hash === undefined) return 'page';
    const target = pagesByPath.get(trimSlash(pathname)) ?? pagesByPath.get(trimSlash(pathname.replace(/(\/index)?\.html$/, '')));
    if (target) return missingAnchor(target.ids, hash);
    // The output folder is served at the baseUrl: nothing outside it is ours.
    if (!pathname.startsWith(baseUrl)) return 'page';
    const file = fileCandidates(`/${pathname.slice(baseUrl.length)}`).map((candidate) => candidate.slice(1)).find((candidate) => outputFiles.has(candidate));
    if (file === undefined) return unbuiltRoute(pathname) ?? 'page';
    const ids = idsOfFile(file);
    return ids ? missingAnchor(ids, hash) : undefined;
  };
  return (href: string, page: PageLinkIndex): LinkProblem => {
    if (href.startsWith('#')) {
      const hash = safeDecode(href.slice(1));
      return hash === undefined ? 'page' : missingAnchor(page.ids, hash);
    }
    if (!href.startsWith('/') || href.startsWith('//')) return check(href, page.permalink);
    if (!rootRelative.has(href)) rootRelative.set(href, check(href, '/'));
    return rootRelative.get(href);
  };
}

function missingAnchor(ids: Set<string>, hash: string): LinkProblem {
  return hash && !ids.has(hash) ? 'anchor' : undefined;
}

/** Hand-written HTML quotes attributes any way; `<a name>` is an anchor target too. */
const STATIC_ANCHOR = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;

/** Ids a browser can scroll to in a static HTML file; undefined when it cannot be read (then anchors are not checked). */
function htmlIds(html: string | undefined): Set<string> | undefined {
  if (html === undefined) return undefined;
  return new Set([...html.matchAll(STATIC_ANCHOR)].map((match) => decodeEntities(match[1] ?? match[2] ?? match[3])));
}

/** Each Markdown line that wrote `href` on a page (the page's, or an included partial's); none when the theme did. */
export function markdownOrigins(page: PageLinkIndex, href: string): { source: string; line?: number; includedBy?: string }[] {
  if (page.sourceFile === undefined) return [];
  const sourceFile = page.sourceFile;
  return page.sourceLinks.filter((candidate) => candidate.url === href).map((link) => (link.file
    ? { source: link.file, line: link.line, includedBy: link.includedAt ? `${sourceFile}:${link.includedAt}` : sourceFile }
    : { source: sourceFile, line: link.line }));
}

export function themeSource(permalink: string): string {
  return `the theme on page ${permalink}`;
}

/**
 * A link into a route this generator does not build, as a warning the build, watch mode and check-links
 * print like any other: `docusaurus.config.js: link /blog in navbar item 4 ("Blog"): the blog is not built …`.
 */
export function unbuiltLinkWarning(link: UnbuiltLink): Warning {
  const where = `${link.item ? ` in ${link.item}` : ''}${includedBySuffix(link)}`;
  return { rule: 'links/unbuilt', file: link.source, line: link.line, message: `link ${link.href}${where}: ${link.what} is not built by this generator, so the link leads to the not-found page` };
}

/** `dead link /x` (`broken anchor /x#y`), with the theme item that wrote it: the problem, as the file and line name where. */
export function brokenLinkProblem(link: BrokenLink): string {
  const where = `${link.item ? ` in ${link.item}` : ''}${includedBySuffix(link)}`;
  return link.kind === 'anchor' ? `broken anchor ${link.href}${where}` : `dead link ${link.href}${where}${link.reason ? ` (${link.reason})` : ''}`;
}

/** ` (in a partial included by docs/page.mdx:5)` for a link written in an MDX partial. */
function includedBySuffix(link: Pick<BrokenLink, 'includedBy'>): string {
  return link.includedBy ? ` (${includedBy(link.includedBy, undefined)})` : '';
}

/**
 * The build writes this file so `npm run check-links` can name the Markdown file and line of a
 * link found in the built HTML. Paths are as the build printed them (relative to its folder).
 */
export const LINK_SOURCES_FILE = '__routes/__link-sources.json';

export interface LinkSources {
  baseUrl: string;
  pages: Record<string, { sourceFile?: string; links: SourceLink[] }>;
  /** Where the navbar's, footer's and sidebars' links were written, by href (absent in builds before it was kept). */
  themeLinks?: Record<string, ThemeLinkOrigin>;
  /** Routes the config's plugins make and the build did not (the blog); absent in builds before they were kept. */
  unbuiltRoutes?: UnbuiltRoute[];
}

export function serializeLinkSources(pages: PageLinkIndex[], baseUrl: string, themeLinks = new Map<string, ThemeLinkOrigin>(), unbuiltRoutes: UnbuiltRoute[] = []): string {
  const entries = pages.map((page) => [page.permalink, { sourceFile: page.sourceFile, links: page.sourceLinks }]);
  return JSON.stringify({ baseUrl, pages: Object.fromEntries(entries), themeLinks: Object.fromEntries(themeLinks), unbuiltRoutes } satisfies LinkSources);
}

/** The parsed map, or undefined when the text is not one. */
export function parseLinkSources(text: string): LinkSources | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LinkSources> | null;
    return typeof parsed?.baseUrl === 'string' && typeof parsed.pages === 'object' && parsed.pages !== null ? parsed as LinkSources : undefined;
  } catch {
    return undefined;
  }
}

function trimSlash(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** A malformed escape such as `%zz` cannot name any page: report the link instead of crashing. */
function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
