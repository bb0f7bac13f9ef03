/**
 * The generator's structure, held by tools; one file, so that no test sees another's probe files:
 * - the wall between the generator and the site is held by the compiler: src/ is checked with the DOM
 *   and without Node's types, build/ with Node's types and without the DOM, each as its own project;
 * - the layers are held by dependency-cruiser (the rules in .dependency-cruiser.cjs): no import cycle,
 *   src/ never imports build/, no module imports a layer above its own, the Docusaurus layer apart.
 *   A violation fails with the file, what it imports and the rule.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { projectRoot } from '../helpers/site.ts';

const TSC = path.join(projectRoot, 'node_modules/typescript/bin/tsc');

/** `tsc -b` on projects: its exit status and error lines. */
function typecheck(...projects: string[]): { status: number | null; errors: string[] } {
  const run = spawnSync(process.execPath, [TSC, '-b', ...projects], { cwd: projectRoot, encoding: 'utf8' });
  return { status: run.status, errors: run.stdout.split('\n').filter((line) => /error TS\d+/.test(line)) };
}

/** Runs `check` with probe files written into the project (path → source), then removes them. */
async function withProbes<T>(probes: Record<string, string>, check: () => T | Promise<T>): Promise<T> {
  const files = Object.keys(probes).map((file) => path.join(projectRoot, file));
  Object.values(probes).forEach((source, index) => writeFileSync(files[index], source));
  try {
    return await check();
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

/** Type-checks `project` with one more file in it, then removes the file. */
function typecheckWith(project: string, file: string, source: string): Promise<string[]> {
  return withProbes({ [file]: source }, () => typecheck(project).errors);
}

test('npm run typecheck passes: src, build and test each checked as their own project', () => {
  const run = typecheck('src', 'build', 'test');
  assert.deepEqual(run, { status: 0, errors: [] });
});

test('src/ cannot use Node, nor import build/ (not even for its side effects)', async () => {
  const errors = await typecheckWith('src/tsconfig.json', 'src/shared/wall-probe.ts', "import '../../build/errors.ts';\nexport const home = process.env.HOME;\n");
  assert.ok(errors.some((line) => line.includes("wall-probe.ts(1,8): error TS6059: File '") && line.includes("build/errors.ts' is not under 'rootDir'")), errors.join('\n'));
  assert.ok(errors.some((line) => line.includes("wall-probe.ts(2,21): error TS2591: Cannot find name 'process'.")), errors.join('\n'));
});

test('build/ cannot use the DOM', async () => {
  const errors = await typecheckWith('build/tsconfig.json', 'build/wall-probe.ts', 'export const title = document.title;\n');
  assert.ok(errors.some((line) => line.includes("wall-probe.ts(1,22): error TS2584: Cannot find name 'document'.")), errors.join('\n'));
});

const config = createRequire(import.meta.url)(path.join(projectRoot, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(): Promise<string[]> {
  const result = await cruise(['build', 'src'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden }, baseDir: projectRoot });
  const output = result.output as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
  return output.summary.violations.map(({ from, to, rule }) => `${from} → ${to}: ${rule.name}`);
}

test('no cycles, no upward imports between layers, and src/ never imports build/', async () => {
  assert.deepEqual(await violations(), []);
});

test('an upward import and a cycle are each reported with the file, the import and the rule', async () => {
  const found = await withProbes({
    'build/markdown/layer-probe.ts': "import '../pages/render.tsx';\nimport './layer-probe-partner.ts';\n",
    'build/markdown/layer-probe-partner.ts': "import './layer-probe.ts';\n",
  }, violations);
  assert.ok(found.includes('build/markdown/layer-probe.ts → build/pages/render.tsx: no-upward-import-from-markdown'), found.join('\n'));
  assert.ok(found.some((line) => /^build\/markdown\/layer-probe(-partner)?\.ts → build\/markdown\/layer-probe(-partner)?\.ts: no-circular$/.test(line)), found.join('\n'));
});

test('the Docusaurus layer is apart: a core module importing it, or a module reaching past its entry, is reported', async () => {
  const found = await withProbes({
    'build/output/docusaurus-probe.ts': "import '../docusaurus/index.ts';\n",
    'build/pipeline/docusaurus-probe.ts': "import '../docusaurus/config.ts';\n",
  }, violations);
  assert.ok(found.includes('build/output/docusaurus-probe.ts → build/docusaurus/index.ts: docusaurus-apart'), found.join('\n'));
  assert.ok(found.includes('build/pipeline/docusaurus-probe.ts → build/docusaurus/config.ts: docusaurus-through-its-entry'), found.join('\n'));
});
