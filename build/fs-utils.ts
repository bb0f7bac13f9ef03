import { createHash } from 'node:crypto';
import { constants, copyFileSync, linkSync, readdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

/** A file or folder as messages show it: relative to the folder the command runs in, or to `from` (`.` for that folder). */
export function displayPath(file: string, from = process.cwd()): string {
  return path.relative(from, file) || '.';
}

/** The file's real path, every symbolic link followed; undefined when it leads nowhere (a missing file, a loop of links). */
export function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** True when `inner` is `outer` or lies below it, as written: pass real paths to judge where links lead. */
export function isWithin(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * What a page may read from (its imports, partials, JSON, the files beside it), by real path (`file` is
 * one): a symbolic link in the site that points outside it is outside. See siteFolders.
 */
export function isInsideSite(file: string, { siteDir, docsDir }: { siteDir: string; docsDir?: string }): boolean {
  return siteFolders(siteDir, docsDir).some((dir) => isWithin(dir, file));
}

/**
 * The site's folders, by real path: the site folder (a Docusaurus config's folder), and the docs folder
 * when it lies outside it. Docs kept beside the site folder (`path: '../docs'`, a repository with
 * `website/` and `docs/`) make the site the nearest folder holding both, as Docusaurus's bundler reads
 * the repository (`import errorCodes from '../../../errors.json'`). Never the filesystem root, and never
 * through a link: when the docs folder's real place is not where the config's path puts it (it, or a
 * folder on the way, is a symbolic link), the site stays the two folders, so no link widens it.
 */
export function siteFolders(siteDir: string, docsDir?: string): string[] {
  const site = realPath(siteDir) ?? path.resolve(siteDir);
  if (docsDir === undefined) return [site];
  const docs = realPath(docsDir) ?? path.resolve(docsDir);
  if (isWithin(site, docs)) return [site];
  const asWritten = path.resolve(site, path.relative(path.resolve(siteDir), path.resolve(docsDir)));
  const common = commonFolder(site, docs);
  return asWritten === docs && path.dirname(common) !== common ? [common] : [site, docs];
}

/** The deepest folder holding both absolute paths. */
export function commonFolder(a: string, b: string): string {
  const [first, second] = [a, b].map((dir) => path.resolve(dir).split(path.sep));
  const shared = first.findIndex((segment, index) => segment !== second[index]);
  const segments = shared === -1 ? first.slice(0, Math.min(first.length, second.length)) : first.slice(0, shared);
  return segments.join(path.sep) || path.parse(path.resolve(a)).root;
}

/**
 * The file of a static folder that a path from the site root names (`/img/hero.png`: a stylesheet the
 * config lists, a CSS `url()`), as Docusaurus's bundler resolves it (webpack's `resolve.roots`): the
 * first static folder holding it, else where it would be in the first. Its query and fragment are
 * dropped, its escapes decoded (a malformed one is taken as written); a `..` may lead out of the
 * folder, so callers check where the file is.
 */
export function staticFolderFile(sitePath: string, staticDirs: string[]): string {
  const withoutQuery = sitePath.replace(/[?#].*$/, '');
  let decoded = withoutQuery;
  try {
    decoded = decodeURI(withoutQuery);
  } catch {
    // `%zz` names the file as written
  }
  const candidates = staticDirs.map((dir) => path.join(dir, decoded.replace(/^\/+/, '')));
  return candidates.find((candidate) => realPath(candidate) !== undefined) ?? candidates[0];
}

/**
 * Every `.md`/`.mdx` page below `dir`, sorted, as absolute paths. As in Docusaurus, a file or folder
 * whose name starts with `_` is not a page (partials such as `_intro.mdx` are imported by pages).
 */
export function listMarkdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name) && !path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).some((segment) => segment.startsWith('_')))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Where the build writes modules it generates and then imports (watch mode's renderer, a site's
 * components; under tsx also the workers and check-examples' run blocks): the launcher's cache folder, never inside an installed package,
 * which may be read-only; under tsx (tests), this checkout's node_modules/.cache.
 */
export const GENERATED_MODULES_DIR = process.env.REDUX_DOCS_GENERATED_DIR ?? fileURLToPath(new URL('../node_modules/.cache/redux-docs', import.meta.url));

/** Why a hard link cannot be made where a copy can: another file system, one without hard links, or a file with the most links it can have. */
const NO_LINK_ERRORS = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

/**
 * `target` made the same file as `source`: a hard link, which writes no data and allocates no inode,
 * else a copy (a reflink where the file system has them). Returns whether it linked.
 */
export function linkOrCopy(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    if (!NO_LINK_ERRORS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    copyFileSync(source, target, constants.COPYFILE_FICLONE);
    return false;
  }
}

/** A file's identity by its contents: watch mode's folder and its memory cache tell files apart by it. */
export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}

export function byteLength(contents: string | Uint8Array): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

/**
 * Writes a file another process may be reading, or writing the same contents to (two builds of one site
 * share node_modules/.cache): into a file of its own first, then renamed into place, so no reader sees it half-written.
 */
export function writeFileWhole(file: string, contents: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.${threadId}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}
