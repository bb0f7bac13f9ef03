/**
 * `__shard.json`: what a shard tells the merge. Which shard it is, what it was built from, the links and
 * anchors of its pages, and the SHA-256 of every file it wrote, so the merge takes exactly those files.
 * The merge reads it as untrusted input: a manifest of the wrong shape is one error naming the shard.
 */
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { ContentError } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import type { PageLinkIndex } from '../links/checker.ts';
import { describeIssue, describeValue } from '../site/schema-issues.ts';
import type { Shard } from './shard.ts';

export const SHARD_MANIFEST = '__shard.json';

/** The fix for a shard folder that is not as its build left it. */
export const REBUILD_SHARD = 'Build this shard again (`npm run build -- --shard K/N`) and pass its --out folder as the build left it.';

const count = v.pipe(v.number(), v.integer('Use a whole number.'), v.minValue(1, 'Use 1 or more.'));
const SOURCE_LINK = v.object({ url: v.string(), line: v.optional(v.number()), file: v.optional(v.string()), includedAt: v.optional(v.number()), missingMarkdown: v.optional(v.literal(true)) });

const MANIFEST_SCHEMA = v.object({
  shard: v.pipe(v.object({ index: count, count }), v.check(({ index, count }) => index <= count, 'The shard number is at most the shard count.')),
  site: v.string(),
  // Every field of PageLinkIndex: one left out here would be dropped from the merged site (pagesOfManifest's type says so).
  pages: v.array(v.object({ permalink: v.string(), sourceFile: v.optional(v.string()), ids: v.array(v.string()), hrefs: v.array(v.string()), frames: v.array(v.string()), styles: v.array(v.string()), sourceLinks: v.array(SOURCE_LINK) })),
  /** Each file below the shard's folder (but the manifest), by its path with `/`: the SHA-256 of its bytes, in hex. */
  files: v.record(v.string(), v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'Use a SHA-256 in hex.'))),
});

export type ShardManifest = v.InferOutput<typeof MANIFEST_SCHEMA>;

export function shardManifest(shard: Shard, site: string, pages: PageLinkIndex[], files: Record<string, string>): string {
  return JSON.stringify({ shard, site, pages: pages.map((page) => ({ ...page, ids: [...page.ids] })), files } satisfies ShardManifest);
}

export function pagesOfManifest(manifest: ShardManifest): PageLinkIndex[] {
  return manifest.pages.map((page) => ({ ...page, ids: new Set(page.ids) }));
}

/** The manifest of the shard folder `dir`; one error naming it when there is none, or it is not one a shard build writes. */
export function readShardManifest(dir: string): ShardManifest {
  const file = path.join(dir, SHARD_MANIFEST);
  // A link is not what a shard build writes: what it leads to is not read.
  if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) {
    throw new ContentError({ rule: 'shards', message: 'is not the output of a shard build (it has no __shard.json)', file: displayPath(dir), fix: 'Pass the --out folders of `npm run build -- --shard K/N`, one for each K.' });
  }
  const problem = (what: string) => new ContentError({ rule: 'shards', message: `the shard manifest ${what}`, file: displayPath(file), fix: REBUILD_SHARD });
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw problem('is not valid JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw problem(`must be an object, not ${describeValue(data)}`);
  const result = v.safeParse(MANIFEST_SCHEMA, data);
  if (!result.success) {
    const { path: field, problem: wrong } = describeIssue(result.issues[0], MANIFEST_SCHEMA, '');
    throw problem(field ? `"${field}" ${wrong}` : wrong);
  }
  const outside = Object.keys(result.output.files).find((listed) => !isPathBelow(listed));
  if (outside !== undefined) throw problem(`lists ${JSON.stringify(outside)}, which is not a path below the shard folder`);
  return result.output;
}

/** `a/b.html`: a path of segments, none empty, `.` or `..`. */
function isPathBelow(file: string): boolean {
  return file.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'));
}
