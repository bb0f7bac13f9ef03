import matter from 'gray-matter';
import { ContentError } from '../errors.ts';

const YAML_NAMES = ['', 'yaml', 'yml'];

/** gray-matter would `eval` a `---js` block: every engine but YAML refuses, in case detection is ever bypassed. */
const refuse = () => {
  throw new Error('only YAML front matter is allowed');
};
const ENGINES = { javascript: refuse, js: refuse, coffee: refuse, coffeescript: refuse, cson: refuse, json: refuse, toml: refuse };

/**
 * Splits a Markdown file into its YAML front matter and its body. Front matter is data, never code: a
 * fence naming another language (`---js`) is an error, as a stranger's pull request could run code with it.
 */
export function parseFrontMatter(text: string, file: string): { data: Record<string, unknown>; content: string } {
  const language = text.startsWith('---') ? matter.language(text).name : '';
  if (!YAML_NAMES.includes(language.toLowerCase())) {
    throw new ContentError({ rule: 'front-matter', message: `front matter in "${language}" is not allowed`, file, line: 1, fix: 'Write the front matter as YAML between two --- lines.' });
  }
  let parsed: { data: Record<string, unknown>; content: string };
  try {
    const head = frontMatterHead(text);
    // The options object also stops gray-matter from caching by content, which would share `data` objects.
    const { data, content } = matter(head, { engines: ENGINES });
    parsed = { data, content: content + text.slice(head.length) };
  } catch (error) {
    const yamlError = error as { reason?: string; mark?: { line: number } };
    // gray-matter hands js-yaml the text from the end of the opening `---`, newline included, so the
    // parser's 0-based line 1 is the file's line 2.
    const line = yamlError.mark ? yamlError.mark.line + 1 : 1;
    throw new ContentError({ rule: 'front-matter', message: `malformed front matter: ${yamlError.reason ?? (error as Error).message}`, file, line, fix: 'Fix the YAML between the --- lines (quote values that contain ": " or start with a special character).' });
  }
  if (repeatsACollection(parsed.data)) {
    const line = text.split('\n').findIndex((source) => /(^|[\s:,[{-])\*[^\s,\]}]+/.test(source));
    throw new ContentError({ rule: 'front-matter', message: 'front matter reuses a list or map through a YAML alias (*name)', file, line: line + 1, fix: 'Write the values out: aliases of lists and maps are refused, as nested ones expand exponentially ("billion laughs").' });
  }
  return parsed;
}

/**
 * The text up to the end of the front matter's closing `---` line, as gray-matter finds it (the first
 * `\n---` after the opening one), or the whole text. gray-matter gets only this: it looks its input up
 * as a property key of its cache even when told not to cache, and V8 copies a string it is keyed by
 * (~80 µs for a 5 KB page: 0.8 s of 10,000 docs). The body is the rest, as gray-matter would cut it.
 */
function frontMatterHead(text: string): string {
  const close = text.startsWith('---') ? text.indexOf('\n---', 3) : -1;
  if (close === -1) return text.startsWith('---') ? text : '';
  let end = close + '\n---'.length;
  if (text[end] === '\r') end++;
  if (text[end] === '\n') end++;
  return text.slice(0, end);
}

/** A YAML alias of a list or map parses to the same object twice; a walk that meets one twice stops there. */
export function repeatsACollection(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (seen.has(value)) return true;
  seen.add(value);
  return Object.values(value).some((child) => repeatsACollection(child, seen));
}
