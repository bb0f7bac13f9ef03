/**
 * Runs a page's run blocks against the installed packages and compares what each prints with the
 * output the page shows (expected-output.ts). esbuild bundles each block with the page's examples it
 * imports (page-project.ts), packages left as imports, into a file below the repository's node_modules,
 * where Node finds the packages; one worker thread per NODE_ENV imports the page's blocks one after
 * another, each a fresh module (run-worker.ts). Packages load once per worker, so the blocks of a
 * page share them (and any setting a block changes in one, such as Immer's auto-freeze).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build, type BuildFailure, type Plugin } from 'esbuild';
import type { CheckedExample, PageExamples, RunBlock } from './extract.ts';
import { arrowComments, compareOutput, fenceOutput, type ExpectedLine } from './expected-output.ts';
import { examplePath } from './page-project.ts';
import type { BlockRequest, BlockResult } from './run-worker.ts';
import type { ExampleError } from './typecheck.ts';
import { SETTLE_LIMIT_MS } from './pending-work.ts';
import { GENERATED_MODULES_DIR } from '../fs-utils.ts';
import { workerScript } from '../worker-scripts.ts';

/** A block that has not answered by then (an endless loop) is stopped, with its worker. */
export const BLOCK_TIMEOUT_MS = 15_000;
const MODES = ['development', 'production', 'test'];

type ProjectFiles = Map<string, CheckedExample | RunBlock>;

/** The block's path in its page's project, and the files it may import. */
interface BlockProject {
  entry: string;
  files: ProjectFiles;
}

export async function runPage(projectRoot: string, { checked, runBlocks }: PageExamples): Promise<ExampleError[]> {
  if (runBlocks.length === 0) return [];
  mkdirSync(GENERATED_MODULES_DIR, { recursive: true });
  const folder = mkdtempSync(path.join(GENERATED_MODULES_DIR, 'run-blocks-'));
  const errors: ExampleError[] = [];
  try {
    for (const mode of new Set(runBlocks.map((block) => block.mode))) {
      const blocks = runBlocks.filter((block) => block.mode === mode);
      if (!MODES.includes(mode)) {
        errors.push(...blocks.map((block) => at(block, block.line, `"run=${mode}" is not a run mode: write run, run=production or run=test`)));
        continue;
      }
      const worker = new BlockWorker(await workerScript('run-worker'), mode);
      try {
        for (const block of blocks) errors.push(...await runBlock(block, blockProject(projectRoot, checked, block), worker, folder));
      } finally {
        await worker.close();
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return errors.sort((a, b) => a.line - b.line);
}

async function runBlock(block: RunBlock, project: BlockProject, worker: BlockWorker, folder: string): Promise<ExampleError[]> {
  const expected = expectedOutput(block);
  if (!expected) return [at(block, block.outputFence!.line, 'run block has both "// →" comments and an output fence; keep one')];
  const file = path.join(folder, `block-${block.line}.mjs`);
  const problem = await bundle(block, project, file);
  if (problem) return [problem];
  const result = await worker.run({ file, fakeFetch: block.fakeFetch });
  if (result === 'timeout') return [at(block, block.line, `run block did not finish within ${BLOCK_TIMEOUT_MS / 1000} s`)];
  if (typeof result === 'number') return [at(block, block.line, `run block ended its worker: process.exit(${result})`)];
  if (result.error) return [at(block, thrownAt(result.error.stack, project.files) ?? block.line, `run block threw ${result.error.text}`)];
  if (result.unfinished) return [at(block, block.line, `run block did not finish: its top-level await was still waiting when no timer due within ${SETTLE_LIMIT_MS / 1000} s was left`)];
  const mismatch = compareOutput(result.output, expected, block.line);
  return mismatch ? [at(block, mismatch.line, mismatch.message)] : [];
}

/** The page's output for the block; undefined when it is written twice, as comments and as a fence. */
function expectedOutput(block: RunBlock): ExpectedLine[] | undefined {
  const arrows = arrowComments(block.code, block.line + 1);
  if (!block.outputFence) return arrows;
  return arrows.length === 0 ? fenceOutput(block.outputFence.text, block.outputFence.line) : undefined;
}

/** The block and the page's examples above it, each at its place in the page's project. */
function blockProject(projectRoot: string, checked: CheckedExample[], block: RunBlock): BlockProject {
  const files: ProjectFiles = new Map();
  for (const example of checked) if (example.line < block.line) files.set(examplePath(projectRoot, example), example);
  const entry = examplePath(projectRoot, block);
  files.set(entry, block);
  return { entry, files };
}

/** Writes the block's module to `outfile`; a problem when esbuild cannot build it. */
async function bundle(block: RunBlock, { entry, files }: BlockProject, outfile: string): Promise<ExampleError | undefined> {
  try {
    const { outputFiles } = await build({
      entryPoints: [entry], outfile, write: false, bundle: true, format: 'esm', platform: 'node',
      target: 'node20', jsx: 'automatic', sourcemap: 'inline', logLevel: 'silent', plugins: [pageFiles(files)],
    });
    writeFileSync(outfile, outputFiles[0].text);
    return undefined;
  } catch (error) {
    const [first] = (error as BuildFailure).errors;
    const source = first.location && files.get(path.resolve(first.location.file));
    return at(block, source && first.location ? source.line + first.location.line : block.line, `run block does not build: ${first.text}`);
  }
}

/** Relative imports resolve to the page's examples, as TypeScript resolves them (`./store` is `store.ts`). */
function pageFiles(files: ProjectFiles): Plugin {
  return {
    name: 'page-files',
    setup(esbuild) {
      // Packages (and Node's modules) stay imports, for Node to load once per worker.
      esbuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => ({ path: specifier, external: true }));
      esbuild.onResolve({ filter: /^\.{0,2}\// }, ({ path: specifier, importer }) => {
        const base = importer ? path.resolve(path.dirname(importer), specifier) : specifier;
        const found = [base, ...['.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx'].map((ending) => base + ending), base.replace(/\.js(x?)$/, '.ts$1')]
          .find((candidate) => files.has(candidate));
        return found ? { path: found } : undefined;
      });
      esbuild.onLoad({ filter: /.*/ }, ({ path: file }) => {
        const example = files.get(file);
        return example && { contents: example.code, loader: example.lang };
      });
    },
  };
}

/** The page line of the innermost stack frame in one of the page's examples (the stack is source-mapped). */
function thrownAt(stack: string, files: ProjectFiles): number | undefined {
  for (const [, file, line] of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):\d+/g)) {
    const example = files.get(decodeURI(file));
    if (example) return example.line + Number(line);
  }
  return undefined;
}

function at(block: RunBlock, line: number, message: string): ExampleError {
  return { sourceFile: block.sourceFile, line, message };
}

/** A worker thread with NODE_ENV set, started at the first block and again after a block that timed out. */
class BlockWorker {
  private worker?: Worker;

  constructor(private readonly script: string, private readonly mode: string) {}

  /** What the block did; `timeout` when it ran too long, a number when it ended the worker with process.exit(). */
  run(request: BlockRequest): Promise<BlockResult | 'timeout' | number> {
    const worker = this.worker ??= new Worker(this.script, { env: { ...process.env, NODE_ENV: this.mode } });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(() => {
        void this.close();
        resolve('timeout');
      }), BLOCK_TIMEOUT_MS);
      const settle = (finish: () => void) => {
        clearTimeout(timer);
        worker.off('message', answered).off('exit', exited).off('error', crashed);
        finish();
      };
      const answered = (result: BlockResult) => settle(() => resolve(result));
      const exited = (code: number) => settle(() => {
        this.worker = undefined;
        resolve(code);
      });
      // The worker's own failure (its script did not load), not the block's: the block's errors are caught in it.
      const crashed = (error: Error) => settle(() => reject(error));
      worker.once('message', answered).once('exit', exited).once('error', crashed);
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
