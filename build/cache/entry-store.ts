/**
 * A folder of cache entries, one file per key, each a JSON value behind the SHA-256 of its bytes. An
 * entry is written to a temporary file and renamed into place, so a build killed mid-write leaves no
 * half entry under a key, and builds sharing the folder never read each other's partial writes; a
 * truncated or altered entry fails its hash, is removed, and counts as missing. Reading an entry marks
 * it used; `prune` removes the least recently used ones beyond a size. An entry may have blobs: files
 * kept beside it whole (a page's or a search part's files, which builds hard-link into their output),
 * pruned with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { linkOrCopy } from '../fs-utils.ts';
import type { Entries, FileToKeep, KeptFile } from './entries.ts';

const HASH_LENGTH = 64;
const NEWLINE = 0x0a;
const TEMPORARY = '.tmp-';
/** A temporary file this old was left by a build that died while writing it. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

let writes = 0;

export class EntryStore implements Entries {
  constructor(readonly dir: string) {}

  /** Fails (with the file system's error) when the folder cannot be written. */
  assertWritable(): void {
    mkdirSync(this.dir, { recursive: true });
    const probe = path.join(this.dir, `.probe-${process.pid}-${threadId}`);
    writeFileSync(probe, '');
    rmSync(probe);
  }

  has(key: string): boolean {
    try {
      return statSync(this.fileOf(key)).isFile();
    } catch {
      return false;
    }
  }

  read<T>(key: string): T | undefined {
    const bytes = this.readBytes(key);
    return bytes && (JSON.parse(bytes.toString('utf8')) as T);
  }

  /** False when the entry could not be written (a full disk): the next build compiles that page again. */
  write(key: string, value: unknown): boolean {
    return this.writeBytes(key, Buffer.from(JSON.stringify(value)));
  }

  private readBytes(key: string): Buffer | undefined {
    const file = this.fileOf(key);
    let contents: Buffer;
    try {
      contents = readFileSync(file);
    } catch {
      return undefined;
    }
    const payload = contents.subarray(HASH_LENGTH + 1);
    if (contents[HASH_LENGTH] !== NEWLINE || sha256(payload) !== contents.toString('latin1', 0, HASH_LENGTH)) {
      rmSync(file, { force: true });
      return undefined;
    }
    const now = new Date();
    utimesSync(file, now, now);
    return payload;
  }

  private writeBytes(key: string, payload: Uint8Array): boolean {
    const file = this.fileOf(key);
    const temporary = `${file}${TEMPORARY}${process.pid}-${threadId}-${++writes}`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temporary, Buffer.concat([Buffer.from(`${sha256(payload)}\n`), payload]));
      renameSync(temporary, file);
      return true;
    } catch {
      rmSync(temporary, { force: true });
      return false;
    }
  }

  /**
   * Keeps files this build has just written below `dir` as blobs of entry `key`, each a hard link to
   * the file (a copy where the cache is on another file system); undefined when one could not be
   * kept. Each write of an entry names its own blobs: two builds writing one entry at once would
   * otherwise leave it naming the other's.
   */
  keepFiles(key: string, dir: string, files: FileToKeep[]): KeptFile[] | undefined {
    const write = randomBytes(4).toString('hex');
    const kept: KeptFile[] = [];
    for (const [index, file] of files.entries()) {
      const blob = `${write}.${index}`;
      const stamp = this.keepBlob(path.join(dir, file.path), key, blob);
      if (!stamp) return undefined;
      kept.push({ path: file.path, bytes: file.bytes, blob, stamp });
    }
    return kept;
  }

  /**
   * The kept files with the blobs to link, if every blob is still the file its stamp describes. A blob
   * is a hard link to an output file; one changed in place through that file (its size, time or inode
   * differ) is never served.
   */
  keptFiles(key: string, files: KeptFile[]): (KeptFile & { source: string })[] | undefined {
    const found: (KeptFile & { source: string })[] = [];
    for (const file of files) {
      const blob = this.blobOf(key, file.blob);
      const stats = statSync(blob, { throwIfNoEntry: false });
      if (!stats || blobStamp(stats) !== file.stamp) return undefined;
      found.push({ ...file, source: blob });
    }
    return found;
  }

  private keepBlob(file: string, key: string, name: string): string | undefined {
    const blob = this.blobOf(key, name);
    const temporary = `${blob}${TEMPORARY}${process.pid}-${threadId}-${++writes}`;
    try {
      mkdirSync(path.dirname(blob), { recursive: true });
      linkOrCopy(file, temporary);
      renameSync(temporary, blob);
      return blobStamp(statSync(blob));
    } catch {
      rmSync(temporary, { force: true });
      return undefined;
    }
  }

  /** Removes abandoned temporary files, then the least recently used entries, with their blobs, until the rest fit in `maxBytes`. */
  prune(maxBytes: number): { entries: number; bytes: number; removed: number } {
    const entries = new Map<string, { files: string[]; bytes: number; usedMs: number }>();
    for (const file of this.files()) {
      const stats = statSync(file, { throwIfNoEntry: false });
      if (!stats) continue;
      if (file.includes(TEMPORARY)) {
        if (Date.now() - stats.mtimeMs > ABANDONED_AFTER_MS) rmSync(file, { force: true });
        continue;
      }
      const name = path.basename(file);
      const key = name.slice(0, HASH_LENGTH);
      const entry = entries.get(key) ?? { files: [], bytes: 0, usedMs: stats.mtimeMs };
      entries.set(key, entry);
      entry.files.push(file);
      entry.bytes += stats.size;
      if (name === key) entry.usedMs = stats.mtimeMs; // reading marks the entry used, not its blobs
    }
    let bytes = [...entries.values()].reduce((sum, entry) => sum + entry.bytes, 0);
    let removed = 0;
    for (const entry of [...entries.values()].sort((a, b) => a.usedMs - b.usedMs)) {
      if (bytes <= maxBytes) break;
      for (const file of entry.files) rmSync(file, { force: true });
      bytes -= entry.bytes;
      removed++;
    }
    return { entries: entries.size - removed, bytes, removed };
  }

  /** Removes every entry, and the folder if nothing else is in it; false when there was no store here. */
  clear(): boolean {
    const folders = this.entryFolders();
    for (const folder of folders) rmSync(path.join(this.dir, folder), { recursive: true, force: true });
    if (existsSync(this.dir) && readdirSync(this.dir).length === 0) rmSync(this.dir, { recursive: true });
    return folders.length > 0;
  }

  /** Only the folders the store makes: a --cache-dir given by mistake loses nothing else. */
  private entryFolders(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && /^[0-9a-f]{2}$/.test(entry.name)).map((entry) => entry.name);
  }

  private files(): string[] {
    const folders = this.entryFolders();
    return folders.flatMap((folder) => readdirSync(path.join(this.dir, folder)).map((name) => path.join(this.dir, folder, name)));
  }

  /** 256 folders, so no folder holds every page of a large site. */
  private fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key);
  }

  private blobOf(key: string, name: string): string {
    return `${this.fileOf(key)}.${name}`;
  }
}

function blobStamp({ size, mtimeMs, ino }: Stats): string {
  return `${size}:${mtimeMs}:${ino}`;
}

/** A store key for an entry described by `text` (everything its contents depend on). */
export function entryKey(text: string): string {
  return sha256(Buffer.from(text));
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
