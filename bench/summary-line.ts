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
}

const SUMMARY = /^Built (\d+) pages? in ([\d.]+)\s*(ms|s) \((.*)\)(?:, (.+?) written to .*)?$/;
const STAGE = /^(.+?)\s+([\d.]+)\s*(ms|s)$/;

export function parseSummaryLine(output: string): BuildSummary | undefined {
  for (const line of output.split('\n').reverse()) {
    const match = SUMMARY.exec(line.trim());
    if (!match) continue;
    const stages = match[4].split(/,\s*/).flatMap((part) => {
      const stage = STAGE.exec(part.trim());
      return stage ? [{ label: stage[1], ms: toMs(stage[2], stage[3]) }] : [];
    });
    return { pages: Number(match[1]), totalMs: toMs(match[2], match[3]), stages, written: match[5], writtenBytes: match[5] ? toBytes(match[5]) : undefined };
  }
  return undefined;
}

const BYTE_UNITS: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, KB: 1000, MB: 1000 ** 2, GB: 1000 ** 3 };

function toBytes(size: string): number | undefined {
  const match = /^([\d.]+)\s*([KMG]i?B|B)$/.exec(size.trim());
  return match && BYTE_UNITS[match[2]] ? Number(match[1]) * BYTE_UNITS[match[2]] : undefined;
}

function toMs(value: string, unit: string): number {
  return Number(value) * (unit === 's' ? 1000 : 1);
}

export const REPORT_PHASES = ['parse/compile', 'render/write', 'bundle', 'search index', 'link check', 'other'] as const;
export type ReportPhase = (typeof REPORT_PHASES)[number];

/** First matching rule wins; a label that matches none (load config, resolve sidebars) is "other". */
const PHASE_RULES: [RegExp, ReportPhase][] = [
  [/link/i, 'link check'],
  [/search|pagefind/i, 'search index'],
  [/bundle|esbuild|client/i, 'bundle'],
  [/render|write|output|page/i, 'render/write'],
  [/compile|markdown|parse|read docs|highlight/i, 'parse/compile'],
];

export function reportPhase(label: string): ReportPhase {
  return PHASE_RULES.find(([pattern]) => pattern.test(label))?.[1] ?? 'other';
}

export function phaseTotals(summary: BuildSummary): Record<ReportPhase, number> {
  const totals = Object.fromEntries(REPORT_PHASES.map((phase) => [phase, 0])) as Record<ReportPhase, number>;
  for (const stage of summary.stages) totals[reportPhase(stage.label)] += stage.ms;
  return totals;
}
