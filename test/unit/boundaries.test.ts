/**
 * The wall between the generator and the site is held by the compiler: src/ is checked with the DOM
 * and without Node's types, build/ with Node's types and without the DOM, each as its own project.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../helpers/site.ts';

const TSC = path.join(projectRoot, 'node_modules/typescript/bin/tsc');

/** `tsc -b` on projects: its exit status and error lines. */
function typecheck(...projects: string[]): { status: number | null; errors: string[] } {
  const run = spawnSync(process.execPath, [TSC, '-b', ...projects], { cwd: projectRoot, encoding: 'utf8' });
  return { status: run.status, errors: run.stdout.split('\n').filter((line) => /error TS\d+/.test(line)) };
}

/** Type-checks `project` with one more file in it, then removes the file. */
function typecheckWith(project: string, file: string, source: string): string[] {
  const probe = path.join(projectRoot, file);
  writeFileSync(probe, source);
  try {
    return typecheck(project).errors;
  } finally {
    rmSync(probe, { force: true });
  }
}

test('npm run typecheck passes: src, build and test each checked as their own project', () => {
  const run = typecheck('src', 'build', 'test');
  assert.deepEqual(run, { status: 0, errors: [] });
});

test('src/ cannot use Node, nor import build/ (not even for its side effects)', () => {
  const errors = typecheckWith('src/tsconfig.json', 'src/shared/wall-probe.ts', "import '../../build/errors.ts';\nexport const home = process.env.HOME;\n");
  assert.ok(errors.some((line) => line.includes("wall-probe.ts(1,8): error TS6059: File '") && line.includes("build/errors.ts' is not under 'rootDir'")), errors.join('\n'));
  assert.ok(errors.some((line) => line.includes("wall-probe.ts(2,21): error TS2591: Cannot find name 'process'.")), errors.join('\n'));
});

test('build/ cannot use the DOM', () => {
  const errors = typecheckWith('build/tsconfig.json', 'build/wall-probe.ts', 'export const title = document.title;\n');
  assert.ok(errors.some((line) => line.includes("wall-probe.ts(1,22): error TS2584: Cannot find name 'document'.")), errors.join('\n'));
});
