/** One corpus size's runs, reduced to medians for the report. */
import type { Corpus } from './corpus.ts';
import type { FloorRun } from './floor.ts';
import type { DocusaurusRun } from './docusaurus.ts';
import type { BuildRun } from './measure.ts';
import type { WatchRun } from './watch.ts';
import type { WarmRun, WarmScenario } from './warm.ts';
import type { ShardedRun } from './sharded.ts';
import { median } from './stats.ts';
import { REPORT_PHASES, THREAD_STEPS, phaseTotals, type ReportPhase, type ThreadStep } from './summary-line.ts';

export interface SizeResult {
  corpus: Corpus;
  runs: BuildRun[];
  floors: FloorRun[];
  /** First-load JavaScript of one docs page of the last build. */
  firstLoadJs: { raw: number; gzip: number };
  watch?: WatchRun;
  docusaurus?: DocusaurusRun;
  warm?: WarmRun[];
  sharded?: ShardedRun;
}

export interface SizeSummary {
  pages: number;
  runs: number;
  wordsPerPage: number;
  corpusBytes: number;
  /** Medians, each phase on its own (so they need not add up to the median total). */
  phases: Record<ReportPhase, number>;
  /** Medians of the doc pages' time per step, summed over the threads that wrote them. */
  threadTime?: { threads: number; ms: Record<ThreadStep, number> };
  /** The build's own stage labels with their medians, in the build's order. */
  stages: { label: string; ms: number }[];
  totalMs: number;
  processWallMs: number;
  pagesPerSecond: number;
  peakRssKiB?: number;
  peakTreeRssKiB?: number;
  rssSource: BuildRun['rssSource'];
  floorMs: number;
  /** Build total (summary line) ÷ floor. */
  ratio: number;
  /** Markdown compile time summed over threads ÷ floor: how much more the compile does than the floor (and how much threads slow each other). */
  compileRatio?: number;
  /** CPU time (user + system) of the build's process tree and of the floor; their ratio. */
  cpuMs?: number;
  floorCpuMs: number;
  cpuRatio?: number;
  /** Highest 1-minute load average seen before a run. */
  maxLoadBefore: number;
  written?: string;
  writtenBytes?: number;
  firstLoadJs: { raw: number; gzip: number };
  watch?: { medianMs: number; minMs: number; maxMs: number; edits: number };
  docusaurus?: DocusaurusRun;
  /** Rebuilds with the build cache, against the cold median (processWallMs). */
  warm?: { scenario: WarmScenario; processWallMs: number; totalMs: number; peakRssKiB?: number; cacheLine?: string }[];
  /** Process wall time and peak RSS of each shard and of the merge. */
  sharded?: { shards: { wallMs: number; peakRssKiB?: number }[]; merge: { wallMs: number; peakRssKiB?: number } };
}

export function summarize(result: SizeResult): SizeSummary {
  const { runs, floors, corpus } = result;
  const totals = runs.map((run) => phaseTotals(run.summary));
  const phases = Object.fromEntries(REPORT_PHASES.map((phase) => [phase, median(totals.map((total) => total[phase])) ?? 0])) as Record<ReportPhase, number>;
  const labels = [...new Set(runs.flatMap((run) => run.summary.stages.map((stage) => stage.label)))];
  const stages = labels.map((label) => ({ label, ms: median(runs.map((run) => run.summary.stages.find((stage) => stage.label === label)?.ms)) ?? 0 }));
  const totalMs = median(runs.map((run) => run.summary.totalMs))!;
  const floorMs = median(floors.map((floor) => floor.ms))!;
  const cpuMs = median(runs.map((run) => run.cpuMs));
  const threadTimes = runs.flatMap((run) => (run.summary.threadTime ? [run.summary.threadTime] : []));
  const threadTime = threadTimes.length === 0 ? undefined : {
    threads: threadTimes[0].threads,
    ms: Object.fromEntries(THREAD_STEPS.map((step) => [step, median(threadTimes.map((time) => time.ms[step]))!])) as Record<ThreadStep, number>,
  };
  const floorCpuMs = median(floors.map((floor) => floor.cpuMs))!;
  return {
    pages: runs[0].summary.pages,
    runs: runs.length,
    wordsPerPage: corpus.wordsPerPage,
    corpusBytes: corpus.bytes,
    phases,
    threadTime,
    stages,
    totalMs,
    processWallMs: median(runs.map((run) => run.processWallMs))!,
    pagesPerSecond: runs[0].summary.pages / (totalMs / 1000),
    peakRssKiB: median(runs.map((run) => run.peakRssKiB)),
    peakTreeRssKiB: median(runs.map((run) => run.peakTreeRssKiB)),
    rssSource: runs[0].rssSource,
    floorMs,
    ratio: totalMs / floorMs,
    compileRatio: threadTime && threadTime.ms.compile / floorMs,
    cpuMs,
    floorCpuMs,
    cpuRatio: cpuMs === undefined ? undefined : cpuMs / floorCpuMs,
    maxLoadBefore: Math.max(...runs.map((run) => run.loadBefore)),
    written: runs.at(-1)?.summary.written,
    writtenBytes: runs.at(-1)?.summary.writtenBytes,
    firstLoadJs: result.firstLoadJs,
    watch: result.watch && {
      medianMs: median(result.watch.editToReloadMs)!,
      minMs: Math.min(...result.watch.editToReloadMs),
      maxMs: Math.max(...result.watch.editToReloadMs),
      edits: result.watch.editToReloadMs.length,
    },
    docusaurus: result.docusaurus,
    sharded: result.sharded && {
      shards: result.sharded.shards.map(({ wallMs, peakRssKiB }) => ({ wallMs, peakRssKiB })),
      merge: { wallMs: result.sharded.merge.wallMs, peakRssKiB: result.sharded.merge.peakRssKiB },
    },
    warm: result.warm?.map(({ scenario, run }) => ({ scenario, processWallMs: run.processWallMs, totalMs: run.summary.totalMs, peakRssKiB: run.peakRssKiB, cacheLine: run.cacheLine })),
  };
}
