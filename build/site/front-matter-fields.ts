/**
 * The front matter fields the generator reads, checked by a schema. A key it does not read is kept
 * (Docusaurus plugins read their own) and warned about, unless a common plugin reads it. The line of a
 * bad field is the line its key is on.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { ContentError, contentError, type Warning } from '../errors.ts';
import { climbsOut, fileOnDisk } from '../output-layout.ts';
import { describeIssue } from './schema-issues.ts';

const tocLevel = v.pipe(v.number(), v.integer('Use a heading level from 2 to 6.'), v.minValue(2, 'Use a heading level from 2 to 6.'), v.maxValue(6, 'Use a heading level from 2 to 6.'));

const FRONT_MATTER_SCHEMA = v.looseObject({
  id: v.optional(v.string()),
  title: v.optional(v.string()),
  sidebar_label: v.optional(v.string()),
  sidebar_position: v.optional(v.number()),
  sidebar_class_name: v.optional(v.string()),
  sidebar_custom_props: v.optional(v.record(v.string(), v.unknown())),
  slug: v.optional(v.string()),
  description: v.optional(v.string()),
  hide_title: v.optional(v.boolean()),
  hide_table_of_contents: v.optional(v.boolean()),
  toc_min_heading_level: v.optional(tocLevel),
  toc_max_heading_level: v.optional(tocLevel),
  keywords: v.optional(v.array(v.string())),
  image: v.optional(v.string()),
  draft: v.optional(v.boolean()),
  unlisted: v.optional(v.boolean()),
  pagination_label: v.optional(v.string()),
  pagination_next: v.optional(v.nullable(v.string())),
  pagination_prev: v.optional(v.nullable(v.string())),
  custom_edit_url: v.optional(v.nullable(v.string())),
});

/**
 * Keys that Docusaurus itself or its common plugins read and this generator does not act on: they
 * are kept without a warning, as a folder written for Docusaurus carries them.
 */
export const PLUGIN_FRONT_MATTER_KEYS = [
  'tags', 'last_update', 'displayed_sidebar', 'sidebar_key', 'parse_number_prefixes', // plugin-content-docs
  'authors', 'author', 'date', // plugin-content-blog, in docs copied from a blog
  'toc', 'wrapperClassName', // theme and MDX conventions
];

const KNOWN_KEYS = new Set([...Object.keys(FRONT_MATTER_SCHEMA.entries), ...PLUGIN_FRONT_MATTER_KEYS]);

export type DocFrontMatter = v.InferOutput<typeof FRONT_MATTER_SCHEMA>;

/** The checked front matter, and a warning for each key neither the generator nor a common plugin reads. */
export function validateFrontMatter(data: Record<string, unknown>, file: string): { frontMatter: DocFrontMatter; warnings: Warning[] } {
  const result = v.safeParse(FRONT_MATTER_SCHEMA, data);
  if (!result.success) {
    const errors = result.issues.map((issue) => {
      const { path, problem, fix } = describeIssue(issue, FRONT_MATTER_SCHEMA, 'Remove it.');
      return new ContentError({ rule: 'front-matter', message: `front matter "${path}" ${problem}`, file, line: frontMatterLine(path.split('.')[0], file), fix });
    });
    throw contentError(errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  }
  const frontMatter = result.output;
  checkValues(frontMatter, file);
  return { frontMatter, warnings: unknownKeys(data, file) };
}

/** A slug that would climb out of the docs (`..`, also percent-encoded), wherever it is written. */
export const DOT_DOT_SLUG_FIX = 'Write the slug as a path from the docs root without "..", for example "/guides/setup".';

function checkValues(frontMatter: DocFrontMatter, file: string): void {
  const { id, slug, toc_min_heading_level: min, toc_max_heading_level: max } = frontMatter;
  if (id !== undefined && fileOnDisk(id).includes('/')) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "id" must not contain "/" (got "${id}")`, file, line: frontMatterLine('id', file), fix: 'Use the file name part only; the folder is added automatically.' });
  }
  if (slug !== undefined && !/^[\w\-./~%]*$/.test(slug)) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "slug" "${slug}" is not a valid URL path`, file, line: frontMatterLine('slug', file), fix: 'Use letters, digits, "-", "_", "." and "/" only, for example "/tutorials/index" or "my-page".' });
  }
  if (slug !== undefined && climbsOut(slug)) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "slug" "${slug}" has a ".." segment`, file, line: frontMatterLine('slug', file), fix: DOT_DOT_SLUG_FIX });
  }
  checkUrls(frontMatter, file);
  if (min !== undefined && max !== undefined && min > max) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "toc_min_heading_level" (${min}) is above "toc_max_heading_level" (${max})`, file, line: frontMatterLine('toc_min_heading_level', file), fix: 'Make the minimum level lower than or equal to the maximum.' });
  }
}

/** Both end up in an attribute of every reader's page: a `javascript:` URL there would run. */
function checkUrls({ custom_edit_url: editUrl, image }: DocFrontMatter, file: string): void {
  if (editUrl && !/^https?:\/\//i.test(editUrl)) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "custom_edit_url" "${editUrl}" is not an http(s) URL`, file, line: frontMatterLine('custom_edit_url', file), fix: 'Use an absolute https:// address, or null for no "Edit this page" link.' });
  }
  if (image !== undefined && !/^(https?:\/\/|\/(?!\/))/i.test(image)) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "image" "${image}" is not a path on the site or an http(s) URL`, file, line: frontMatterLine('image', file), fix: 'Use a path such as "/img/card.png" (from the static folder) or an absolute https:// address.' });
  }
}

function unknownKeys(data: Record<string, unknown>, file: string): Warning[] {
  return Object.keys(data).filter((key) => !KNOWN_KEYS.has(key)).map((key) => ({
    rule: 'front-matter/unknown-key',
    file,
    line: frontMatterLine(key, file),
    message: `front matter "${key}" is not a field this generator reads; it is ignored`,
    fix: 'Remove it, or correct its spelling (docs/authoring.md lists the fields).',
  }));
}

export function frontMatterLine(key: string, file: string): number | undefined {
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1;
}
