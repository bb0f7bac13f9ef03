import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PlannedFile } from '../output/file-plan.ts';
import { fileBelow } from '../output/output-folder.ts';

/**
 * The watch-mode output folder, updated in place: only files whose hash changed are written, each
 * through a temporary file and a rename (a request never reads half a file), and files no longer
 * produced are deleted. The server reads from it as from any built site.
 */
export class DevOutput {
  private current = new Map<string, string>();

  constructor(readonly dir: string) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }

  /** Every file now in the folder, relative to it. */
  files(): Set<string> {
    return new Set(this.current.keys());
  }

  hashOf(relativePath: string): string | undefined {
    return this.current.get(relativePath);
  }

  /** Makes the folder hold exactly `plan`; returns how many files were written and removed. */
  apply(plan: Map<string, PlannedFile>): { written: number; removed: number } {
    let written = 0;
    let removed = 0;
    for (const [relativePath, file] of plan) {
      if (this.current.get(relativePath) === file.hash) continue;
      const target = fileBelow(this.dir, relativePath);
      const temporary = `${target}.dev-${process.pid}.tmp`;
      mkdirSync(path.dirname(target), { recursive: true });
      if (file.copyFrom) copyFileSync(file.copyFrom, temporary);
      else if (file.contents !== undefined) writeFileSync(temporary, file.contents);
      else throw new Error(`internal: ${relativePath} changed but has no contents`);
      renameSync(temporary, target);
      this.current.set(relativePath, file.hash);
      written++;
    }
    for (const relativePath of [...this.current.keys()]) {
      if (plan.has(relativePath)) continue;
      rmSync(path.join(this.dir, relativePath), { force: true });
      this.current.delete(relativePath);
      removed++;
    }
    return { written, removed };
  }
}
