import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every `.md`/`.mdx` file below `dir`, sorted, as absolute paths. */
export function listMarkdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Where the build writes modules it generates and then imports (the compile worker, watch mode's
 * renderer): inside the generator, so their package imports resolve from its node_modules.
 */
export const GENERATED_MODULES_DIR = fileURLToPath(new URL('../node_modules/.cache/redux-docs', import.meta.url));
