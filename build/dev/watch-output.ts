import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileBelow } from '../output/output-folder.ts';
import type { StaticFile } from '../site/static-files.ts';

/** A file the folder should hold: its content hash, and its contents (or source) when it may need writing. */
export interface PlannedFile {
  hash: string;
  contents?: string | Uint8Array;
  /** A file to copy (static files), instead of `contents`. */
  copyFrom?: string;
}

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

/** The files one rebuild makes, by path: new contents, or the hash of an unchanged file to keep. */
export class FilePlan {
  readonly files: Map<string, PlannedFile>;

  constructor(runtimeFiles: Map<string, PlannedFile>) {
    this.files = new Map(runtimeFiles);
  }

  /** Plans a file; returns its hash. */
  write(file: string, contents: string | Uint8Array): string {
    const hash = contentHash(contents);
    this.files.set(file, { hash, contents });
    return hash;
  }

  keep(file: string, hash: string): void {
    this.files.set(file, { hash });
  }

  listFiles(): Set<string> {
    return new Set(this.files.keys());
  }

  /** A planned file's text: its new contents or its static source; undefined for a file kept as it is. */
  readFile(file: string): string | undefined {
    const planned = this.files.get(file);
    if (planned?.copyFrom) return readFileSync(planned.copyFrom, 'utf8');
    if (planned?.contents === undefined) return undefined;
    return typeof planned.contents === 'string' ? planned.contents : Buffer.from(planned.contents).toString('utf8');
  }

  addStaticFiles(files: StaticFile[]): void {
    for (const { source, outputPath } of files) {
      const stats = statSync(source, { throwIfNoEntry: false });
      if (stats) this.files.set(outputPath, { hash: `static:${source}:${stats.size}:${stats.mtimeMs}`, copyFrom: source });
    }
  }
}

export function contentHash(contents: string | Uint8Array): string {
  return createHash('sha1').update(contents).digest('hex');
}
