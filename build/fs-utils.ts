import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every `.md`/`.mdx` file below `dir`, sorted, as absolute paths. */
export function listMarkdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
