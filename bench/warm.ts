/**
 * Rebuilds with the build cache (`--warm N`): one build fills a fresh cache, then the corpus is
 * built again with nothing changed, with one page edited, and with a sidebar label renamed; each is
 * compared with the size's cold build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Corpus } from './corpus.ts';
import { runBuild, type BuildRun } from './measure.ts';

export const WARM_SCENARIOS = ['nothing changed', 'one page changed', 'sidebar label changed'] as const;
export type WarmScenario = (typeof WARM_SCENARIOS)[number];

export interface WarmRun { scenario: WarmScenario; run: BuildRun }

export async function measureWarm(corpus: Corpus, log: (line: string) => void): Promise<WarmRun[]> {
  const cacheDir = path.join(corpus.root, 'build-cache');
  const fill = await runBuild(corpus, path.join(corpus.root, 'out-warm-fill'), cacheDir);
  log(`warm: cache filled by a build of ${(fill.processWallMs / 1000).toFixed(2)} s (${fill.cacheLine})`);
  const runs: WarmRun[] = [];
  for (const [index, scenario] of WARM_SCENARIOS.entries()) {
    change(corpus, scenario);
    const run = await runBuild(corpus, path.join(corpus.root, `out-warm-${index + 1}`), cacheDir);
    log(`warm, ${scenario}: ${(run.processWallMs / 1000).toFixed(2)} s (${run.cacheLine})`);
    runs.push({ scenario, run });
  }
  return runs;
}

function change(corpus: Corpus, scenario: WarmScenario): void {
  if (scenario === 'one page changed') {
    const page = path.join(corpus.docsDir, corpus.pageFiles[Math.floor(corpus.pageFiles.length / 2)]);
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nOne more sentence, written after the cache was filled.\n`);
  }
  if (scenario === 'sidebar label changed') {
    const sidebars = readFileSync(corpus.sidebarsFile, 'utf8');
    writeFileSync(corpus.sidebarsFile, sidebars.replace(/"label": "([^"]+)"/, '"label": "$1, renamed"'));
  }
}
