/**
 * Reads the build's summary line, e.g.
 * `Built 87 pages in 7.47 s (load config 33 ms, …, index search 587 ms), 8.9 MiB written to dist`.
 * The parenthesised list is parsed generically (label, number, ms or s), so renamed or new
 * stages still show up; `reportPhase` then sorts each label into one of the report's phases.
 */
export interface BuildSummary {
  pages: number;
  totalMs: number;
  /** Every stage as the build named it, in its order. */
  stages: { label: string; ms: number }[];
  /** `8.9 MiB`, as printed, if present. */
  written?: string;
  /** The same in bytes (to the printed precision). */
  writtenBytes?: number;
  /** Time the doc pages took per step, summed over the threads that wrote them, if printed. */
  threadTime?: { threads: number; ms: Record<ThreadStep, number> };
}

/** Doc pages stream through these steps on every thread at once; their times overlap in the wall-clock stages. */
export const THREAD_STEPS = ['compile', 'render', 'write'] as const;
export type ThreadStep = (typeof THREAD_STEPS)[number];

const THREAD_TIME = /^Thread time over (\d+) threads?: (.*)$/;
const SUMMARY = /^Built (\d+) pages? in ([\d.]+)\s*(ms|s) \((.*)\)(?:, (.+?) written to .*)?$/;
const STAGE = /^(.+?)\s+([\d.]+)\s*(ms|s)$/;

export function parseSummaryLine(output: string): BuildSummary | undefined {
  const lines = output.split('\n').map((line) => line.trim());
  for (const line of [...lines].reverse()) {
    const match = SUMMARY.exec(line);
    if (!match) continue;
    const stages = parseStages(match[4]);
    return { pages: Number(match[1]), totalMs: toMs(match[2], match[3]), stages, written: match[5], writtenBytes: match[5] ? toBytes(match[5]) : undefined, threadTime: parseThreadTime(lines) };
  }
  return undefined;
}

/** `Thread time over 2 threads: compile 9.1 s, render 1.2 s, write 480 ms` */
function parseThreadTime(lines: string[]): BuildSummary['threadTime'] {
  const match = lines.map((line) => THREAD_TIME.exec(line)).find(Boolean);
  if (!match) return undefined;
  const stages = parseStages(match[2]);
  const ms = Object.fromEntries(THREAD_STEPS.map((step) => [step, stages.find((stage) => stage.label === step)?.ms ?? 0])) as Record<ThreadStep, number>;
  return { threads: Number(match[1]), ms };
}

function parseStages(list: string): { label: string; ms: number }[] {
  return list.split(/,\s*/).flatMap((part) => {
    const stage = STAGE.exec(part.trim());
    return stage ? [{ label: stage[1], ms: toMs(stage[2], stage[3]) }] : [];
  });
}

const BYTE_UNITS: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3 };

function toBytes(size: string): number | undefined {
  const match = /^([\d.]+)\s*([KMG]i?B|B)$/.exec(size.trim());
  return match && BYTE_UNITS[match[2]] ? Number(match[1]) * BYTE_UNITS[match[2]] : undefined;
}

function toMs(value: string, unit: string): number {
  return Number(value) * (unit === 's' ? 1000 : 1);
}

/** Wall-clock phases. `bundle` runs alongside `pages`, so it is not on the critical path unless it outlasts the first pages. */
export const REPORT_PHASES = ['read sources', 'pages', 'bundle', 'search index', 'link check', 'other'] as const;
export type ReportPhase = (typeof REPORT_PHASES)[number];

/** First matching rule wins; a label that matches none (writing site files) is "other". */
const PHASE_RULES: [RegExp, ReportPhase][] = [
  [/link/i, 'link check'],
  [/search|pagefind/i, 'search index'],
  [/bundle|esbuild|client/i, 'bundle'],
  [/pages|compile|markdown|render/i, 'pages'],
  [/config|read docs|sidebar/i, 'read sources'],
];

export function reportPhase(label: string): ReportPhase {
  return PHASE_RULES.find(([pattern]) => pattern.test(label))?.[1] ?? 'other';
}

export function phaseTotals(summary: BuildSummary): Record<ReportPhase, number> {
  const totals = Object.fromEntries(REPORT_PHASES.map((phase) => [phase, 0])) as Record<ReportPhase, number>;
  for (const stage of summary.stages) totals[reportPhase(stage.label)] += stage.ms;
  return totals;
}
