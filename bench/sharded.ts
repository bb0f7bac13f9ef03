/**
 * A sharded build of a corpus (`--sharded N`): SHARD_COUNT shards built one after another as
 * separate processes, as the jobs of a CI matrix would build them, then the merge. A matrix's wall
 * time is the longest shard plus the merge; one machine's is the sum.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Corpus } from './corpus.ts';
import { npmScriptCommand, PROJECT_ROOT, runTimed, type TimedRun } from './measure.ts';

export const SHARD_COUNT = 4;

export interface ShardedRun { shards: TimedRun[]; merge: TimedRun }

export async function measureSharded(corpus: Corpus, log: (line: string) => void): Promise<ShardedRun> {
  const dirs = Array.from({ length: SHARD_COUNT }, (_, index) => path.join(corpus.root, `shard-${index + 1}`));
  const site = ['--docs', corpus.docsDir, '--sidebars', corpus.sidebarsFile, '--no-cache'];
  const shards: TimedRun[] = [];
  for (const [index, dir] of dirs.entries()) {
    const run = await timed(corpus, [...site, '--shard', `${index + 1}/${SHARD_COUNT}`, '--out', dir]);
    log(`shard ${index + 1}/${SHARD_COUNT}: ${(run.wallMs / 1000).toFixed(2)} s, ${run.stdout.split('\n').find((line) => line.startsWith('Built '))}`);
    shards.push(run);
  }
  const mergedOut = path.join(corpus.root, 'merged');
  const merge = await timed(corpus, [...site, '--merge', ...dirs, '--out', mergedOut]);
  log(`merge: ${(merge.wallMs / 1000).toFixed(2)} s, ${merge.stdout.split('\n').find((line) => line.startsWith('Merged '))}`);
  for (const dir of [...dirs, mergedOut]) rmSync(dir, { recursive: true, force: true });
  return { shards, merge };
}

async function timed(corpus: Corpus, args: string[]): Promise<TimedRun> {
  const run = await runTimed([...npmScriptCommand('build'), ...args], { cwd: PROJECT_ROOT, timeFile: path.join(corpus.root, 'time-v.txt') });
  if (run.code !== 0) throw new Error(`the sharded build exited with code ${run.code}:\n${run.stderr.slice(-4000)}`);
  return run;
}
