/**
 * This project's own site (content/docs with site.config.ts), built by the CLI cold (`--no-cache`) and
 * warm (the build cache, nothing changed), beside its floor: the bare Markdown pipeline on the same docs
 * folder (floor.ts). The synthetic corpora measure scaling; this measures the pages readers get.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureFloor, type FloorRun } from './floor.ts';
import { duration, times, type Table } from './format.ts';
import { PROJECT_ROOT, runSiteBuild, type BuildRun } from './measure.ts';
import { median } from './stats.ts';

export interface RealSiteRun { cold: BuildRun[]; warm: BuildRun[]; floors: FloorRun[] }

export interface RealSiteSummary { pages: number; coldMs: number; warmMs: number; floorMs: number; coldCpuMs: number; runs: number }

const DOCS_DIR = path.join(PROJECT_ROOT, 'content/docs');

/** `runs` cold builds, each followed by its floor; then a build that fills the cache and `runs` warm builds. */
export async function measureRealSite(runs: number, log: (line: string) => void): Promise<RealSiteRun> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'redux-docs-bench-site-'));
  const result: RealSiteRun = { cold: [], warm: [], floors: [] };
  try {
    measureFloor(DOCS_DIR); // untimed warm-up pass, as for the corpora
    for (let index = 0; index < runs; index++) {
      result.cold.push(await runSiteBuild([], root, path.join(root, `cold-${index + 1}`)));
      result.floors.push(measureFloor(DOCS_DIR));
    }
    const cacheDir = path.join(root, 'cache');
    await runSiteBuild([], root, path.join(root, 'warm'), cacheDir);
    for (let index = 0; index < runs; index++) result.warm.push(await runSiteBuild([], root, path.join(root, 'warm'), cacheDir));
    const summary = summarizeRealSite(result);
    log(`our site (${summary.pages} pages): cold ${result.cold.map((run) => duration(run.summary.totalMs)).join(', ')}; warm ${result.warm.map((run) => duration(run.summary.totalMs)).join(', ')}; floor ${result.floors.map((floor) => duration(floor.ms)).join(', ')}`);
    return result;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** One row: our site's cold and warm builds beside its floor. */
export function realSiteTable(site: RealSiteSummary): Table {
  return {
    header: ['pages', 'cold build (median)', 'floor (median)', 'cold ÷ floor', 'cold CPU', 'warm build, nothing changed', 'warm ÷ cold', 'runs'],
    rows: [[String(site.pages), duration(site.coldMs), duration(site.floorMs), times(site.coldMs / site.floorMs), duration(site.coldCpuMs), duration(site.warmMs), times(site.warmMs / site.coldMs), String(site.runs)]],
  };
}

export function summarizeRealSite({ cold, warm, floors }: RealSiteRun): RealSiteSummary {
  return {
    pages: cold[0]?.summary.pages ?? 0,
    coldMs: median(cold.map((run) => run.summary.totalMs)) ?? 0,
    warmMs: median(warm.map((run) => run.summary.totalMs)) ?? 0,
    floorMs: median(floors.map((floor) => floor.ms)) ?? 0,
    coldCpuMs: median(cold.map((run) => run.cpuMs)) ?? 0,
    runs: cold.length,
  };
}
