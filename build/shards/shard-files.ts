/**
 * The files of a shard's folder, by content. The shard lists the SHA-256 of each file it wrote in its
 * manifest; the merge takes a shard only when its folder holds exactly those files with those bytes, so
 * a file added, removed or changed after the build (an extra `evil.html`, an overwritten page) is
 * refused rather than published. Each file is read once; links are never followed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import { REBUILD_SHARD, SHARD_MANIFEST } from './manifest.ts';

/** Every file below a shard's folder but its manifest, path with `/` → the SHA-256 of its bytes. */
export function hashShardFiles(dir: string): Record<string, string> {
  const { files } = folderEntries(dir);
  return Object.fromEntries(files.map((file) => [file, sha256(path.join(dir, file))]));
}

/** One error per file that is not what the manifest lists: not listed, missing, not a regular file, or changed. */
export function checkShardFiles(dir: string, listed: Record<string, string>): ContentError[] {
  const { files, others } = folderEntries(dir);
  const regular = new Set(files);
  const present = new Set([...files, ...others]);
  const paths = [...new Set([...present, ...Object.keys(listed)])].sort();
  return paths.flatMap((file) => {
    const hash = Object.hasOwn(listed, file) ? listed[file] : undefined;
    const problem = hash === undefined ? 'is not in the shard\'s manifest'
      : !present.has(file) ? 'is in the shard\'s manifest, and missing'
      : !regular.has(file) ? 'is not the file the shard\'s build wrote (it is not a regular file)'
      : sha256(path.join(dir, file)) !== hash ? 'is not the file the shard\'s build wrote (its SHA-256 differs from the manifest\'s)' : undefined;
    return problem ? [new ContentError({ rule: 'shards', message: problem, file: displayPath(path.join(dir, file)), fix: REBUILD_SHARD })] : [];
  });
}

/** The folder's regular files and its other entries (links, pipes…), paths with `/`, sorted; folders are walked, never followed through a link. */
function folderEntries(dir: string): { files: string[]; others: string[] } {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory());
  const relative = (entry: (typeof entries)[number]) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  const files = entries.filter((entry) => entry.isFile()).map(relative).filter((file) => file !== SHARD_MANIFEST).sort();
  const others = entries.filter((entry) => !entry.isFile()).map(relative).sort();
  return { files, others };
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
