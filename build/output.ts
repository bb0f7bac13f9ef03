import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAGING_SUFFIX = '.staging-';
const RETIRED_SUFFIX = '.retired-';

/**
 * The build writes into a staging folder beside the output folder and swaps it in only on
 * success, so a failed, interrupted or killed build never leaves a half-written `dist/`.
 */
export class OutputFolder {
  bytesWritten = 0;
  private readonly files = new Set<string>();

  private constructor(readonly dir: string, private readonly target: string) {}

  static prepare(target: string): OutputFolder {
    removeLeftovers(target);
    const dir = `${target}${STAGING_SUFFIX}${process.pid}`;
    mkdirSync(dir, { recursive: true });
    const folder = new OutputFolder(dir, target);
    activeFolders.add(folder);
    return folder;
  }

  write(relativePath: string, contents: string | Uint8Array): void {
    const file = path.join(this.dir, relativePath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, contents);
    this.files.add(relativePath);
    this.bytesWritten += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }

  copyDirectory(source: string): void {
    cpSync(source, this.dir, { recursive: true });
    for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) this.files.add(path.relative(source, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }

  /** Every file written so far, relative to the output folder. */
  listFiles(): Set<string> {
    return this.files;
  }

  commit(): void {
    const retired = `${this.target}${RETIRED_SUFFIX}${process.pid}`;
    try {
      renameSync(this.target, retired);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    renameSync(this.dir, this.target);
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

/** Staging or retired folders left by a killed build are removed at the start of the next one. */
function removeLeftovers(target: string): void {
  const parent = path.dirname(target);
  const base = path.basename(target);
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.startsWith(base + STAGING_SUFFIX) || entry.startsWith(base + RETIRED_SUFFIX)) {
      rmSync(path.join(parent, entry), { recursive: true, force: true });
    }
  }
}
