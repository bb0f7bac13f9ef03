/**
 * The files watch mode rebuilds from: chokidar's events, without editors' swap files, and with the
 * saves chokidar drops looked at again.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

export type FileEvent = 'add' | 'change' | 'unlink';

/** How long a newly named path may take to be watched before a rebuild reports done anyway. */
const ADD_TIMEOUT_MS = 2_000;

export class SourceWatcher {
  private readonly watched = new Set<string>();
  private readonly seen = new Map<string, { state: string; timer: NodeJS.Timeout }>();
  private closed = false;

  private constructor(private readonly watcher: FSWatcher, private readonly onEvent: (event: FileEvent, file: string) => void) {}

  /** Watches `paths` (those that exist), ignoring `ignoredDir` and node_modules; resolves once chokidar is ready. */
  static async start(paths: string[], ignoredDir: string, onEvent: (event: FileEvent, file: string) => void, onError: (message: string) => void): Promise<SourceWatcher> {
    const watcher = watch(paths, {
      ignoreInitial: true,
      ignored: (file) => file === ignoredDir || file.startsWith(ignoredDir + path.sep) || file.split(path.sep).includes('node_modules'),
    });
    const sources = new SourceWatcher(watcher, onEvent);
    for (const file of paths) sources.watched.add(file);
    for (const event of ['add', 'change', 'unlink'] as const) watcher.on(event, (file: string) => sources.report(event, path.resolve(file)));
    watcher.on('unlinkDir', (dir: string) => sources.report('unlink', path.resolve(dir)));
    watcher.on('error', (error) => onError((error as Error).message));
    await new Promise<void>((resolve) => watcher.once('ready', resolve));
    return sources;
  }

  /**
   * Also watches these files and folders, unless they are watched already (or lie in a watched folder);
   * resolves once chokidar watches them (it scans a folder first: a save during the scan went unseen).
   */
  async add(paths: string[]): Promise<void> {
    const added = paths.filter((file) => !this.watched.has(file) && ![...this.watched].some((dir) => file.startsWith(dir + path.sep)) && fileState(file) !== 'missing');
    for (const file of added) this.watched.add(file);
    if (added.length === 0) return;
    this.watcher.add(added);
    const deadline = Date.now() + ADD_TIMEOUT_MS;
    while (!added.every((file) => this.isWatching(file)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  private isWatching(file: string): boolean {
    const watched = this.watcher.getWatched();
    return file in watched || (watched[path.dirname(file)] ?? []).includes(path.basename(file));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const { timer } of this.seen.values()) clearTimeout(timer);
    await this.watcher.close();
  }

  private report(event: FileEvent, file: string): void {
    if (this.closed || isEditorTemporary(file)) return;
    this.onEvent(event, file);
    this.checkAgainLater(file);
  }

  /**
   * chokidar drops a path's change events for 50 ms after one it reported, so a second save in that
   * window (a fix right after a quick failed rebuild, or an editor writing in two steps) would be
   * missed. Each reported path is looked at again once the window has passed.
   */
  private checkAgainLater(file: string): void {
    clearTimeout(this.seen.get(file)?.timer);
    const state = fileState(file);
    const timer = setTimeout(() => {
      this.seen.delete(file);
      const now = fileState(file);
      if (!this.closed && now !== state) this.report(now === 'missing' ? 'unlink' : state === 'missing' ? 'add' : 'change', file);
    }, 80);
    this.seen.set(file, { state, timer });
  }
}

function fileState(file: string): string {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : 'missing';
}

// Swap and backup files some editors write next to the file being saved.
function isEditorTemporary(file: string): boolean {
  const name = path.basename(file);
  return name.endsWith('~') || name.startsWith('.#') || /\.sw[px]$/.test(name) || /^#.*#$/.test(name);
}
