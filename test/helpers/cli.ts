import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const projectRoot = path.join(import.meta.dirname, '../..');

export interface CliRun { code: number; stdout: string; stderr: string }

/** The CLI as the npm scripts start it: one Node process, `node build/cli/launch.mjs …`. */
export function cliCommand(args: string[]): [string, string[]] {
  return [process.execPath, [path.join(projectRoot, 'build/cli/launch.mjs'), ...args]];
}

/** Runs the CLI from any folder, with `env` added to the environment; never throws on a non-zero exit. */
export async function runCli(args: string[], cwd = projectRoot, env: Record<string, string> = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await execFileAsync(...cliCommand(args), { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Builds a site with the CLI (`build …args --out <fresh folder>`, `--no-search` unless `search`) and returns the folder; the build must succeed. */
export async function buildWithCli(args: string[], cwd = projectRoot, { search = false } = {}): Promise<string> {
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'redux-docs-built-')), 'out');
  const run = await runCli(['build', ...args, '--out', outDir, ...(search ? [] : ['--no-search'])], cwd);
  assert.equal(run.code, 0, run.stderr);
  return outDir;
}

/**
 * A Docusaurus fixture (test/fixtures/<name>, built from its docusaurus.config.js) copied into a temporary
 * folder, changed by `edit`, built with the CLI into `out/`; `page(route)` reads a built route's HTML.
 */
export async function buildFixtureCopy(fixture: string, edit: (root: string) => void = () => {}) {
  const root = mkdtempSync(path.join(tmpdir(), `${fixture}-`));
  cpSync(path.join(projectRoot, 'test/fixtures', fixture), root, { recursive: true });
  edit(root);
  const run = await runCli(['build', '--config', 'docusaurus.config.js', '--out', 'out', '--no-search'], root);
  return { ...run, root, page: (route: string) => readFileSync(path.join(root, 'out', route, 'index.html'), 'utf8') };
}
