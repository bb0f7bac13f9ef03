import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Html, Image, Link, Root } from 'mdast';
import { parseEntities } from 'parse-entities';
import type { VFile } from 'vfile';
import { isExternalUrl, linkWithBaseUrl, splitHref } from '../../src/shared/paths.ts';
import { NOT_PUBLISHED_NOTE, OUTSIDE_NOTE, relocateDocImage, siteFileUrl } from './doc-images.ts';
import { isWithin } from '../fs-utils.ts';
import type { PartialOrigin } from './mdx/scope.ts';
import { walk } from './walk.ts';
import type { LinkContext, Report } from './link-context.ts';


/**
 * A link or image as it appears in the output, with the Markdown line that wrote it: the page's, or,
 * for one written in an MDX partial, the partial's (`file`) and the page's line that included it.
 * `missingMarkdown`: a link to a Markdown file that does not exist, left as written;
 * onBrokenMarkdownLinks has judged it, so the link checker does not report it again.
 */
/** `pathname`: written as `pathname://`, a path the browser loads, which the link check leaves alone (as Docusaurus's). */
export interface SourceLink { url: string; line?: number; file?: string; includedAt?: number; missingMarkdown?: true; pathname?: true }


const UNSAFE_PROTOCOL = /^\s*(javascript|vbscript|data):/i;
const SAFE_IMAGE_DATA = /^\s*data:image\/(png|gif|jpe?g|webp|avif);/i;

/**
 * remark plugin: rewrites links to `.md` files into routes, checks that linked Markdown files and
 * images exist, neutralises script URLs, and records every link in `file.data.links`.
 */
export function remarkLinks(context: LinkContext, sourcePath: string) {
  return (tree: Root, file: VFile) => {
    const links: SourceLink[] = [];
    walk(tree, (node, index, parent) => {
      if (node.type === 'html') links.push(...rawHtmlLinks(node as Html));
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
      const target = node as Link | Image;
      // Written in an MDX partial (mdx/scope.ts): resolved from the partial's folder and reported at its line.
      const partial = target.data?.partial;
      const writtenIn = partial ? path.relative(context.docsDir, partial.file).split(path.sep).join('/') : sourcePath;
      const report: Report = (reason, { ruleId, note, fatal = true }) => {
        const message = file.message(reason, { place: partial ? { line: partial.line ?? 1, column: partial.column ?? 1 } : target.position, ruleId });
        message.fatal = fatal;
        if (note) message.note = note;
        if (partial) message.partial = partial;
      };
      if (isUnsafe(target)) {
        report(`unsafe URL "${target.url.slice(0, 40)}" removed`, { ruleId: 'unsafe-url', fatal: false });
        parent.children.splice(index, 1, ...(node.type === 'link' ? (node as Link).children : []) as never[]);
        return index;
      }
      if (node.type === 'image') checkImage(target as Image, context, writtenIn, file, report, partial ? 'partial' : 'page');
      const rewritten = node.type === 'image' ? target.url : rewriteLink(target.url, { context, writtenIn, pagePermalink: context.permalinkBySourcePath.get(sourcePath), file, report });
      if (rewritten !== MISSING) target.url = rewritten;
      if (!target.url) return;
      const where = partial ? { line: partial.line, file: partial.displayPath, includedAt: partial.includedAtLine } : { line: target.position?.start.line };
      links.push({ url: target.url, ...where, ...(rewritten === MISSING ? { missingMarkdown: true } : {}) });
    });
    file.data.links = links;
  };
}

const RAW_LINK_ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;

/** Links in raw HTML (`<a href>`, `<img src>`), each with the line it is on, so a broken one is blamed on the page. */
function rawHtmlLinks(node: Html): SourceLink[] {
  const start = node.position?.start.line;
  return [...node.value.matchAll(RAW_LINK_ATTRIBUTE)].map((match) => ({
    url: parseEntities(match[1] ?? match[2] ?? match[3]),
    line: start === undefined ? undefined : start + node.value.slice(0, match.index).split('\n').length - 1,
  }));
}

function isUnsafe(node: Link | Image): boolean {
  if (!UNSAFE_PROTOCOL.test(node.url)) return false;
  return !(node.type === 'image' && SAFE_IMAGE_DATA.test(node.url));
}

/** What `rewriteMarkdownLink` returns for a link to a missing Markdown file: the link stays as written. */
const MISSING = Symbol('missing Markdown file');

interface LinkSite {
  context: LinkContext;
  /** The docs-relative file the link is written in: the page, or a partial it includes. */
  writtenIn: string;
  /** The permalink of the page the link appears on. */
  pagePermalink: string | undefined;
  file: VFile;
  report: Report;
}

/**
 * A link as the reader's browser should follow it, as Docusaurus makes it: a `.md` file as the page's
 * route; a path from the site root with the baseUrl in front; a file of the site (`@site/…`, or next to
 * the page) copied into the output; another relative path resolved against the page's permalink, as
 * Docusaurus's Link resolves it. A missing Markdown file is reported as onBrokenMarkdownLinks says and
 * the link kept as written.
 */
function rewriteLink(url: string, site: LinkSite): string | typeof MISSING {
  if (isExternalUrl(url) || url.startsWith('#')) return url;
  const { path: linkPath, hash } = splitHref(url);
  if (/\.mdx?$/.test(linkPath)) return markdownLinkTarget(linkPath, hash, site);
  if (linkPath.startsWith('@site/')) return siteLinkTarget(linkPath, hash, site);
  if (url.startsWith('/')) return linkWithBaseUrl(url, site.context.baseUrl);
  return localFileUrl(linkPath, hash, site) ?? resolvedAgainstPage(url, site.pagePermalink);
}

/** `[x](./file.zip)` to a file next to the page: the file, copied into the output. */
function localFileUrl(linkPath: string, hash: string | undefined, { context, writtenIn, file, report }: LinkSite): string | typeof MISSING | undefined {
  if (!linkPath) return undefined;
  const copied = siteFileUrl(path.resolve(context.docsDir, path.dirname(writtenIn), safeDecodeUri(linkPath)), context, file);
  if ('url' in copied) return withHash(copied.url, hash);
  if (copied.problem !== 'not published') return undefined;
  report(`link to "${linkPath}": the file is not copied into the site`, { ruleId: 'unpublished-file', note: NOT_PUBLISHED_NOTE });
  return MISSING;
}

/** A relative URL as the browser would resolve it on the page's own URL. */
function resolvedAgainstPage(url: string, pagePermalink: string | undefined): string {
  if (!pagePermalink) return url;
  const resolved = new URL(url, `https://site.invalid${pagePermalink}`);
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** `@site/static/x.pdf` is the static file's URL; another file of the site is copied into the output. */
function siteLinkTarget(linkPath: string, hash: string | undefined, { context, file, report }: LinkSite): string | typeof MISSING {
  const source = path.join(context.siteDir, safeDecodeUri(linkPath.slice('@site/'.length)));
  const staticDir = context.staticDirs.find((dir) => !path.relative(dir, source).startsWith('..'));
  if (staticDir && existsSync(source)) return withHash(context.baseUrl + path.relative(staticDir, source).split(path.sep).join('/'), hash);
  const copied = siteFileUrl(source, context, file);
  if ('url' in copied) return withHash(copied.url, hash);
  if (copied.problem === 'not published') report(`link to "${linkPath}": the file is not copied into the site`, { ruleId: 'unpublished-file', note: NOT_PUBLISHED_NOTE });
  else report(`link to a missing file "${linkPath}"`, { ruleId: 'missing-file', note: copied.problem === 'missing' ? 'Fix the path (from the site folder), or create the file.' : OUTSIDE_NOTE });
  return MISSING;
}

function withHash(url: string, hash: string | undefined): string {
  return hash ? `${url}#${hash}` : url;
}

function markdownLinkTarget(linkPath: string, hash: string | undefined, { context, writtenIn: sourcePath, report }: LinkSite): string | typeof MISSING {
  const permalink = linkCandidates(linkPath, context, sourcePath).map((candidate) => context.permalinkBySourcePath.get(candidate)).find(Boolean);
  if (!permalink) {
    if (context.onBrokenMarkdownLinks !== 'ignore') {
      report(`link to a missing Markdown file "${linkPath}"`, { ruleId: 'missing-markdown-file', note: 'Fix the path (relative to this file or to the docs folder), or create the page.', fatal: context.onBrokenMarkdownLinks === 'throw' });
    }
    return MISSING;
  }
  return hash ? `${permalink}#${hash}` : permalink;
}

/**
 * The docs-relative files a `.md` link may name, in Docusaurus's order: `@site/…` from the site
 * folder; otherwise from the linking file's folder, then from the docs root.
 */
export function linkCandidates(linkPath: string, context: LinkContext, sourcePath: string): string[] {
  const fromDocs = (file: string) => path.relative(context.docsDir, file).split(path.sep).join('/');
  if (linkPath.startsWith('@site/')) return [fromDocs(path.join(context.siteDir, safeDecodeUri(linkPath.slice('@site/'.length))))];
  // Resolved through the folder, so a page outside the docs (`../src/pages/about.md`) names a doc as the doc's own path does.
  const fromFile = fromDocs(path.resolve(context.docsDir, markdownLinkPath(sourcePath, linkPath)));
  const fromRoot = path.posix.normalize(versionFolderOf(sourcePath) + safeDecodeUri(linkPath).replace(/^\//, ''));
  return fromRoot === fromFile || linkPath.startsWith('.') ? [fromFile] : [fromFile, fromRoot];
}

/** The docs-relative file a `.md` link names: from the docs root when it starts with `/`, else from the linking file's folder. */
export function markdownLinkPath(sourcePath: string, linkPath: string): string {
  return linkPath.startsWith('/') ? versionFolderOf(sourcePath) + linkPath.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(sourcePath), safeDecodeUri(linkPath)));
}

/**
 * The root a doc's links from the docs root start at: its version's folder for a released version's doc
 * (`../versioned_docs/version-1.0/`, site/versions.ts), so its links stay in its version; else the docs folder.
 */
function versionFolderOf(sourcePath: string): string {
  return /^(\.\.\/)+versioned_docs\/version-[^/]+\//.exec(sourcePath)?.[0] ?? '';
}

/** The file below a static folder that an absolute image path names. */
export function staticFilePath(imagePath: string): string {
  return safeDecodeUri(imagePath).replace(/^\/+/, '');
}

/** True when a static folder has the file; a path that climbs out (`/../../etc/passwd`) is not looked for at all. */
export function inStaticFolder(staticDirs: string[], relative: string): boolean {
  return staticDirs.some((dir) => {
    const candidate = path.join(dir, relative);
    return isWithin(dir, candidate) && existsSync(candidate);
  });
}

/** `decodeURI`, but a malformed escape such as `%zz` stays as written instead of throwing. */
function safeDecodeUri(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function checkImage(image: Image, context: LinkContext, sourcePath: string, file: VFile, report: Report, writer: 'page' | 'partial'): void {
  if (isExternalUrl(image.url) || /^\s*data:/i.test(image.url)) return;
  if (image.url.startsWith('@site/')) {
    const copied = siteFileUrl(path.join(context.siteDir, safeDecodeUri(splitHref(image.url).path.slice('@site/'.length))), context, file);
    if ('url' in copied) image.url = copied.url;
    else if (copied.problem === 'not published') report(`image "${image.url}" is not copied into the site`, { ruleId: 'unpublished-file', note: NOT_PUBLISHED_NOTE });
    else report(`image "${image.url}" not found in the site folder`, { ruleId: 'missing-image', note: copied.problem === 'missing' ? 'Fix the path (from the site folder), or create the file.' : OUTSIDE_NOTE });
    return;
  }
  if (!image.url.startsWith('/')) {
    if (splitHref(image.url).path) relocateDocImage(image, context, sourcePath, file, report, writer);
    return;
  }
  const relative = staticFilePath(splitHref(image.url).path);
  if (inStaticFolder(context.staticDirs, relative)) {
    image.url = context.baseUrl + relative;
    return;
  }
  report(`image "${image.url}" not found in the static folder`, { ruleId: 'missing-image', note: `Put the file in static${image.url} or fix the path.` });
}

declare module 'vfile' {
  interface DataMap { links: SourceLink[] }
}

declare module 'vfile-message' {
  interface VFileMessage {
    /** Set when the problem is in an MDX partial the page includes: compile.ts reports it at the partial's file and line. */
    partial?: PartialOrigin;
  }
}
