/**
 * A worker thread's code as one plain JavaScript file: build/cli/launch.mjs bundles each worker with
 * the CLI (and says where in REDUX_DOCS_WORKER_DIR); under tsx (tests) it is bundled here (packages
 * stay imports), since starting a worker through tsx would transpile every module again in each
 * worker, which cost about a second per start.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { GENERATED_MODULES_DIR } from './fs-utils.ts';

/** Worker name (the launch bundle's entry name) → its source file. */
export const WORKER_SOURCES = {
  worker: path.join(import.meta.dirname, 'pipeline/worker.ts'),
  'run-worker': path.join(import.meta.dirname, 'examples/run-worker.ts'),
};

const scripts = new Map<string, Promise<string>>();

export function workerScript(name: keyof typeof WORKER_SOURCES): Promise<string> {
  let script = scripts.get(name);
  if (!script) {
    const bundled = process.env.REDUX_DOCS_WORKER_DIR;
    script = bundled ? Promise.resolve(path.join(bundled, `${name}.mjs`)) : bundle(name);
    scripts.set(name, script);
  }
  return script;
}

async function bundle(name: keyof typeof WORKER_SOURCES): Promise<string> {
  const file = path.join(GENERATED_MODULES_DIR, `${name}-${process.pid}.mjs`);
  await build({ entryPoints: [WORKER_SOURCES[name]], outfile: file, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', jsx: 'automatic', logLevel: 'silent' });
  process.once('exit', () => rmSync(file, { force: true }));
  return file;
}
