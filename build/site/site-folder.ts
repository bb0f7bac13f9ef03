/**
 * The author's files a build copies or reads as data are judged by real path: a symbolic link is the
 * file it leads to, and it must lead inside the site folder. What a link outside leads to is never
 * read, so no message can quote it.
 */
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { displayPath, isWithin, realPath } from '../fs-utils.ts';

/**
 * Where the link `file` leads, every link on the way followed, when that is inside one of `folders`;
 * else the error naming `file`.
 */
export function followLink(file: string, folders: string[], rule: string): string | ContentError {
  const target = realPath(file);
  if (target === undefined) {
    return new ContentError({ rule, file: displayPath(file), message: 'is a link that leads nowhere (its target is missing, or links lead in a circle)', fix: 'Remove the link, or make it lead to a file inside the site folder.' });
  }
  if (!folders.some((folder) => isWithin(realPath(folder) ?? path.resolve(folder), target))) {
    return new ContentError({ rule, file: displayPath(file), message: 'is a link to a path outside the site folder', fix: 'Remove the link, or put the files themselves in its place.' });
  }
  return target;
}
