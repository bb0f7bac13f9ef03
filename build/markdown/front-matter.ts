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
    throw new ContentError(`front matter in "${language}" is not allowed`, file, 1, 'Write the front matter as YAML between two --- lines.');
  }
  try {
    // The options object also stops gray-matter from caching by content, which would share `data` objects.
    return matter(text, { engines: ENGINES });
  } catch (error) {
    const yamlError = error as { reason?: string; mark?: { line: number } };
    const line = yamlError.mark ? yamlError.mark.line + 2 : 1;
    throw new ContentError(`malformed front matter: ${yamlError.reason ?? (error as Error).message}`, file, line,
      'Fix the YAML between the --- lines (quote values that contain ": " or start with a special character).');
  }
}
