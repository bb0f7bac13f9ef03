/**
 * The client bundle kept between builds. It is made of the theme (the generator's own sources, which the
 * generator key covers) and the site's data and CSS, never of a page, so a build whose config, navbar,
 * footer and CSS did not change takes its files from here instead of running esbuild again. The files the
 * site's CSS copies (fonts, images) are not kept: every build reads them anyway.
 */
import type { RuntimeAssets } from '../output-layout.ts';
import type { Entries } from './entries.ts';
import { entryKey } from './entry-store.ts';

export interface CachedBundle extends RuntimeAssets {
  /** Output files, path relative to the output folder → contents. */
  files: Map<string, Uint8Array>;
}

interface Entry extends RuntimeAssets { files: [string, string][] }

/**
 * The bundle for `inputs` (anything JSON that decides it), from the cache or made by `make` and kept;
 * `passedThrough`: files of the bundle that are inputs of it, left out of the entry and put back.
 */
export async function cachedBundle<T extends CachedBundle>(
  store: Entries, generatorKey: string, inputs: unknown, passedThrough: Map<string, Uint8Array>, make: () => Promise<T>,
): Promise<CachedBundle & { fromCache: boolean }> {
  const key = entryKey(`client bundle\n${generatorKey}\n${JSON.stringify(inputs)}`);
  const kept = store.read<Entry>(key);
  if (kept) {
    const files = new Map([...kept.files.map(([file, base64]): [string, Uint8Array] => [file, Buffer.from(base64, 'base64')]), ...passedThrough]);
    return { runtimeUrl: kept.runtimeUrl, cssUrl: kept.cssUrl, islandUrls: kept.islandUrls, files, fromCache: true };
  }
  const bundle = await make();
  const own = [...bundle.files].filter(([file]) => !passedThrough.has(file)).map(([file, bytes]): [string, string] => [file, Buffer.from(bytes).toString('base64')]);
  store.write(key, { runtimeUrl: bundle.runtimeUrl, cssUrl: bundle.cssUrl, islandUrls: bundle.islandUrls, files: own } satisfies Entry);
  return { ...bundle, fromCache: false };
}
