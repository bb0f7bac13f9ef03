/**
 * The front matter fields the generator reads, checked by a schema; any other field is kept as the
 * author wrote it (Docusaurus plugins read their own). The line of a bad field is the line its key is on.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { ContentError, contentError } from '../errors.ts';
import { describeIssue } from './schema-issues.ts';

const FRONT_MATTER_SCHEMA = v.looseObject({
  id: v.optional(v.string()),
  title: v.optional(v.string()),
  sidebar_label: v.optional(v.string()),
  slug: v.optional(v.string()),
  description: v.optional(v.string()),
  hide_title: v.optional(v.boolean()),
  hide_table_of_contents: v.optional(v.boolean()),
  keywords: v.optional(v.array(v.string())),
});

export type DocFrontMatter = v.InferOutput<typeof FRONT_MATTER_SCHEMA>;

export function validateFrontMatter(data: Record<string, unknown>, file: string): DocFrontMatter {
  const result = v.safeParse(FRONT_MATTER_SCHEMA, data);
  if (!result.success) {
    throw contentError(result.issues.map((issue) => {
      const { path, problem, fix } = describeIssue(issue, FRONT_MATTER_SCHEMA, 'Remove it.');
      return new ContentError({ rule: 'front-matter', message: `front matter "${path}" ${problem}`, file, line: frontMatterLine(path.split('.')[0], file), fix });
    }));
  }
  const frontMatter = result.output;
  const { id, slug } = frontMatter;
  if (id?.includes('/')) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "id" must not contain "/" (got "${id}")`, file, line: frontMatterLine('id', file), fix: 'Use the file name part only; the folder is added automatically.' });
  }
  if (slug !== undefined && !/^[\w\-./~%]*$/.test(slug)) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "slug" "${slug}" is not a valid URL path`, file, line: frontMatterLine('slug', file), fix: 'Use letters, digits, "-", "_", "." and "/" only, for example "/tutorials/index" or "my-page".' });
  }
  if (slug?.split('/').includes('..')) {
    throw new ContentError({ rule: 'front-matter', message: `front matter "slug" "${slug}" has a ".." segment`, file, line: frontMatterLine('slug', file), fix: 'Write the slug as a path from the docs root without "..", for example "/guides/setup".' });
  }
  return frontMatter;
}

function frontMatterLine(key: string, file: string): number | undefined {
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  return index === -1 ? undefined : index + 1;
}
