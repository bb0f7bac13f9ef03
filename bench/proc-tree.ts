/**
 * Samples a process and all its descendants from /proc (Linux): the peak of their summed RSS
 * and the highest VmHWM any one of them reached. Used beside `/usr/bin/time -v`, and instead
 * of it where it is missing. Without /proc it reports nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface TreeMemory {
  /** Highest sum of VmRSS over the tree seen at one sample, KiB. */
  peakTreeRssKiB?: number;
  /** Highest VmHWM (a process's own peak RSS) of any process in the tree, KiB. */
  peakProcessHwmKiB?: number;
}

export function sampleProcessTree(rootPid: number, intervalMs = 50): { stop: () => TreeMemory } {
  if (!existsSync('/proc/self/status')) return { stop: () => ({}) };
  let peakTree = 0;
  let peakHwm = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of descendantsAndSelf(rootPid)) {
      const status = readStatus(pid);
      if (!status) continue;
      sum += status.rss;
      peakHwm = Math.max(peakHwm, status.hwm);
    }
    peakTree = Math.max(peakTree, sum);
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  return {
    stop: () => {
      clearInterval(timer);
      return { peakTreeRssKiB: peakTree || undefined, peakProcessHwmKiB: peakHwm || undefined };
    },
  };
}

function descendantsAndSelf(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentPid(Number(entry));
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index++) tree.push(...(children.get(tree[index]) ?? []));
  return tree;
}

function parentPid(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so split after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function readStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}
