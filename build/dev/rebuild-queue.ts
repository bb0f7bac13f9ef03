import type { FileEvent } from './source-watcher.ts';

/** The changes one rebuild is for: file → what happened to it; undefined for the first build. */
export type Changes = Map<string, FileEvent> | undefined;

/**
 * One rebuild at a time: file events wait `debounceMs` of quiet (one save is one rebuild), and events
 * during a rebuild are batched into the next one.
 */
export class RebuildQueue {
  private readonly pending = new Map<string, FileEvent>();
  private debounce: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly rebuild: (changes: Changes) => Promise<void>, private readonly debounceMs: number) {}

  /** The first build; resolves when it (and anything queued meanwhile) is done. */
  start(): Promise<void> {
    this.run('startup');
    return this.running!;
  }

  add(event: FileEvent, file: string): void {
    if (this.closed) return;
    const previous = this.pending.get(file);
    // A file added and changed before the rebuild is still "added".
    this.pending.set(file, previous === 'add' && event === 'change' ? 'add' : event);
    this.schedule();
  }

  /** Resolves once no rebuild is running or waiting. */
  async idle(): Promise<void> {
    while (this.running || this.debounce || this.pending.size > 0) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setTimeout(resolve, this.debounceMs));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.debounce);
    await this.running;
  }

  private run(first?: 'startup'): void {
    this.running = (async () => {
      let batch: Map<string, FileEvent> | 'startup' | undefined = first;
      while (!this.closed) {
        if (!batch) {
          if (this.pending.size === 0) break;
          batch = new Map(this.pending);
          this.pending.clear();
        }
        await this.rebuild(batch === 'startup' ? undefined : batch);
        batch = undefined;
      }
    })().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.closed) this.schedule();
    });
  }

  private schedule(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      if (!this.running && !this.closed) this.run();
    }, this.debounceMs);
  }
}
