/**
 * Runs one build of a corpus as a child process, the way a user would: the command of
 * `npm run build` (package.json, Node flags included) with `--docs … --sidebars … --out …`, from the project root.
 * Peak RSS comes from `/usr/bin/time -v` when it is there, else from /proc sampling.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Corpus } from './corpus.ts';
import { sampleProcessTree } from './proc-tree.ts';
import { parseSummaryLine, type BuildSummary } from './summary-line.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const GNU_TIME = '/usr/bin/time';

export interface BuildRun {
  summary: BuildSummary;
  /** Spawn to exit, Node start-up and module loading included. */
  processWallMs: number;
  /** Peak RSS of the largest single process (the build's Node process), KiB. */
  peakRssKiB?: number;
  /** Peak of the summed RSS of every process of the build (Node, Pagefind), sampled every 50 ms, KiB. */
  peakTreeRssKiB?: number;
  rssSource: 'time -v' | '/proc VmHWM' | 'none';
  /** User + system CPU time of the build and every process it waited for (time -v), ms. Less disturbed by other load than wall time. */
  cpuMs?: number;
  /** 1-minute load average just before the run: above the core count, wall times are inflated by other work. */
  loadBefore: number;
  /** The build's `Build cache: …` line, when it used the cache. */
  cacheLine?: string;
}

let gnuTimeAvailable: boolean | undefined;

/** `/usr/bin/time -v` exists and is GNU time (BusyBox and BSD time have no -v/-o). */
export function hasGnuTime(): boolean {
  gnuTimeAvailable ??= existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-v', 'true'], { encoding: 'utf8' }).stderr?.includes('Maximum resident set size') === true;
  return gnuTimeAvailable;
}

/**
 * A cold build (`--no-cache`), or, with `cacheDir`, a build that reads and writes that build cache.
 * `outDir` must be a new folder: emptying one just before a build cost the build the time ext4 takes
 * to find free inodes while tens of thousands were freed in the last 30 s (its `recently_deleted`
 * check: a 10,000-page warm build 14 s → 24–39 s), which a build on a fresh CI machine never pays.
 * The corpus folder, outputs included, is removed after the size is measured.
 */
export function runBuild(corpus: Corpus, outDir: string, cacheDir?: string): Promise<BuildRun> {
  return runSiteBuild(['--docs', corpus.docsDir, '--sidebars', corpus.sidebarsFile], corpus.root, outDir, cacheDir);
}

/** One build by the CLI of the site `siteArgs` name (none: this project's own site), timed; `workDir` gets the timing file. */
export async function runSiteBuild(siteArgs: string[], workDir: string, outDir: string, cacheDir?: string): Promise<BuildRun> {
  const loadBefore = os.loadavg()[0];
  let sampler: ReturnType<typeof sampleProcessTree> | undefined;
  const run = await runTimed([...npmScriptCommand('build'), ...siteArgs, '--out', outDir, ...(cacheDir ? ['--cache-dir', cacheDir] : ['--no-cache'])], {
    cwd: PROJECT_ROOT,
    timeFile: path.join(workDir, 'time-v.txt'),
    onSpawn: (pid) => (sampler = sampleProcessTree(pid)),
  });
  const tree = sampler!.stop();
  if (run.code !== 0) throw new Error(`the build exited with code ${run.code}:\n${run.stderr.slice(-4000)}`);
  const summary = parseSummaryLine(run.stdout);
  if (!summary) throw new Error(`no "Built N pages in …" summary line in the build output:\n${run.stdout.slice(-2000)}`);
  const peakRssKiB = run.peakRssKiB ?? tree.peakProcessHwmKiB;
  return {
    summary,
    processWallMs: run.wallMs,
    peakRssKiB,
    peakTreeRssKiB: tree.peakTreeRssKiB,
    rssSource: run.peakRssKiB !== undefined ? 'time -v' : peakRssKiB !== undefined ? '/proc VmHWM' : 'none',
    cpuMs: run.cpuMs,
    loadBefore,
    cacheLine: run.stdout.split('\n').find((line) => line.startsWith('Build cache: ')),
  };
}

export interface TimedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Spawn to exit. */
  wallMs: number;
  /** From `/usr/bin/time -v` when it is there: the largest single process, KiB; user + system CPU of the tree, ms. */
  peakRssKiB?: number;
  cpuMs?: number;
}

/** Runs a command to its exit under `/usr/bin/time -v` (when there is one), collecting its output. */
export async function runTimed(argv: string[], options: { cwd: string; timeFile: string; env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void }): Promise<TimedRun> {
  const useTime = hasGnuTime();
  const [command, ...args] = useTime ? [GNU_TIME, '-v', '-o', options.timeFile, ...argv] : argv;
  const started = performance.now();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  options.onSpawn?.(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const wallMs = performance.now() - started;
  const report = useTime && existsSync(options.timeFile) ? readFileSync(options.timeFile, 'utf8') : '';
  const userSeconds = timeField(report, 'User time \\(seconds\\)');
  const systemSeconds = timeField(report, 'System time \\(seconds\\)');
  return {
    code, stdout, stderr, wallMs,
    peakRssKiB: timeField(report, 'Maximum resident set size \\(kbytes\\)'),
    cpuMs: userSeconds !== undefined && systemSeconds !== undefined ? (userSeconds + systemSeconds) * 1000 : undefined,
  };
}

/** A numeric field of the `time -v` report, e.g. `Maximum resident set size (kbytes): 512000`. */
function timeField(report: string, name: string): number | undefined {
  const match = new RegExp(`^\\s*${name}: ([\\d.]+)$`, 'm').exec(report);
  return match ? Number(match[1]) : undefined;
}

export function npmScript(name: 'build' | 'start'): string {
  return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[name];
}

/** An npm script's command as argv, with this Node binary for `node` (npm itself would add its own start-up). */
export function npmScriptCommand(name: 'build' | 'start'): string[] {
  const script = npmScript(name);
  const [program, ...args] = script.split(/\s+/);
  if (program !== 'node') throw new Error(`package.json's ${name} script must start with "node" for the benchmark to run it: ${script}`);
  return [process.execPath, ...args];
}

