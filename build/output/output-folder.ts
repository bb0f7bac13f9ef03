import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { displayPath, linkOrCopy } from '../fs-utils.ts';
import type { PageSink, SiteSink } from '../output-layout.ts';

const STAGING_SUFFIX = '.staging-';
const RETIRED_SUFFIX = '.retired-';

/** Writes files below one folder, making each subfolder once; the build's worker threads write pages with one each. */
export class FolderWriter implements PageSink {
  bytesWritten = 0;
  private readonly madeDirs = new Set<string>();
  /** Files that are hard links (linkOrCopyFile): writing one would change the file it links to. */
  private readonly linked = new Set<string>();

  constructor(readonly dir: string) {}

  write(relativePath: string, contents: string | Uint8Array): void {
    const file = this.target(relativePath);
    if (this.linked.delete(file)) unlinkSync(file);
    writeFileSync(file, contents);
    this.bytesWritten += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }

  /**
   * A file as it is: a hard link to it where the file system allows one, which writes no data and
   * allocates no inode; else a copy (a reflink where the file system has them). Only for sources no
   * build rewrites in place: every build writes new files into a staging folder.
   */
  linkOrCopyFile(source: string, relativePath: string): void {
    const file = this.target(relativePath);
    if (this.linked.delete(file)) unlinkSync(file);
    if (linkOrCopy(source, file)) this.linked.add(file);
    else this.bytesWritten += statSync(file).size;
  }

  /** A page's file restored from the build cache's blob (page-cache.ts). */
  restore(relativePath: string, blob: string): boolean {
    this.linkOrCopyFile(blob, relativePath);
    return true;
  }

  /** A copy of an author's file (a reflink where the file system has them): never a link, which an edit of the source would change. */
  copyFile(source: string, relativePath: string): void {
    const file = this.target(relativePath);
    if (this.linked.delete(file)) unlinkSync(file);
    copyFileSync(source, file, constants.COPYFILE_FICLONE);
    this.bytesWritten += statSync(file).size;
  }

  /** The absolute path to write, its folder made. */
  private target(relativePath: string): string {
    const file = fileBelow(this.dir, relativePath);
    const folder = path.dirname(file);
    if (!this.madeDirs.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.madeDirs.add(folder);
    }
    return file;
  }
}

/**
 * `relativePath` below `dir`, as an absolute path; one that resolves outside it is refused. Routes are
 * validated where they are made; this is the last line of defence for the file system.
 */
export function fileBelow(dir: string, relativePath: string): string {
  const file = path.resolve(dir, relativePath);
  if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`refusing to write "${relativePath}" outside the output folder`);
  return file;
}

/**
 * The build writes into a staging folder beside the output folder and swaps it in only on
 * success, so a failed, interrupted or killed build never leaves a half-written `dist/`.
 */
export class OutputFolder implements SiteSink {
  private readonly writer: FolderWriter;
  private readonly files = new Set<string>();
  /** Bytes written by other threads into this folder (see `record`). */
  private bytesRecorded = 0;

  private constructor(readonly dir: string, private readonly target: string) {
    this.writer = new FolderWriter(dir);
  }

  get bytesWritten(): number {
    return this.writer.bytesWritten + this.bytesRecorded;
  }

  static prepare(target: string): OutputFolder {
    removeLeftovers(target);
    const dir = `${target}${STAGING_SUFFIX}${process.pid}`;
    mkdirSync(dir, { recursive: true });
    const folder = new OutputFolder(dir, target);
    activeFolders.add(folder);
    return folder;
  }

  write(relativePath: string, contents: string | Uint8Array): void {
    this.writer.write(relativePath, contents);
    this.files.add(relativePath);
  }

  /** Files another thread wrote into this folder. */
  record(relativePaths: string[], bytes: number): void {
    for (const file of relativePaths) this.files.add(file);
    this.bytesRecorded += bytes;
  }

  /** A file as it is, hard-linked or copied (FolderWriter.linkOrCopyFile). */
  linkOrCopyFile(source: string, relativePath: string): void {
    this.writer.linkOrCopyFile(source, relativePath);
    this.files.add(relativePath);
  }

  /** An author's file, copied (FolderWriter.copyFile). */
  copyFile(source: string, relativePath: string): void {
    this.writer.copyFile(source, relativePath);
    this.files.add(relativePath);
  }

  readFile(relativePath: string): string {
    return readFileSync(path.join(this.dir, relativePath), 'utf8');
  }

  /** Every file written so far, relative to the output folder. */
  listFiles(): Set<string> {
    return this.files;
  }

  commit(): void {
    const retired = `${this.target}${RETIRED_SUFFIX}${process.pid}`;
    withSwapLock(this.target, () => {
      try {
        renameSync(this.target, retired);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      renameSync(this.dir, this.target);
    });
    rmSync(retired, { recursive: true, force: true });
    activeFolders.delete(this);
  }

  discard(): void {
    rmSync(this.dir, { recursive: true, force: true });
    activeFolders.delete(this);
  }
}

const activeFolders = new Set<OutputFolder>();

/** Removes staging folders of the current build; the CLI calls it on Ctrl-C and SIGTERM. */
export function discardActiveOutput(): void {
  for (const folder of activeFolders) folder.discard();
}

/**
 * Folders left by builds that died are cleaned at the start of the next build; those of builds still
 * running (another process writing the same output) are left alone. A build killed between the two
 * renames of its swap left no output folder: its retired folder, the previous complete site, goes back.
 */
function removeLeftovers(target: string): void {
  const parent = path.dirname(target);
  const base = path.basename(target);
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  const dead = entries.filter((entry) => {
    const suffix = [STAGING_SUFFIX, RETIRED_SUFFIX].find((candidate) => entry.startsWith(base + candidate));
    return suffix !== undefined && !isRunning(Number(entry.slice(base.length + suffix.length)));
  });
  const retired = dead.find((entry) => entry.startsWith(base + RETIRED_SUFFIX));
  if (retired && !existsSync(target)) renameSync(path.join(parent, retired), target);
  for (const entry of dead) rmSync(path.join(parent, entry), { recursive: true, force: true });
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long a build waits for another's swap; the tests shorten it (REDUX_DOCS_SWAP_LOCK_WAIT_MS) rather than wait 30 s. */
const LOCK_WAIT_MS = Number(process.env.REDUX_DOCS_SWAP_LOCK_WAIT_MS) || 30_000;

/**
 * Two builds into one folder each stage their own copy; the swap itself (two renames, milliseconds) is
 * serialised by a lock file naming its holder, so the later build's site wins whole. A lock whose holder
 * died is taken over.
 */
function withSwapLock(target: string, swap: () => void): void {
  const lock = `${target}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // An empty lock is one being written right now.
      const holder = Number(readFileSafely(lock) || process.pid);
      if (!isRunning(holder)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) {
        const shown = displayPath(lock);
        throw new ContentError({ rule: 'output-folder', message: `another build (process ${holder}) has held ${shown} for ${LOCK_WAIT_MS / 1000} s`, file: '--out', fix: 'Stop that build, or delete the file.' });
      }
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    swap();
  } finally {
    rmSync(lock, { force: true });
  }
}

function readFileSafely(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
