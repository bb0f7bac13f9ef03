/**
 * `npm run build`: the whole site, one stage per line. Doc pages stream through compile, render and
 * write on every core while esbuild bundles the client; what is kept of each page is its link index
 * (and its HTML until Pagefind has it). The output folder is replaced only if every stage succeeds.
 */
import { displayPath } from './fs-utils.ts';
import { bundleRuntime, type RuntimeBundle, type RuntimeInput } from './client/bundle.ts';
import { cachedBundle } from './cache/runtime-cache.ts';
import { GENERATOR_ROOT } from './runtime-modules.ts';
import { throwIfAny, type Warning } from './errors.ts';
import { OutputFolder } from './output/output-folder.ts';
import { assertSafeOutputFolder } from './output/output-guard.ts';
import { completeSite, writeGeneratedPages, writeSharedFiles } from './pipeline/site-step.ts';
import { sitePages, type SitePages } from './pipeline/site-pages.ts';
import type { PageStep } from './pipeline/page-step.ts';
import { ASSETS_DIR, type RuntimeAssets } from './output-layout.ts';
import { renderRedirectPage, themeScript } from './pages/render.tsx';
import { cspHash } from './output/security-headers.ts';
import { workersFor } from './pipeline/workers.ts';
import { writeDocPages } from './pipeline/page-queue.ts';
import { WrittenPages } from './pipeline/written-pages.ts';
import { stopPagefind } from './search/pagefind.ts';
import { SearchIndex } from './search/search-index.ts';
import { SearchCache } from './cache/search-cache.ts';
import { SHARD_MANIFEST, shardManifest } from './shards/manifest.ts';
import { inShard, siteFingerprint, type Shard } from './shards/shard.ts';
import { hashShardFiles } from './shards/shard-files.ts';
import { CompileCache, type BuildCacheOptions } from './cache/compile-cache.ts';
import { EntryStore } from './cache/entry-store.ts';
import { markdownOptions, type SiteOptions, type SiteSources } from './site/load.ts';
import { loadSiteSources } from './pipeline/site-sources.ts';
import { TaskTimer, formatMs } from './task.ts';

export interface BuildOptions extends SiteOptions {
  search?: boolean;
  /** Keep compiled docs between builds (cache/compile-cache.ts); undefined: compile every doc. */
  cache?: BuildCacheOptions;
  /** Build one share of the pages (`--shard 3/8`); shards/merge.ts completes the site from all of them. */
  shard?: Shard;
  /** Pages per search index part (search/search-index.ts); tests make it small. */
  pagesPerSearchPart?: number;
  log?: (line: string) => void;
}

export interface BuildResult {
  pages: number;
  outDir: string;
  /** The site's, its pages' and the link check's (broken links the config lets through). */
  warnings: Warning[];
  timings: TaskTimer['timings'];
  themeScriptHash: string;
  /** Permalinks of the doc pages this build compiled; the rest came from the build cache. */
  compiledPages: string[];
  /** Permalinks of the doc pages this build rendered (the compiled ones among them). */
  renderedPages: string[];
  summary: string;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const timer = new TaskTimer(log);
  const started = performance.now();
  const sources = await loadSiteSources(options, timer);
  const cache = options.cache && openCache(options.cache, sources, log);
  const { shard } = options;
  const sitePageList = sitePages(sources, shard && ((permalink) => inShard(permalink, shard)));
  const docs = sitePageList.docs;
  const { config, paths } = sources;
  assertSafeOutputFolder({ projectRoot: options.projectRoot, ...paths });
  const bundling = timer.background('bundle client', clientBundle({ themeRoot: GENERATOR_ROOT, site: sources.site, generatedCss: sources.generatedCss, siteCss: sources.siteCss, pageStyles: sources.pageStyles, baseUrl: config.baseUrl, minify: true }, cache));
  bundling.catch(() => {}); // awaited below; a content error may come first
  const output = OutputFolder.prepare(paths.outDir);
  try {
    const script = themeScript(config.colorMode);
    const pages = new WrittenPages(output, options.search === false ? undefined : new SearchIndex(output, docs.length, config.baseUrl, cache && searchCache(cache, shard), options.pagesPerSearchPart));
    const step = await timer.run('compile and write pages', () => writeDocs(sources, sitePageList, script, bundling, output, pages, timer, cache ? options.cache : undefined));
    throwIfAny(pages.errors());
    log(pages.threadTimeSummary(1 + workersFor(docs.length)));
    await timer.run('write other pages', async () => writeOtherFiles(sources, sitePageList, await bundling, step, output, pages, shard));
    const linkWarnings = shard ? [] : await completeSite(output, { sources, linkIndex: pages.linkIndex(), themeScript: script, renderRedirectPage }, timer);
    const search = pages.search && await timer.run('index search', () => pages.writeSearchIndex());
    if (shard) await timer.run('write shard manifest', async () => writeShardManifest(output, shard, sources, await bundling, pages));
    output.commit();
    if (cache) log(cacheSummary(options.cache!, pages, search, (await bundling).fromCache));
    const pageCount = pages.linkIndex().length;
    const summary = `Built ${pageCount} pages in ${formatMs(performance.now() - started)} (${timer.summary()}), ${formatBytes(output.bytesWritten)} written to ${displayPath(paths.outDir)}${shard ? ` (shard ${shard.index}/${shard.count})` : ''}`;
    // A shard reports its own docs' warnings; the merge reports the site's (config, sidebars).
    const siteWarnings = shard ? docs.flatMap(({ doc }) => doc.warnings) : sources.warnings;
    return { pages: pageCount, outDir: paths.outDir, warnings: [...siteWarnings, ...pages.warnings(), ...linkWarnings], timings: timer.timings, themeScriptHash: cspHash(script), compiledPages: pages.compiled, renderedPages: pages.rendered, summary };
  } catch (error) {
    output.discard();
    await stopPagefind();
    throw error;
  }
}

/** Every doc page, compiled, rendered and written by whichever thread takes it; returns this thread's page step. */
function writeDocs(sources: SiteSources, { docs }: SitePages, script: string, bundling: Promise<RuntimeBundle>, output: OutputFolder, pages: WrittenPages, timer: TaskTimer, cache: BuildCacheOptions | undefined): Promise<PageStep> {
  const { sidebars, config, site } = sources;
  const setup = { markdown: markdownOptions(sources), config, site, sidebars: sidebars.sidebars, themeScript: script, assetsDir: ASSETS_DIR, outDir: output.dir, cache };
  // The threads need the runtime's URLs, not its files.
  const runtime = bundling.then(({ runtimeUrl, cssUrl, islandUrls }): RuntimeAssets => ({ runtimeUrl, cssUrl, islandUrls }));
  let done = 0;
  return writeDocPages({ tasks: docs, setup, runtime, onWritten: (index, outcome) => {
    timer.progress(++done, docs.length);
    return pages.add(index, outcome);
  } });
}

/** The generated pages and the files every page shares; a shard writes its share of the pages, and the shared files if it is the first. */
async function writeOtherFiles(sources: SiteSources, { generated }: SitePages, bundle: RuntimeBundle, step: PageStep, output: OutputFolder, pages: WrittenPages, shard: Shard | undefined): Promise<void> {
  await writeGeneratedPages(step, generated, pages);
  if (!shard || shard.index === 1) writeSharedFiles(output, bundle.files, step, sources);
}

/** A shard's manifest, written last: it lists the SHA-256 of every file the shard wrote, for the merge to check. */
function writeShardManifest(output: OutputFolder, shard: Shard, sources: SiteSources, bundle: RuntimeBundle, pages: WrittenPages): void {
  const site = siteFingerprint(sources, { runtimeUrl: bundle.runtimeUrl, cssUrl: bundle.cssUrl, islandUrls: bundle.islandUrls });
  output.write(SHARD_MANIFEST, shardManifest(shard, site, pages.linkIndex(), hashShardFiles(output.dir)));
}

function searchCache(cache: CompileCache, shard: Shard | undefined): SearchCache {
  return new SearchCache(cache.store, cache.generatorKey, shard ? `${shard.index}/${shard.count}` : '');
}

/** The client bundle, from the build cache when the theme, the site's data and its CSS are what they were. */
function clientBundle(input: RuntimeInput, cache: CompileCache | undefined): Promise<RuntimeBundle & { fromCache?: boolean }> {
  if (!cache) return bundleRuntime(input);
  const { themeRoot: _, siteCss, ...decides } = input;
  return cachedBundle(cache.store, cache.generatorKey, { ...decides, siteCss: siteCss.css }, siteCss.assets, () => bundleRuntime(input));
}

/** The build cache, or none (one line saying why) when its folder cannot be written. */
function openCache(options: BuildCacheOptions, sources: SiteSources, log: (line: string) => void): CompileCache | undefined {
  try {
    const store = new EntryStore(options.dir);
    store.assertWritable();
    return new CompileCache(store, options.generatorKey, markdownOptions(sources));
  } catch (error) {
    log(`Build cache off: ${displayPath(options.dir)} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); every page is compiled. Pass --no-cache to say so, or --cache-dir with a folder that can be written.`);
    return undefined;
  }
}

/**
 * `Build cache: 80 of 87 doc pages reused (3 rendered again), 7 compiled; 12.3 MiB in node_modules/.cache/…`,
 * after pruning it to its size.
 */
function cacheSummary(options: BuildCacheOptions, pages: WrittenPages, search: { parts: number; reused: number } | undefined, clientReused = false): string {
  const { bytes, removed } = new EntryStore(options.dir).prune(options.maxBytes);
  const total = pages.reused + pages.compiled.length;
  const renderedAgain = pages.rendered.length - pages.compiled.length;
  return `Build cache: ${pages.reused} of ${total} doc pages reused (${renderedAgain} rendered again), ${pages.compiled.length} compiled; ${search ? `search index: ${search.reused} of ${search.parts} parts reused; ` : ''}${clientReused ? 'client bundle reused; ' : ''}${formatBytes(bytes)} in ${displayPath(options.dir)}${removed ? ` (${removed} least recently used entries removed)` : ''}`;
}

function formatBytes(bytes: number): string {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
