import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentError, throwIfAny, type Warning } from '../errors.ts';
import { displayPath, listMarkdownFiles } from '../fs-utils.ts';
import { parseFrontMatter } from '../markdown/front-matter.ts';
import type { MarkdownSource } from '../markdown/compile.ts';
import { validateFrontMatter, type DocFrontMatter } from './front-matter-fields.ts';
import { climbsOut } from '../output-layout.ts';

/** One Markdown file of the docs folder, read and placed, not yet compiled. */
export interface Doc {
  id: string;
  /** Path from the docs folder, with `/` separators: `usage/index.md` (a page's: `../src/pages/about.md`). */
  sourcePath: string;
  /** Path shown to authors in messages, relative to the working directory. */
  displayPath: string;
  frontMatter: DocFrontMatter;
  /** Markdown after the front matter (and after a leading `# title`, which became the title). */
  body: string;
  /** Number of file lines before `body`, to turn body positions into file lines. */
  bodyLineOffset: number;
  title: string;
  sidebarLabel: string;
  permalink: string;
  /** Front matter keys the generator does not read. */
  warnings: Warning[];
  /** When the file last changed (ms since the epoch), set when the site shows it. */
  lastUpdatedMs?: number;
  /** Set for a page of the pages folder (site/pages.ts), not a doc: a Markdown page, or a React page whose body is the MDX that renders it. */
  page?: 'markdown' | 'react';
  /** The docs version the doc belongs to, on a versioned site (site/versions.ts). */
  version?: string;
}

/** Parsed docs by file, reused while a file's bytes and the routes are the same (watch mode reads the folder on every save). */
export type DocCache = Map<string, { bytes: Buffer; routes: DocRoutes; doc: Doc }>;

/** Where the docs are served: the site's baseUrl, then the docs plugin's routeBasePath (Docusaurus's two settings). */
export interface DocRoutes { baseUrl: string; routeBasePath: string }

const SITE_ROOT: DocRoutes = { baseUrl: '/', routeBasePath: '/' };

/** A docs route as readers' links name it: `{ baseUrl: '/sub/', routeBasePath: '/docs' }` and `intro` → `/sub/docs/intro`. */
export function docsPermalink({ baseUrl, routeBasePath }: DocRoutes, slug: string): string {
  return baseUrl + joinRoute(routeBasePath, slug).slice(1);
}

/**
 * A docs version's folder on a versioned site: its name, and the docs folder its source paths are taken
 * from (`../versioned_docs/version-1.0/intro.md`), so every doc of every version has its own source path.
 */
export interface DocsFolderOf { version: string; sourceRoot: string }

/** Reads every Markdown file below `docsDir`; fails with every problem found, naming each file. */
export function collectDocs(docsDir: string, routes = SITE_ROOT, cache?: DocCache, versioned?: DocsFolderOf): Doc[] {
  if (!isDirectory(docsDir)) {
    throw new ContentError({ rule: 'docs', message: 'docs folder not found', file: displayPath(docsDir), fix: 'Create the folder, or point docs.path in site.config.ts (or --docs) at your Markdown folder.' });
  }
  const errors: ContentError[] = [];
  const docs: Doc[] = [];
  const files = listMarkdownFiles(docsDir);
  for (const file of files) {
    try {
      const bytes = readFileSync(file);
      const cached = cache?.get(file);
      const sameRoutes = cached?.routes.baseUrl === routes.baseUrl && cached.routes.routeBasePath === routes.routeBasePath;
      const doc = cached && sameRoutes && cached.bytes.equals(bytes) ? cached.doc : parseDoc(docsDir, file, bytes, routes, versioned);
      cache?.set(file, { bytes, routes, doc });
      docs.push(doc);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      errors.push(error);
    }
  }
  if (cache) {
    const present = new Set(files);
    for (const file of [...cache.keys()]) if (!present.has(file)) cache.delete(file);
  }
  errors.push(...findDuplicates(docs));
  throwIfAny(errors);
  return docs;
}

function parseDoc(docsDir: string, file: string, bytes: Buffer, routes: DocRoutes, versioned: DocsFolderOf | undefined): Doc {
  const pathInFolder = path.relative(docsDir, file).split(path.sep).join('/');
  const sourcePath = versioned ? path.relative(versioned.sourceRoot, file).split(path.sep).join('/') : pathInFolder;
  const { displayPath: shownPath, frontMatter, warnings, body, bodyLineOffset, heading } = readMarkdownFile(file, bytes);
  const id = docId(pathInFolder, frontMatter.id);
  const title = frontMatter.title ?? heading ?? id.split('/').pop()!;
  const permalink = docsPermalink(routes, docSlug(pathInFolder, frontMatter.slug, frontMatter.id));
  // The slug and id were checked with the front matter: what is left is the file's own path.
  assertNoDotDot(permalink, shownPath);
  return {
    id,
    sourcePath,
    displayPath: shownPath,
    frontMatter,
    body,
    bodyLineOffset,
    title,
    sidebarLabel: frontMatter.sidebar_label ?? title,
    permalink,
    warnings,
    ...(versioned ? { version: versioned.version } : {}),
  };
}

/** A Markdown page's file read: its front matter checked, its body, and the `# title` that opens it, if any. */
export function readMarkdownFile(file: string, bytes: Buffer) {
  const shownPath = displayPath(file);
  const text = decodeUtf8(bytes, shownPath);
  if (text.trim() === '') {
    throw new ContentError({ rule: 'docs', message: 'the file is empty', file: shownPath, line: 1, fix: 'Write the page (front matter with a title, then Markdown), or delete the file.' });
  }
  const { data, content } = parseFrontMatter(text, shownPath);
  const { frontMatter, warnings } = validateFrontMatter(data, shownPath);
  const bodyLineOffset = text.split('\n').length - content.split('\n').length;
  const { body, heading } = takeLeadingTitle(content);
  return { displayPath: shownPath, frontMatter, warnings, body, bodyLineOffset, heading };
}

/** A route made from a file's own path must not climb out of the site once decoded. */
export function assertNoDotDot(permalink: string, shownPath: string): void {
  if (climbsOut(permalink)) {
    throw new ContentError({ rule: 'docs', message: `the file's path makes the route "${permalink}", which has a ".." segment once decoded`, file: shownPath, fix: 'Rename the file or folder: "%2e" and "%2f" in a name are "." and "/" in its route.' });
  }
}

function decodeUtf8(bytes: Buffer, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    const line = firstInvalidUtf8Line(bytes);
    throw new ContentError({ rule: 'docs', message: 'the file is not valid UTF-8', file, line, fix: 'Save the file with UTF-8 encoding.' });
  }
}

function firstInvalidUtf8Line(bytes: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  for (let index = 0; index <= bytes.length; index++) {
    if (index === bytes.length || bytes[index] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, index));
      } catch {
        return line;
      }
      line++;
      start = index + 1;
    }
  }
  return line;
}

/**
 * A body starting with `# Title` gives the doc its title; the line is blanked so line numbers stay true.
 * Plain string work, no backtracking pattern: `# a` + 100,000 spaces + `b` took 11 s with one.
 */
function takeLeadingTitle(content: string): { body: string; heading?: string } {
  const start = content.length - content.trimStart().length;
  const newline = content.indexOf('\n', start);
  const end = newline === -1 ? content.length : newline;
  const match = /^#[ \t]+(\S.*)$/.exec(content.slice(start, end));
  if (!match) return { body: content };
  return { body: content.slice(0, start) + content.slice(end), heading: withoutClosingHashes(match[1]) };
}

/** `Title ##` → `Title` (trailing spaces and closing `#`s go, as in an ATX heading). */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && ' \t#'.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

// Docusaurus drops number prefixes such as "01-" from file and folder names.
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*(?=[^-_.\s])/;

export function stripNumberPrefix(segment: string): string {
  const stripped = segment.replace(NUMBER_PREFIX, '');
  return /^\d+$/.test(stripped) ? segment : stripped;
}

function splitSource(sourcePath: string): { dirs: string[]; name: string } {
  const segments = sourcePath.split('/').map(stripNumberPrefix);
  const name = segments.pop()!.replace(/\.mdx?$/, '');
  return { dirs: segments, name };
}

/** What the Markdown compile gets of a doc or page. */
export function markdownSource(doc: Doc): MarkdownSource {
  return { sourcePath: doc.sourcePath, displayPath: doc.displayPath, body: doc.body, lineOffset: doc.bodyLineOffset, frontMatter: doc.frontMatter, reactPage: doc.page === 'react' || undefined };
}

/** Each doc's permalink by its path below the docs folder: what a `.md` link resolves to. */
export function permalinksBySourcePath(docs: Doc[]): Map<string, string> {
  return new Map(docs.map((doc) => [doc.sourcePath, doc.permalink]));
}

export function docId(sourcePath: string, frontMatterId?: string): string {
  const { dirs, name } = splitSource(sourcePath);
  return [...dirs, frontMatterId ?? name].join('/');
}

/** Docusaurus's slug rules: absolute front-matter slug; folder index files; relative slugs; the id. */
export function docSlug(sourcePath: string, frontMatterSlug: string | undefined, frontMatterId: string | undefined): string {
  const { dirs, name } = splitSource(sourcePath);
  const dirSlug = dirs.length === 0 ? '/' : `/${dirs.join('/')}/`;
  if (frontMatterSlug?.startsWith('/')) return frontMatterSlug;
  const lastDir = dirs.at(-1)?.toLowerCase();
  const isFolderIndex = ['index', 'readme'].includes(name.toLowerCase()) || name.toLowerCase() === lastDir;
  if (frontMatterSlug === undefined && isFolderIndex) return dirSlug;
  return new URL(frontMatterSlug ?? frontMatterId ?? name, `http://docs.invalid${dirSlug}`).pathname;
}

export function joinRoute(base: string, slug: string): string {
  const segments = [base, slug].join('/').split('/').filter((segment) => segment !== '' && segment !== '.');
  return `/${segments.join('/')}${slug.endsWith('/') && slug !== '/' ? '/' : ''}`;
}

function findDuplicates(docs: Doc[]): ContentError[] {
  const errors: ContentError[] = [];
  const byId = new Map<string, Doc>();
  const byRoute = new Map<string, Doc>();
  for (const doc of docs) {
    const sameId = byId.get(doc.id);
    if (sameId) errors.push(new ContentError({ rule: 'docs', message: `duplicate doc id "${doc.id}", also used by ${sameId.displayPath}`, file: doc.displayPath, fix: 'Give one of them another file name or front-matter id.' }));
    const routeKey = doc.permalink.replace(/\/$/, '') || '/';
    const sameRoute = byRoute.get(routeKey);
    if (sameRoute) errors.push(new ContentError({ rule: 'docs', message: `duplicate route "${doc.permalink}", also produced by ${sameRoute.displayPath}`, file: doc.displayPath, fix: 'Change the slug of one of them.' }));
    byId.set(doc.id, doc);
    byRoute.set(routeKey, doc);
  }
  return errors;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
