/**
 * The files of the static folders, served as they are. A symbolic link is copied as the file or folder
 * it leads to, which must be inside the site folder (site-folder.ts): the output never holds a link, and
 * nothing from outside the site. Links to folders are followed one level deep, so no arrangement of
 * links can copy a folder into itself or multiply the files without end.
 */
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { ContentError, throwIfAny } from '../errors.ts';
import { displayPath, isWithin, realPath } from '../fs-utils.ts';
import { followLink } from './site-folder.ts';

export interface StaticFile {
  /** Its path in the output folder, with `/`. */
  outputPath: string;
  /** The file its bytes are copied from: a real path, no link in it. */
  source: string;
  /** As messages name it: `static/img/logo.png`. */
  displayPath: string;
}

/** An entry of a static folder: as the author names it, where it is (its folder's real path, then its name), where it is served. */
interface Entry { shown: string; location: string; outputPath: string; throughLink: boolean }

/** One static folder's walk: the folders its links may lead into, and the problems found. */
interface Walk { folders: string[]; errors: ContentError[] }

/** Every file of the static folders, in a stable order; every bad link is one error, all reported at once. */
export function listStaticFiles(staticDirs: string[], siteDir: string): StaticFile[] {
  const errors: ContentError[] = [];
  const files = staticDirs.flatMap((dir) => staticFolderFiles(dir, siteDir, errors));
  throwIfAny(errors);
  return files;
}

/** One static folder's files. The folder may itself be a link into the site folder; it counts as the folder it leads to. */
function staticFolderFiles(dir: string, siteDir: string, errors: ContentError[]): StaticFile[] {
  const named = path.join(realPath(path.dirname(dir)) ?? path.dirname(dir), path.basename(dir));
  const stats = lstatSync(named, { throwIfNoEntry: false });
  if (!stats) return [];
  // A static folder passed with --static may lie outside the site folder; its own links may lead into it.
  const walk = { folders: stats.isSymbolicLink() ? [siteDir] : [siteDir, named], errors };
  const location = stats.isSymbolicLink() ? followLink(named, walk.folders, 'static') : named;
  if (location instanceof ContentError) return refused(location, walk);
  return filesAt({ shown: dir, location, outputPath: '', throughLink: false }, location, statSync(location), walk);
}

/** The files an entry stands for: itself, a folder's files, or those of what a link leads to. */
function entryFiles(entry: Entry, walk: Walk): StaticFile[] {
  const stats = lstatSync(entry.location, { throwIfNoEntry: false });
  if (!stats) return []; // removed while the folder was read (watch mode)
  return stats.isSymbolicLink() ? linkFiles(entry, walk) : filesAt(entry, entry.location, stats, walk);
}

function linkFiles(entry: Entry, walk: Walk): StaticFile[] {
  const target = followLink(entry.location, walk.folders, 'static');
  if (target instanceof ContentError) return refused(target, walk);
  const stats = statSync(target);
  const problem = stats.isDirectory() ? folderLinkProblem(entry, target) : undefined;
  return problem ? refused(problem, walk) : filesAt({ ...entry, throughLink: true }, target, stats, walk);
}

function refused(problem: ContentError, walk: Walk): StaticFile[] {
  walk.errors.push(problem);
  return [];
}

/** The file at a real path, or every file below the folder there. */
function filesAt(entry: Entry, real: string, stats: Stats, walk: Walk): StaticFile[] {
  // Only the static folder itself is served at '': a file there is a --static that names a file.
  if (stats.isFile() && entry.outputPath === '') return refused(new ContentError({ rule: 'static', file: displayPath(entry.shown), message: 'is a file, not a folder', fix: 'Pass --static the folder whose files the site serves as they are.' }), walk);
  if (stats.isFile()) return [{ outputPath: entry.outputPath, source: real, displayPath: displayPath(entry.shown) }];
  if (!stats.isDirectory()) return []; // a socket, pipe or device is nothing a site serves
  return readdirSync(real).sort().flatMap((name) => entryFiles({
    shown: path.join(entry.shown, name),
    location: path.join(real, name),
    outputPath: entry.outputPath ? `${entry.outputPath}/${name}` : name,
    throughLink: entry.throughLink,
  }, walk));
}

/** A link to a folder that holds it, or to a folder from inside a linked one: copying would never end, or multiply. */
function folderLinkProblem(entry: Entry, target: string): ContentError | undefined {
  const file = displayPath(entry.shown);
  if (isWithin(target, entry.location)) {
    return new ContentError({ rule: 'static', file, message: 'is a link to a folder that holds it', fix: 'Remove the link: the folder would be copied into itself without end.' });
  }
  if (entry.throughLink) {
    return new ContentError({ rule: 'static', file, message: 'is a link to a folder, inside a folder that is itself reached through a link', fix: 'Link to the folder from outside linked folders, or copy its files: links to folders are followed one level deep.' });
  }
  return undefined;
}
