/**
 * Where the cache's entries live, behind one interface: on disk between builds (entry-store.ts), or in
 * memory between watch mode's rebuilds (MemoryEntries). An entry is a value under a key and may keep
 * files beside it (a page's, a search part's), which a later build restores instead of making them.
 */
import { byteLength, contentHash } from '../fs-utils.ts';

/** A file kept with an entry: its path (below the output folder, or a folder of it), size, and the blob's name and stamp. */
export interface KeptFile { path: string; bytes: number; blob: string; stamp: string }

/** A file just written below a folder, to keep: its contents where the entries keep them in memory. */
export interface FileToKeep { path: string; bytes: number; contents?: string | Uint8Array }

export interface Entries {
  has(key: string): boolean;
  read<T>(key: string): T | undefined;
  /** False when the entry could not be written (a full disk): the next build makes it again. */
  write(key: string, value: unknown): boolean;
  /** Keeps files just written below `dir` with entry `key`; undefined when one could not be kept. */
  keepFiles(key: string, dir: string, files: FileToKeep[]): KeptFile[] | undefined;
  /** The kept files, each with `source`: what its folder restores it from (a blob to link, or the content hash the folder holds). */
  keptFiles(key: string, files: KeptFile[]): (KeptFile & { source: string })[] | undefined;
}

/**
 * Watch mode's entries: values are kept as they are (a compiled doc read back is the same object), files
 * by their content hash, which watch mode's folder keeps the file under. `sweep` after a rebuild drops
 * what the rebuild did not use, so the memory holds one site, not every version of every page.
 */
export class MemoryEntries implements Entries {
  private readonly values = new Map<string, unknown>();
  private used = new Set<string>();

  has(key: string): boolean {
    return this.values.has(key);
  }

  read<T>(key: string): T | undefined {
    if (!this.values.has(key)) return undefined;
    this.used.add(key);
    return this.values.get(key) as T;
  }

  write(key: string, value: unknown): boolean {
    this.values.set(key, value);
    this.used.add(key);
    return true;
  }

  keepFiles(_key: string, _dir: string, files: FileToKeep[]): KeptFile[] | undefined {
    if (files.some((file) => file.contents === undefined)) return undefined;
    return files.map(({ path, contents }) => ({ path, bytes: byteLength(contents!), blob: contentHash(contents!), stamp: '' }));
  }

  keptFiles(_key: string, files: KeptFile[]): (KeptFile & { source: string })[] {
    return files.map((file) => ({ ...file, source: file.blob }));
  }

  /** Drops every entry not read or written since the last sweep. */
  sweep(): void {
    for (const key of this.values.keys()) if (!this.used.has(key)) this.values.delete(key);
    this.used = new Set();
  }
}
