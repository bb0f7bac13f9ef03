/**
 * Images kept next to a doc (`![Diagram](./img/flow.png)`), as Docusaurus folders do: the file is
 * copied into the site under a content hash (`assets/media/flow-<hash>.png`) and the image points
 * there, so it can be cached for good and never collides with another page's `img/flow.png`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Image } from 'mdast';
import type { VFile } from 'vfile';
import { splitHref } from '../../src/shared/paths.ts';
import type { LinkContext, Report } from './link-context.ts';
import { displayPath, isInsideSite, isWithin, realPath, siteFolders } from '../fs-utils.ts';

/** A file to copy into the output: source path → path below the output folder. */
export interface PageAsset { source: string; target: string }

/** `sourcePath`: the docs-relative file that wrote the image (the page, or a partial it includes: `writer`). */
export function relocateDocImage(image: Image, context: LinkContext, sourcePath: string, file: VFile, report: Report, writer: 'page' | 'partial'): void {
  const relative = decodeURIComponentSafe(splitHref(image.url).path);
  const source = path.resolve(context.docsDir, path.dirname(sourcePath), relative);
  const copied = siteFileUrl(source, context, file);
  if ('url' in copied) {
    image.url = copied.url;
    return;
  }
  if (copied.problem === 'not published') {
    report(`image "${image.url}" is not copied into the site`, { ruleId: 'unpublished-file', note: NOT_PUBLISHED_NOTE });
    return;
  }
  report(`image "${image.url}" not found next to the ${writer}`, {
    ruleId: 'missing-image',
    note: copied.problem === 'missing' ? `Put the file at ${displayPath(source)}, or fix the path (it is relative to this file).` : OUTSIDE_NOTE,
  });
}

export const OUTSIDE_NOTE = 'Keep images inside the site folder (a symbolic link to a file outside it is refused).';
export const NOT_PUBLISHED_NOTE = 'Only images, documents, archives, data and media files are copied from beside the pages, never a hidden file, an HTML page, a script or an SVG with script in it; put a file to publish as it is in the static folder.';

/**
 * What a reader's browser cannot run from the site's own origin: images, documents, archives, data,
 * media, and files without an extension (served as bytes to download). Never HTML, XML, script or CSS.
 */
const INERT_TYPES = new Set(['', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.bmp', '.svg', '.pdf', '.zip', '.gz', '.tgz', '.tar', '.7z', '.csv', '.tsv', '.txt', '.md', '.mdx', '.json', '.yaml', '.yml', '.mp4', '.webm', '.mp3', '.ogg', '.wav', '.epub']);
/** What lets an SVG opened on its own run script or load a page. */
const ACTIVE_SVG = /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|javascript:/i;

/**
 * A file of the site that may be published beside a page: of an inert type, in no hidden folder and not
 * hidden itself below the site's folder (a checkout's `.git/config` holds its access token), and an SVG
 * without script.
 */
function isPublishable(real: string, context: LinkContext): boolean {
  const extension = path.extname(real).toLowerCase();
  if (!INERT_TYPES.has(extension)) return false;
  const folder = siteFolders(context.siteDir, context.docsDir).find((dir) => isWithin(dir, real))!;
  const below = path.relative(folder, real).split(path.sep);
  if (below.some((segment) => segment.startsWith('.') || segment === 'node_modules')) return false;
  return extension !== '.svg' || !ACTIVE_SVG.test(readFileSync(real, 'utf8'));
}

/**
 * A file of the site copied into the output under a content hash (`assets/media/<name>-<hash>.<ext>`),
 * as Docusaurus's bundler copies the files pages link to: its URL, or why there is none. The file
 * must be inside the site by real path: a link to a file outside it is outside.
 */
export function siteFileUrl(source: string, context: LinkContext, file: VFile): { url: string } | { problem: 'missing' | 'outside' | 'not published' } {
  const real = realPath(source);
  if (!isInsideSite(real ?? path.resolve(source), context)) return { problem: 'outside' };
  if (!real || !statSync(real).isFile()) return { problem: 'missing' };
  if (!isPublishable(real, context)) return { problem: 'not published' };
  const target = mediaTarget(source);
  (file.data.assets ??= []).push({ source, target });
  (file.data.dependencies ??= []).push(source); // watch mode: a changed file recompiles the page
  return { url: context.baseUrl + target };
}

/** Where a file of the site is copied in the output: `assets/media/<name>-<content hash>.<ext>`. */
export function mediaTarget(source: string): string {
  const extension = path.extname(source);
  const hash = createHash('sha1').update(readFileSync(source)).digest('hex').slice(0, 10);
  return `assets/media/${path.basename(source, extension).replace(/[^\w-]/g, '-')}-${hash}${extension.toLowerCase()}`;
}

function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

declare module 'vfile' {
  interface DataMap { assets: PageAsset[] }
}
