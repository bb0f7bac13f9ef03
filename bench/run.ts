/**
 * `npm run bench -- --pages N[,N…] [--runs R] [--write-docs]`: generates a synthetic corpus per size,
 * builds it R times with the real CLI in a child process, measures the bare-unified floor in this
 * process, and prints medians per phase, throughput, peak RSS and the ratio to the floor.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseBenchArgs, WATCH_EDITS, type BenchOptions } from './args.ts';
import { generateCorpus } from './corpus.ts';
import { measureFloor, type FloorRun } from './floor.ts';
import { duration, mebibytes, textTable } from './format.ts';
import { describeMachine, formatMachine } from './machine.ts';
import { ensureDocusaurus, runDocusaurus, type DocusaurusRun } from './docusaurus.ts';
import { firstLoadJsBytes } from './first-load.ts';
import { hasGnuTime, runBuild, type BuildRun } from './measure.ts';
import { writePerformanceDoc } from './performance-doc.ts';
import { comparisonTable, scalingTable, sizeTable, sizesTable, stagesTable, shardedTable, warmTable } from './report.ts';
import { summarize, type SizeSummary } from './results.ts';
import { measureWatch, type WatchRun } from './watch.ts';
import { measureWarm, type WarmRun } from './warm.ts';
import { measureSharded, type ShardedRun } from './sharded.ts';
import { measureRealSite, realSiteTable, summarizeRealSite, type RealSiteSummary } from './real-site.ts';

async function main(options: BenchOptions): Promise<void> {
  const started = performance.now();
  const machine = describeMachine();
  console.log(`Machine: ${formatMachine(machine)}`);
  console.log(`Peak RSS from: ${hasGnuTime() ? '/usr/bin/time -v' : '/proc VmHWM sampling (/usr/bin/time -v not available)'}`);
  if (options.docusaurusSizes.length > 0) ensureDocusaurus();
  let site: RealSiteSummary | undefined;
  if (options.site) {
    console.log('\n== Our own site ==');
    site = summarizeRealSite(await measureRealSite(options.sizes[0].runs, console.log));
    console.log(textTable(realSiteTable(site)));
  }
  const summaries: SizeSummary[] = [];
  for (const size of options.sizes) {
    summaries.push(await benchSize(size.pages, size.runs, options));
  }
  console.log(`\n== First-load JavaScript, watch mode, Docusaurus ==\n${textTable(comparisonTable(summaries))}`);
  if (summaries.some((summary) => summary.warm)) console.log(`\n== Rebuilds with the build cache ==\n${textTable(warmTable(summaries))}`);
  if (summaries.some((summary) => summary.sharded)) console.log(`\n== Sharded builds ==\n${textTable(shardedTable(summaries))}`);
  if (summaries.length > 1) {
    console.log(`\n== All sizes (medians) ==\n${textTable(sizesTable(summaries))}`);
    console.log(`\n== Scaling against N ==\n${textTable(scalingTable(summaries))}`);
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\nBenchmark took ${minutes.toFixed(1)} min.`);
  if (options.writeDocs) {
    const runCounts = [...new Set(options.sizes.map((size) => size.runs))];
    const runsFlag = runCounts.length === 1 ? runCounts[0] : options.sizes.map((size) => size.runs).join(',');
    const extras = [
      options.watchSizes.length > 0 ? `--watch ${options.watchSizes.join(',')}` : '',
      options.docusaurusSizes.length > 0 ? `--docusaurus ${options.docusaurusSizes.join(',')}` : '',
      options.warmSizes.length > 0 ? `--warm ${options.warmSizes.join(',')}` : '',
      options.shardedSizes.length > 0 ? `--sharded ${options.shardedSizes.join(',')}` : '',
      options.site ? '--site' : '',
    ].filter(Boolean);
    const command = `npm run bench -- --pages ${options.sizes.map((size) => size.pages).join(',')} --runs ${runsFlag} ${[...extras, '--write-docs'].join(' ')}`;
    const file = writePerformanceDoc({ summaries, site, machine, seed: options.seed, command, benchMinutes: minutes });
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  }
}

async function benchSize(pages: number, runCount: number, options: BenchOptions): Promise<SizeSummary> {
  const generated = performance.now();
  const corpus = generateCorpus(pages, options.seed);
  console.log(`\n== ${pages} pages, ${runCount} run${runCount === 1 ? '' : 's'} ==`);
  console.log(`Corpus: ${corpus.root} (${(corpus.bytes / 1024 / 1024).toFixed(1)} MiB of Markdown, ${corpus.wordsPerPage} words a page, generated in ${duration(performance.now() - generated)})`);
  const runs: BuildRun[] = [];
  const floors: FloorRun[] = [];
  let firstLoadJs = { raw: 0, gzip: 0 };
  let watch: WatchRun | undefined;
  let docusaurus: DocusaurusRun | undefined;
  let warm: WarmRun[] | undefined;
  let sharded: ShardedRun | undefined;
  let outDir = '';
  try {
    measureFloor(corpus.docsDir); // untimed warm-up pass: the floor is the warm, best case
    for (let index = 0; index < runCount; index++) {
      outDir = path.join(corpus.root, `out-${index + 1}`);
      const run = await runBuild(corpus, outDir);
      const floor = measureFloor(corpus.docsDir);
      runs.push(run);
      floors.push(floor);
      console.log(`run ${index + 1}: build ${duration(run.summary.totalMs)} (process ${duration(run.processWallMs)}, CPU ${duration(run.cpuMs)}), peak RSS ${mebibytes(run.peakRssKiB)}, floor ${duration(floor.ms)} for ${floor.files} files, load before ${run.loadBefore.toFixed(2)}`);
    }
    // The same page at every size: the first page below a category (the corpus is generated in order).
    firstLoadJs = firstLoadJsBytes(outDir, `${corpus.pageFiles[1].replace(/\.md$/, '')}/index.html`);
    if (options.watchSizes.includes(pages)) {
      watch = await measureWatch(corpus, WATCH_EDITS);
      console.log(`watch mode: first build served after ${duration(watch.firstBuildMs)}; save → reload ${watch.editToReloadMs.map((ms) => Math.round(ms)).join(', ')} ms`);
    }
    if (options.warmSizes.includes(pages)) warm = await measureWarm(corpus, console.log);
    if (options.shardedSizes.includes(pages)) sharded = await measureSharded(corpus, console.log);
    if (options.docusaurusSizes.includes(pages)) {
      docusaurus = await runDocusaurus(corpus);
      console.log(`Docusaurus ${duration(docusaurus.wallMs)}, peak RSS ${mebibytes(docusaurus.peakRssKiB)}, CPU ${duration(docusaurus.cpuMs)}`);
    }
  } finally {
    if (!options.keep) rmSync(corpus.root, { recursive: true, force: true });
  }
  const result = { corpus, runs, floors, firstLoadJs, watch, docusaurus, warm, sharded };
  const summary = summarize(result);
  console.log(`\n${textTable(sizeTable(result, summary))}`);
  console.log(`\n${textTable(stagesTable(summary))}`);
  return summary;
}

let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exit(2);
}
main(options).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
