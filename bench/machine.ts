/** The machine a benchmark ran on, for the report header. */
import os from 'node:os';

export interface Machine { cores: number; cpu: string; memoryGiB: number; node: string; platform: string }

export function describeMachine(): Machine {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
}

export function formatMachine(machine: Machine): string {
  return `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB RAM, Node ${machine.node}, ${machine.platform}`;
}
