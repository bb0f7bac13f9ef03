/** Times one labelled stage of the build; the build prints the collected timings as a summary. */
export interface TaskTiming { label: string; ms: number }

/**
 * On a terminal, one status line rewritten in place (stage, pages done of total); elsewhere (CI,
 * pipes, tests) a plain line per stage, so logs stay readable.
 */
export class TaskTimer {
  readonly timings: TaskTiming[] = [];
  private current = '';

  constructor(
    private readonly log: (line: string) => void,
    private readonly terminal: NodeJS.WriteStream | undefined = process.stdout.isTTY && !process.env.CI ? process.stdout : undefined,
  ) {}

  async run<T>(label: string, stage: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    this.current = label;
    this.status(`… ${label}`);
    try {
      return await stage();
    } finally {
      this.timings.push({ label, ms: performance.now() - started });
      if (this.terminal) this.terminal.write('\r\x1b[K');
    }
  }

  /** A stage that runs alongside others: timed from now until it settles, leaving the status line alone. */
  background<T>(label: string, work: Promise<T>): Promise<T> {
    const started = performance.now();
    return work.finally(() => this.timings.push({ label, ms: performance.now() - started }));
  }

  /** Pages done of total in the current stage; shown on a terminal only. */
  progress(done: number, total: number): void {
    if (this.terminal) this.terminal.write(`\r\x1b[K… ${this.current} ${done}/${total}`);
  }

  summary(): string {
    return this.timings.map((timing) => `${timing.label} ${formatMs(timing.ms)}`).join(', ');
  }

  private status(line: string): void {
    if (this.terminal) this.terminal.write(`\r\x1b[K${line}`);
    else this.log(line);
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
