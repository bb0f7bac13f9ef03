import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { displayPath, isWithin } from '../fs-utils.ts';
import { ContentError } from '../errors.ts';

/** What a build's output folder replaces must be nothing but an earlier build: these prove it was one. */
const BUILD_MARKERS = ['_headers', '__routes'];

export interface GuardedPaths { projectRoot: string; outDir: string; docsDir: string; staticDirs: string[]; configFile?: string; sidebarsFile?: string }

/**
 * The output folder is deleted and replaced by every build, so it must not be, hold or sit in anything
 * the build reads (the project, docs, static files, config), and must not be an unrelated existing folder.
 */
export function assertSafeOutputFolder(paths: GuardedPaths): void {
  const out = path.resolve(paths.outDir);
  const problem = outputFolderProblem(out, paths);
  if (problem) throw new ContentError({ rule: 'output-folder', message: `output folder "${displayPath(out)}" ${problem}`, file: '--out', fix: 'Pass --out a new folder, or the dist/ of an earlier build, outside the docs and static folders.' });
}

function outputFolderProblem(out: string, paths: GuardedPaths): string | undefined {
  if (existsSync(out) && !statSync(out).isDirectory()) return 'is a file';
  if (isWithin(out, path.resolve(paths.projectRoot))) return 'is or contains the project folder';
  for (const [name, dir] of [['docs', paths.docsDir], ...paths.staticDirs.map((dir) => ['static', dir])]) {
    if (isWithin(out, dir) || isWithin(dir, out)) return `overlaps the ${name} folder ${displayPath(dir)}`;
  }
  for (const file of [paths.configFile, paths.sidebarsFile]) {
    if (file && isWithin(out, path.resolve(paths.projectRoot, file))) return `contains ${displayPath(path.resolve(paths.projectRoot, file))}`;
  }
  if (!existsSync(out)) return undefined;
  const entries = readdirSync(out);
  if (entries.length > 0 && !BUILD_MARKERS.some((marker) => entries.includes(marker))) return 'already holds files that are not a build of this site';
  return undefined;
}
