/**
 * How the output folder is laid out, which every stage that names an output file shares: where a
 * route's page and its `.html` redirect go, the folder of content-hashed assets, the not-found page,
 * how a URL path becomes a file name, and the sink files are written to.
 */
import { pathBelowBase } from '../src/shared/paths.ts';

/** Where the production build's content-hashed files go, below the output folder. */
export const ASSETS_DIR = 'assets';
export const NOT_FOUND_PERMALINK = '/404.html';

/** The bundled runtime and stylesheet every page loads. */
export interface RuntimeAssets {
  runtimeUrl: string;
  cssUrl: string;
  /** Island name (`tabs`) → its module's URL. */
  islandUrls: Record<string, string>;
}

/** Files below the output folder: path → contents. */
export type OutputFiles = [string, string | Uint8Array][];

/** Where files go: the staging output folder (or a thread's writer into it), or watch mode's plan of its folder. */
export interface FileSink { write(file: string, contents: string | Uint8Array): void }

/** Where a page's files go: new, or restored from what the cache kept (`source`: a blob to link, or the content hash the folder holds); false when it cannot be. */
export interface PageSink extends FileSink { restore(file: string, source: string): boolean }

/** Where the site-wide files go, and what links may point at: every file of the site, and the text of one (an HTML file's ids). */
export interface SiteSink extends FileSink {
  /** An author's file (a static file) as it is. */
  copyFile(source: string, file: string): void;
  listFiles(): Set<string>;
  readFile(file: string): string | undefined;
}

/**
 * Where a route's page is written below the output folder (which is served at the baseUrl), and, for
 * any page but the home page, its `.html` twin that redirects to the clean URL. The not-found page is one file.
 */
export function pageFilePaths(permalink: string, baseUrl: string): { page: string; redirect?: string } {
  if (permalink === NOT_FOUND_PERMALINK) return { page: '404.html' };
  const trimmed = pathBelowBase(permalink, baseUrl).replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? { page: 'index.html' } : { page: `${trimmed}/index.html`, redirect: `${trimmed}.html` };
}

/**
 * Permalinks are URL paths, percent-encoded (`/getting%20started`, `/%C3%BCber`); a server decodes the
 * request before it looks for a file, so the files are written under the decoded names.
 */
export function fileOnDisk(urlPath: string): string {
  return urlPath.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }).join('/');
}

/** True when the URL path, decoded as its file is named (fileOnDisk), has a `..` segment: `/%2e%2e/x` and `/..%2fx` as much as `/../x`. */
export function climbsOut(urlPath: string): boolean {
  return fileOnDisk(urlPath).split('/').includes('..');
}

/** The files a decoded URL path may be served from, in the order they are tried (the link checker tries the same). */
export function fileCandidates(pathname: string): string[] {
  return pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}/index.html`, `${pathname}.html`];
}
