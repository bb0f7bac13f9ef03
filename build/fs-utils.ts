import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file or folder as messages show it: relative to the folder the command runs in (`.` for that folder). */
export function displayPath(file: string): string {
  return path.relative(process.cwd(), file) || '.';
}

/**
 * Every `.md`/`.mdx` page below `dir`, sorted, as absolute paths. As in Docusaurus, a file or folder
 * whose name starts with `_` is not a page (partials such as `_intro.mdx` are imported by pages).
 */
export function listMarkdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name) && !path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).some((segment) => segment.startsWith('_')))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Where the build writes modules it generates and then imports (the compile worker, watch mode's
 * renderer): inside the generator, so their package imports resolve from its node_modules.
 */
export const GENERATED_MODULES_DIR = fileURLToPath(new URL('../node_modules/.cache/redux-docs', import.meta.url));
