/**
 * When each doc last changed: the newest commit touching it, from one `git log` over the docs folder;
 * a file git does not know (a new file, or no git checkout at all) falls back to its modification time.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/** Milliseconds since the epoch, by path below the docs folder (`usage/index.md`). */
export function lastUpdatedTimes(docsDir: string, sourcePaths: string[]): Map<string, number> {
  const committed = commitTimes(docsDir);
  return new Map(sourcePaths.map((sourcePath) => [sourcePath, committed.get(sourcePath) ?? statSync(path.join(docsDir, sourcePath)).mtimeMs]));
}

/** `git log` prints each commit's time, then the files it touched; the first time seen for a file is its newest. */
function commitTimes(docsDir: string): Map<string, number> {
  const times = new Map<string, number>();
  let log: string;
  try {
    log = execFileSync('git', ['log', '--format=@%ct', '--name-only', '--relative', '--', '.'], { cwd: docsDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 });
  } catch {
    return times; // not a git checkout, or no git: modification times it is
  }
  let commitMs = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('@')) commitMs = Number(line.slice(1)) * 1000;
    else if (line !== '' && !times.has(line)) times.set(line, commitMs);
  }
  return times;
}
