/**
 * Watch mode's output, planned in memory before it is written: every file of one rebuild by path, with
 * its content hash and, when it may need writing, its contents. dev/watch-output.ts makes its folder
 * hold exactly the plan.
 */
import { readFileSync, statSync } from 'node:fs';
import { contentHash } from '../fs-utils.ts';
import type { PageSink, SiteSink } from '../output-layout.ts';

/** A file the folder should hold: its content hash, and its contents (or source) when it may need writing. */
export interface PlannedFile {
  hash: string;
  contents?: string | Uint8Array;
  /** A file to copy (static files), instead of `contents`. */
  copyFrom?: string;
}

export class FilePlan implements PageSink, SiteSink {
  readonly files = new Map<string, PlannedFile>();

  /** `holds`: the hash of the file the folder now holds at a path, if any; a file is restored only from there. */
  constructor(private readonly holds: (file: string) => string | undefined) {}

  write(file: string, contents: string | Uint8Array): void {
    this.files.set(file, { hash: contentHash(contents), contents });
  }

  /** A file kept from an earlier rebuild, by its hash: only if the folder still holds it. */
  restore(file: string, hash: string): boolean {
    if (this.holds(file) !== hash) return false;
    this.files.set(file, { hash });
    return true;
  }

  /** A static file: its size and time stand for its contents (reading every one on each rebuild would cost more than copying a few again). */
  copyFile(source: string, file: string): void {
    const stats = statSync(source, { throwIfNoEntry: false });
    if (stats) this.files.set(file, { hash: `static:${source}:${stats.size}:${stats.mtimeMs}`, copyFrom: source });
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
}
