/**
 * Author files read as data, never run: `_category_` files and a sidebars file in JSON or YAML. YAML is
 * parsed by gray-matter's own js-yaml (already here for front matter; its safe schema constructs no
 * functions or classes); as in front matter, aliases of lists and maps are refused.
 */
import matter from 'gray-matter';
import { ContentError } from '../errors.ts';
import { repeatsACollection } from '../markdown/front-matter.ts';

/** How messages name the file: its display path, the rule, and what it is (`the category file`). */
export interface DataFileNaming { file: string; rule: string; kind: string }

export function isDataFile(file: string): boolean {
  return /\.(json|ya?ml)$/.test(file);
}

/** The value of a `.json`, `.yml` or `.yaml` file's text; a syntax error is one error at its line. */
export function parseDataFile(name: string, text: string, naming: DataFileNaming): unknown {
  return name.endsWith('.json') ? parseJson(text, naming) : parseYaml(text, naming);
}

function parseJson(text: string, { file, rule }: DataFileNaming): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    // V8 quotes a stretch of the file after the first comma ("Unexpected token 'r', "root:x:0"... is not valid JSON"): not repeated.
    const reason = (error as Error).message.replace(/, ".*$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    throw new ContentError({ rule, message: `invalid JSON: ${reason}`, file, line, fix: 'Fix the JSON syntax.' });
  }
}

const yaml = (matter as unknown as { engines: { yaml: { parse(text: string): unknown } } }).engines.yaml;

function parseYaml(text: string, { file, rule, kind }: DataFileNaming): unknown {
  let data: unknown;
  try {
    data = yaml.parse(text);
  } catch (error) {
    const yamlError = error as { reason?: string; mark?: { line: number } };
    throw new ContentError({ rule, message: `malformed YAML: ${yamlError.reason ?? (error as Error).message}`, file, line: yamlError.mark ? yamlError.mark.line + 1 : undefined, fix: 'Fix the YAML (quote values that contain ": " or start with a special character).' });
  }
  if (repeatsACollection(data)) {
    const line = text.split('\n').findIndex((source) => /(^|[\s:,[{-])\*[^\s,\]}]+/.test(source));
    throw new ContentError({ rule, message: `${kind} reuses a list or map through a YAML alias (*name)`, file, line: line + 1, fix: 'Write the values out: aliases of lists and maps are refused, as nested ones expand exponentially ("billion laughs").' });
  }
  return data;
}
