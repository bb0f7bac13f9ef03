/** Times one labelled stage of the build; the build prints the collected timings as a summary. */
export interface TaskTiming { label: string; ms: number }

export class TaskTimer {
  readonly timings: TaskTiming[] = [];

  constructor(private readonly log: (line: string) => void) {}

  async run<T>(label: string, stage: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    this.log(`… ${label}`);
    try {
      return await stage();
    } finally {
      this.timings.push({ label, ms: performance.now() - started });
    }
  }

  summary(): string {
    return this.timings.map((timing) => `${timing.label} ${formatMs(timing.ms)}`).join(', ');
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
