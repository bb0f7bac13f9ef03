import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

/** A temporary folder with the given files (path → contents), removed after the test file. */
export function tempTree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'redux-docs-test-'));
  for (const [file, contents] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents);
  }
  after(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** A temporary copy of the folder `dir` (its node_modules left out), with `changes` (path → contents) replaced or added. */
export function copiedTree(dir: string, changes: Record<string, string> = {}): string {
  const files = Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !path.relative(dir, entry.parentPath).split(path.sep).includes('node_modules'))
    .map((entry) => {
      const file = path.relative(dir, path.join(entry.parentPath, entry.name));
      return [file, readFileSync(path.join(dir, file))];
    }));
  return tempTree({ ...files, ...changes });
}
