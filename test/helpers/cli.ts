import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const projectRoot = path.join(import.meta.dirname, '../..');
const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');

export interface CliRun { code: number; stdout: string; stderr: string }

/** Runs `build/cli.ts` as a user would, from any folder; never throws on a non-zero exit. */
export async function runCli(args: string[], cwd = projectRoot): Promise<CliRun> {
  try {
    const { stdout, stderr } = await execFileAsync(tsx, [path.join(projectRoot, 'build/cli.ts'), ...args], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      // tsx reads tsconfig.json (JSX settings) from the working directory; point it at ours.
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(projectRoot, 'tsconfig.json') },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
