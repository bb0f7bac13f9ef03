/**
 * What a run block still has to do after its module has run: the runner waits for it, so output a
 * block prints from a timer, a fake request or a promise counts as its own. The global timer functions
 * are wrapped to know each timer's due time. A block is over when no timer is due within
 * `SETTLE_LIMIT_MS` of its start and nothing else is pending (an immediate, a file read); timers due
 * later (RTK Query's 60-second cache lifetime) are not waited for, and are cancelled with the block, so
 * none fires in the next block.
 */
export const SETTLE_LIMIT_MS = 5_000;

const real = { setTimeout, setInterval, clearTimeout, setImmediate };
/** Timers are counted above; the worker's own port to the runner is always open. */
const UNAWAITED_RESOURCES = new Set(['Timeout', 'MessagePort']);
/** Each live timer of the current block, by its due time. */
const dueTimes = new Map<NodeJS.Timeout, number>();

/** Replaces the global timer functions with ones that record their timers; once, in the worker. */
export function trackTimers(): void {
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, delay = 0, ...args: unknown[]) => {
    const timer = real.setTimeout(() => {
      dueTimes.delete(timer);
      callback(...args);
    }, delay);
    dueTimes.set(timer, dueIn(delay));
    return timer;
  }) as typeof setTimeout;
  globalThis.setInterval = ((callback: (...args: unknown[]) => void, delay = 0, ...args: unknown[]) => {
    const timer = real.setInterval(() => {
      dueTimes.set(timer, dueIn(delay));
      callback(...args);
    }, delay);
    dueTimes.set(timer, dueIn(delay));
    return timer;
  }) as typeof setInterval;
  globalThis.clearTimeout = ((timer?: NodeJS.Timeout) => {
    if (timer) dueTimes.delete(timer);
    real.clearTimeout(timer);
  }) as typeof clearTimeout;
  globalThis.clearInterval = globalThis.clearTimeout as typeof clearInterval;
}

const dueIn = (delay: unknown) => Date.now() + (Number(delay) || 0);

/** Resolves when the block started at `start` has nothing left to run within the limit. */
export async function settled(start: number): Promise<void> {
  const deadline = start + SETTLE_LIMIT_MS;
  for (;;) {
    await new Promise((resolve) => real.setImmediate(resolve));
    const next = Math.min(...[...dueTimes.values()].filter((due) => due <= deadline));
    if (Number.isFinite(next)) await sleep(next - Date.now());
    else if (process.getActiveResourcesInfo().some((resource) => !UNAWAITED_RESOURCES.has(resource))) await sleep(1);
    else return;
  }
}

const sleep = (ms: number) => new Promise((resolve) => real.setTimeout(resolve, Math.max(0, ms)));

/** Cancels the block's timers that are left. */
export function cancelTimers(): void {
  for (const timer of dueTimes.keys()) real.clearTimeout(timer);
  dueTimes.clear();
}
