/** The report's tables: one size in detail (median and every run), all sizes side by side, and scaling against N. */
import os from 'node:os';
import { duration, fixed, kibibytes, mebibytes, times, type Table } from './format.ts';
import type { SizeResult, SizeSummary } from './results.ts';
import { REPORT_PHASES, THREAD_STEPS, phaseTotals, reportPhase } from './summary-line.ts';

const CORES = os.availableParallelism();

/** Median and each run: the report's phases, totals, throughput, memory and the floor. */
export function sizeTable(result: SizeResult, summary: SizeSummary): Table {
  const { runs, floors } = result;
  const perRun = runs.map((run) => phaseTotals(run.summary));
  const row = (label: string, median: string, each: string[]) => [label, median, ...each];
  return {
    header: ['', 'median', ...runs.map((_, index) => `run ${index + 1}`)],
    rows: [
      ...REPORT_PHASES.map((phase) => row(phase, duration(summary.phases[phase]), perRun.map((totals) => duration(totals[phase])))),
      ...THREAD_STEPS.map((step) => row(`pages: ${step} (thread time, ${threadCount(summary.threadTime?.threads)})`, duration(summary.threadTime?.ms[step]), runs.map((run) => duration(run.summary.threadTime?.ms[step])))),
      row('build total (summary line)', duration(summary.totalMs), runs.map((run) => duration(run.summary.totalMs))),
      row('process wall (+ Node start-up)', duration(summary.processWallMs), runs.map((run) => duration(run.processWallMs))),
      row('pages per second', fixed(summary.pagesPerSecond), runs.map((run) => fixed(run.summary.pages / (run.summary.totalMs / 1000)))),
      row(`peak RSS (largest process, ${summary.rssSource})`, mebibytes(summary.peakRssKiB), runs.map((run) => mebibytes(run.peakRssKiB))),
      row('peak RSS (process tree, sampled)', mebibytes(summary.peakTreeRssKiB), runs.map((run) => mebibytes(run.peakTreeRssKiB))),
      row('floor (bare unified, in-process)', duration(summary.floorMs), floors.map((floor) => duration(floor.ms))),
      row('ratio total / floor', times(summary.ratio), runs.map((run, index) => times(run.summary.totalMs / floors[index].ms))),
      row('ratio compile thread time / floor', ratioOrNa(summary.compileRatio), runs.map((run, index) => ratioOrNa(run.summary.threadTime && run.summary.threadTime.ms.compile / floors[index].ms))),
      row('build CPU time (user+sys, time -v)', duration(summary.cpuMs), runs.map((run) => duration(run.cpuMs))),
      row('floor CPU time', duration(summary.floorCpuMs), floors.map((floor) => duration(floor.cpuMs))),
      row('ratio CPU / floor CPU', ratioOrNa(summary.cpuRatio), runs.map((run, index) => ratioOrNa(run.cpuMs && run.cpuMs / floors[index].cpuMs))),
      row('load average before run (1 min)', '', runs.map((run) => fixed(run.loadBefore, 2))),
    ],
  };
}

/** The build's own stage labels, each with the report phase it was counted in. */
export function stagesTable(summary: SizeSummary): Table {
  return {
    header: ['build stage', 'report phase', 'median', 'share'],
    rows: summary.stages.map((stage) => [stage.label, reportPhase(stage.label), duration(stage.ms), `${Math.round((stage.ms / summary.totalMs) * 100)}%`]),
  };
}

export function sizesTable(summaries: SizeSummary[]): Table {
  return {
    header: ['pages', 'runs', ...REPORT_PHASES, 'compile / render / write (thread time)', 'total', 'pages/s', 'peak RSS', 'floor', 'total / floor', 'build CPU', 'CPU / floor CPU', 'max load'],
    rows: summaries.map((summary) => [
      String(summary.pages),
      String(summary.runs),
      ...REPORT_PHASES.map((phase) => duration(summary.phases[phase])),
      summary.threadTime ? THREAD_STEPS.map((step) => duration(summary.threadTime!.ms[step])).join(' / ') : 'n/a',
      duration(summary.totalMs),
      fixed(summary.pagesPerSecond),
      mebibytes(summary.peakRssKiB),
      duration(summary.floorMs),
      times(summary.ratio),
      duration(summary.cpuMs),
      ratioOrNa(summary.cpuRatio),
      fixed(summary.maxLoadBefore, 2),
    ]),
  };
}

/**
 * Time and memory against N, relative to the smallest N. The exponent k in time ∝ N^k
 * (1.00 = linear) and the memory added per extra page show how the build grows.
 */
export function scalingTable(summaries: SizeSummary[]): Table {
  const [base] = summaries;
  return {
    header: ['pages', 'total', 'ms / page', 'time vs first', 'exponent k', 'CPU ms / page', 'compile ms / page (thread)', 'render + write ms / page (thread)', 'floor ms / page', 'output KiB / page', 'peak RSS', 'RSS vs first', 'KiB per added page'],
    rows: summaries.map((summary) => {
      const first = summary === base;
      const exponent = Math.log(summary.totalMs / base.totalMs) / Math.log(summary.pages / base.pages);
      const addedKiB = summary.peakRssKiB !== undefined && base.peakRssKiB !== undefined ? (summary.peakRssKiB - base.peakRssKiB) / (summary.pages - base.pages) : undefined;
      return [
        String(summary.pages),
        duration(summary.totalMs),
        fixed(summary.totalMs / summary.pages),
        first ? '1.00×' : times(summary.totalMs / base.totalMs),
        first ? '' : fixed(exponent, 2),
        summary.cpuMs === undefined ? 'n/a' : fixed(summary.cpuMs / summary.pages),
        summary.threadTime ? fixed(summary.threadTime.ms.compile / summary.pages) : 'n/a',
        summary.threadTime ? fixed((summary.threadTime.ms.render + summary.threadTime.ms.write) / summary.pages) : 'n/a',
        fixed(summary.floorMs / summary.pages, 2),
        summary.writtenBytes === undefined ? 'n/a' : fixed(summary.writtenBytes / 1024 / summary.pages, 0),
        mebibytes(summary.peakRssKiB),
        first || summary.peakRssKiB === undefined || base.peakRssKiB === undefined ? (first ? '1.00×' : 'n/a') : times(summary.peakRssKiB / base.peakRssKiB),
        first || addedKiB === undefined ? '' : fixed(addedKiB, 0),
      ];
    }),
  };
}

/** Plain-language findings computed from the numbers, so regenerated docs stay true. */
export function observations(summaries: SizeSummary[]): string[] {
  const lines = summaries.map((summary) => {
    const ranked = REPORT_PHASES.map((phase) => ({ phase, ms: summary.phases[phase] })).sort((a, b) => b.ms - a.ms);
    const [top, second] = ranked;
    return `At ${summary.pages} pages, the ${top.phase} phase takes ${Math.round((top.ms / summary.totalMs) * 100)}% of the build (${fixed(top.ms / summary.pages)} ms a page); next is the ${second.phase} phase at ${Math.round((second.ms / summary.totalMs) * 100)}%. The whole build is ${times(summary.ratio)} the bare unified floor${summary.compileRatio === undefined ? '' : `; its Markdown compile, summed over ${threadCount(summary.threadTime!.threads)}, is ${times(summary.compileRatio)} the floor's work`}.`;
  });
  if (summaries.length > 1) {
    const first = summaries[0];
    const last = summaries.at(-1)!;
    const exponent = Math.log(last.totalMs / first.totalMs) / Math.log(last.pages / first.pages);
    lines.push(`From ${first.pages} to ${last.pages} pages the total grows ${times(last.totalMs / first.totalMs)} for ${times(last.pages / first.pages)} the pages (time ∝ N^${fixed(exponent, 2)}), and peak RSS grows from ${mebibytes(first.peakRssKiB)} to ${mebibytes(last.peakRssKiB)}.`);
    const phaseGrowth = REPORT_PHASES.filter((phase) => first.phases[phase] > 0)
      .map((phase) => ({ phase, growth: last.phases[phase] / first.phases[phase] }))
      .filter(({ growth }) => growth > (last.pages / first.pages) * 1.5);
    if (phaseGrowth.length > 0) lines.push(`Growing faster than the page count: ${phaseGrowth.map(({ phase, growth }) => `${phase} (${times(growth)})`).join(', ')}.`);
    if (first.writtenBytes !== undefined && last.writtenBytes !== undefined) {
      lines.push(`Output per page grows from ${fixed(first.writtenBytes / 1024 / first.pages, 0)} KiB to ${fixed(last.writtenBytes / 1024 / last.pages, 0)} KiB: every page carries something whose size depends on N.`);
    }
  }
  const busy = summaries.filter((summary) => summary.maxLoadBefore > CORES);
  if (busy.length > 0) lines.push(`The machine was busy during ${busy.map((summary) => `the ${summary.pages}-page runs (load average up to ${fixed(summary.maxLoadBefore, 1)} on ${CORES} cores)`).join(' and ')}: wall times are inflated and vary between runs; CPU times are the steadier comparison.`);
  return lines;
}

/** What a reader, an author and a CI job notice besides build time: JS shipped, watch mode, Docusaurus on the same corpus. */
export function comparisonTable(summaries: SizeSummary[]): Table {
  return {
    header: ['pages', 'first-load JS of a docs page (gzip / raw)', 'watch: save → reload (median, min–max)', 'our build (process wall)', 'Docusaurus 3.6.3 (process wall)', 'Docusaurus peak RSS', 'speed-up'],
    rows: summaries.map((summary) => [
      String(summary.pages),
      `${kibibytes(summary.firstLoadJs.gzip)} / ${kibibytes(summary.firstLoadJs.raw)}`,
      summary.watch ? `${duration(summary.watch.medianMs)} (${duration(summary.watch.minMs)}–${duration(summary.watch.maxMs)}, ${summary.watch.edits} saves)` : 'not measured',
      duration(summary.processWallMs),
      summary.docusaurus ? duration(summary.docusaurus.wallMs) : 'not run',
      summary.docusaurus ? mebibytes(summary.docusaurus.peakRssKiB) : '',
      summary.docusaurus ? times(summary.docusaurus.wallMs / summary.processWallMs) : '',
    ]),
  };
}

/** Each rebuild's process wall time against the cold build's (median) of the same size. */
export function warmTable(summaries: SizeSummary[]): Table {
  return {
    header: ['pages', 'rebuild', 'process wall', 'of the cold build', 'peak RSS', 'pages reused / rendered again / compiled'],
    rows: summaries.flatMap((summary) => (summary.warm ?? []).map((warm) => [
      String(summary.pages),
      warm.scenario,
      duration(warm.processWallMs),
      `${((warm.processWallMs / summary.processWallMs) * 100).toFixed(0)}%`,
      mebibytes(warm.peakRssKiB),
      /(\d+) of \d+ doc pages reused \((\d+) rendered again\), (\d+) compiled/.exec(warm.cacheLine ?? '')?.slice(1).join(' / ') ?? 'n/a',
    ])),
  };
}

/** The shards one after another and the merge; a matrix would wait for the longest shard, then the merge. */
export function shardedTable(summaries: SizeSummary[]): Table {
  return {
    header: ['pages', 'shards', 'longest shard', 'merge', 'longest + merge', 'of the cold build', 'all shards + merge', 'peak RSS (largest shard / merge)'],
    rows: summaries.flatMap((summary) => {
      if (!summary.sharded) return [];
      const { shards, merge } = summary.sharded;
      const longest = Math.max(...shards.map((shard) => shard.wallMs));
      const sum = shards.reduce((total, shard) => total + shard.wallMs, 0);
      return [[
        String(summary.pages), String(shards.length), duration(longest), duration(merge.wallMs), duration(longest + merge.wallMs),
        `${(((longest + merge.wallMs) / summary.processWallMs) * 100).toFixed(0)}%`, duration(sum + merge.wallMs),
        `${mebibytes(Math.max(...shards.map((shard) => shard.peakRssKiB ?? 0)))} / ${mebibytes(merge.peakRssKiB)}`,
      ]];
    }),
  };
}

function ratioOrNa(ratio: number | undefined): string {
  return ratio === undefined ? 'n/a' : times(ratio);
}

function threadCount(threads: number | undefined): string {
  return threads === undefined ? '? threads' : `${threads} thread${threads === 1 ? '' : 's'}`;
}
