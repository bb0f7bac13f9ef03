/**
 * `npm run build -- --merge DIR…`: the folders of every shard of a sharded build become one site.
 * Pages and assets are hard-linked from the shards' folders (copied across file systems), each shard's
 * search index keeps its own folder and the first one's lists the others (`pagefind/shards.json`,
 * which the search merges with Pagefind's mergeIndex), and what needs every page is done here: the
 * site files (sitemap, llms.txt, link sources, `_headers`) and the link check over all shards.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { completeSite } from '../pipeline/site-step.ts';
import { pageOrder, sitePages } from '../pipeline/site-pages.ts';
import { ContentError, throwIfAny, type Warning } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import { OutputFolder } from '../output/output-folder.ts';
import { assertSafeOutputFolder } from '../output/output-guard.ts';
import { renderRedirectPage, themeScript } from '../pages/render.tsx';
import { cspHash } from '../output/security-headers.ts';
import { SEARCH_DIR, SEARCH_SHARDS_LIST, searchShardDir } from '../../src/shared/search.ts';
import type { SiteOptions, SiteSources } from '../site/load.ts';
import { loadSiteSources } from '../pipeline/site-sources.ts';
import { formatMs, TaskTimer } from '../task.ts';
import { pagesOfManifest, readShardManifest, REBUILD_SHARD, type ShardManifest } from './manifest.ts';
import { checkShardFiles } from './shard-files.ts';

export interface MergeResult { pages: number; warnings: Warning[]; themeScriptHash: string; summary: string }

interface ShardFolder { dir: string; manifest: ShardManifest }

/** The site the shards were built from, and where they are: the merge loads the site itself, for its site files and link check. */
export interface MergeOptions extends SiteOptions {
  shardDirs: string[];
  log?: (line: string) => void;
}

export async function mergeShards(options: MergeOptions): Promise<MergeResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const timer = new TaskTimer(log);
  const started = performance.now();
  const shards = readShards(options.shardDirs);
  await timer.run('check shard files', () => throwIfAny(shards.flatMap(({ dir, manifest }) => checkShardFiles(dir, manifest.files))));
  const sources = await loadSiteSources(options, timer);
  assertSafeOutputFolder({ projectRoot: options.projectRoot, ...sources.paths });
  const output = OutputFolder.prepare(sources.paths.outDir);
  try {
    await timer.run('copy shards', () => copyShards(shards, output));
    const linkIndex = inSiteOrder(shards.flatMap(({ manifest }) => pagesOfManifest(manifest)), sources);
    const script = themeScript(sources.config.colorMode);
    const linkWarnings = await completeSite(output, { sources, linkIndex, themeScript: script, renderRedirectPage }, timer);
    output.commit();
    const summary = `Merged ${shards.length} shards: ${linkIndex.length} pages in ${formatMs(performance.now() - started)} (${timer.summary()}), ${displayPath(sources.paths.outDir)} holds ${output.listFiles().size} files`;
    const docWarnings = new Set([...sources.docs, ...sources.pages].flatMap((doc) => doc.warnings)); // each shard reported its docs' and pages'
    return { pages: linkIndex.length, warnings: [...sources.warnings.filter((warning) => !docWarnings.has(warning)), ...linkWarnings], themeScriptHash: cspHash(script), summary };
  } catch (error) {
    output.discard();
    throw error;
  }
}

/** Every shard's folder and manifest, in shard order; all of one build, none missing. */
function readShards(dirs: string[]): ShardFolder[] {
  const shards = dirs.map((dir) => ({ dir, manifest: readShardManifest(dir) })).sort((a, b) => a.manifest.shard.index - b.manifest.shard.index);
  const count = shards[0]?.manifest.shard.count ?? 0;
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !shards.some(({ manifest }) => manifest.shard.index === index));
  const duplicate = shards.find((shard, index) => index > 0 && shard.manifest.shard.index === shards[index - 1].manifest.shard.index);
  const mixed = shards.find(({ manifest }) => manifest.shard.count !== count);
  const foreign = shards.find(({ manifest }) => manifest.site !== shards[0].manifest.site);
  const problem = mixed ? `${displayPath(mixed.dir)} is shard ${mixed.manifest.shard.index}/${mixed.manifest.shard.count}, not one of ${count}`
    : foreign ? `${displayPath(foreign.dir)} was built from other sources than ${displayPath(shards[0].dir)} (the docs, the config or the generator differ)`
    : duplicate ? `shard ${duplicate.manifest.shard.index}/${count} is given twice` : missing.length > 0 ? `shard ${missing.map((index) => `${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing` : undefined;
  if (problem) throw new ContentError({ rule: 'shards', message: problem, file: '--merge', fix: `Pass the output folder of every shard, 1/${count} to ${count}/${count}, once each.` });
  return shards;
}

/**
 * Pages and assets as the shards wrote them, each file its manifest lists (checked: shard-files.ts); no
 * two write the same file: each page is in one shard, the shared files in the first. Shard K's search
 * index goes to pagefind/shards/K/. Hard links: at 10,000 pages, copying the 72,000 files took 11.6 s,
 * mostly allocating their inodes.
 */
function copyShards(shards: ShardFolder[], output: OutputFolder): void {
  const searchShards: string[] = [];
  for (const { dir, manifest: { shard, files } } of shards) {
    for (const file of Object.keys(files).sort()) {
      if (file === `${SEARCH_DIR}/${SEARCH_SHARDS_LIST}`) continue;
      const target = shard.index > 1 && file.startsWith(`${SEARCH_DIR}/`) ? `${SEARCH_DIR}/${searchShardDir(shard.index)}${file.slice(SEARCH_DIR.length + 1)}` : file;
      output.linkOrCopyFile(path.join(dir, file), target);
    }
    searchShards.push(...searchBundlesOf(dir, shard.index));
  }
  if (existsSync(path.join(shards[0].dir, SEARCH_DIR))) output.write(`${SEARCH_DIR}/${SEARCH_SHARDS_LIST}`, JSON.stringify(searchShards));
}

/** A shard's search bundles as the merged site's pagefind/shards.json lists them: its own (but the first's, which is pagefind/) and its index parts. */
function searchBundlesOf(dir: string, index: number): string[] {
  const list = path.join(dir, SEARCH_DIR, SEARCH_SHARDS_LIST);
  if (!existsSync(list)) return [];
  const folder = index > 1 ? searchShardDir(index) : '';
  const parts = searchPartsIn(list).map((part) => folder + part);
  return index > 1 ? [folder, ...parts] : parts;
}

/** The index parts a shard's search list names (`parts/1/`, …), the only entries its build writes there: the browser loads what the merged list names. */
function searchPartsIn(list: string): string[] {
  let parts: unknown;
  try {
    parts = JSON.parse(readFileSync(list, 'utf8'));
  } catch {
    parts = undefined;
  }
  if (Array.isArray(parts) && parts.every((part) => typeof part === 'string' && /^parts\/[1-9]\d*\/$/.test(part))) return parts;
  throw new ContentError({ rule: 'shards', message: 'is not a list of search index parts', file: displayPath(list), fix: REBUILD_SHARD });
}

/** The order a single build lists its pages in (pipeline/site-pages.ts). */
function inSiteOrder(pages: PageLinkIndex[], sources: SiteSources): PageLinkIndex[] {
  const order = pageOrder(sitePages(sources));
  return pages.sort((a, b) => (order.get(a.permalink) ?? Infinity) - (order.get(b.permalink) ?? Infinity));
}
