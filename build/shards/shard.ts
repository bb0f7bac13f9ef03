/**
 * One part of a sharded build (`--shard 3/8`): a stable share of the pages, by a hash of each
 * page's permalink, so the same page lands in the same shard on every machine and in every build.
 * A shard writes its pages, its search index and its manifest (manifest.ts); merge.ts puts the shards
 * together and does what needs the whole site.
 */
import { createHash } from 'node:crypto';
import { ContentError } from '../errors.ts';
import type { RuntimeAssets } from '../output-layout.ts';
import type { SiteSources } from '../site/load.ts';

export interface Shard { index: number; count: number }

/** `3/8` → the third of eight shards. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new ContentError({ rule: 'cli', message: `--shard "${text}" is not a shard`, file: '--shard', fix: 'Pass the shard number and the shard count, as in --shard 3/8 (from 1/8 to 8/8).' });
  }
  return { index, count };
}

export function inShard(permalink: string, { index, count }: Shard): boolean {
  return createHash('sha1').update(permalink).digest().readUInt32BE(0) % count === index - 1;
}

/**
 * What every page of a build shares: the generator, the site data, the client's files, every doc's
 * text and place. Shards built from other sources or by another generator would make a site whose
 * pages do not fit together; the merge refuses them.
 */
export function siteFingerprint(sources: SiteSources, runtime: RuntimeAssets): string {
  const hash = createHash('sha256').update(JSON.stringify([process.env.REDUX_DOCS_GENERATOR_KEY ?? '', sources.site, runtime]));
  for (const doc of [...sources.docs, ...sources.pages]) hash.update(`${doc.sourcePath}\0${doc.permalink}\0${doc.body}\0`);
  return hash.digest('hex');
}
