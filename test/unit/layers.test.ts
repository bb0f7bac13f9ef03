/**
 * The generator's layers, held by a tool (dependency-cruiser, with the rules in .dependency-cruiser.cjs):
 * no import cycle, src/ never imports build/, and no module imports a layer above its own. A violation
 * fails with the file, what it imports and the rule.
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { projectRoot } from '../helpers/site.ts';

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
  const probe = path.join(projectRoot, 'build/markdown/layer-probe.ts');
  const partner = path.join(projectRoot, 'build/markdown/layer-probe-partner.ts');
  writeFileSync(probe, "import '../pages/render.tsx';\nimport './layer-probe-partner.ts';\n");
  writeFileSync(partner, "import './layer-probe.ts';\n");
  try {
    const found = await violations();
    assert.ok(found.includes('build/markdown/layer-probe.ts → build/pages/render.tsx: no-upward-import-from-markdown'), found.join('\n'));
    assert.ok(found.some((line) => /^build\/markdown\/layer-probe(-partner)?\.ts → build\/markdown\/layer-probe(-partner)?\.ts: no-circular$/.test(line)), found.join('\n'));
  } finally {
    rmSync(probe, { force: true });
    rmSync(partner, { force: true });
  }
});

test('the Docusaurus layer is apart: a core module importing it, or a module reaching past its entry, is reported', async () => {
  const core = path.join(projectRoot, 'build/output/docusaurus-probe.ts');
  const pipeline = path.join(projectRoot, 'build/pipeline/docusaurus-probe.ts');
  writeFileSync(core, "import '../docusaurus/index.ts';\n");
  writeFileSync(pipeline, "import '../docusaurus/config.ts';\n");
  try {
    const found = await violations();
    assert.ok(found.includes('build/output/docusaurus-probe.ts → build/docusaurus/index.ts: docusaurus-apart'), found.join('\n'));
    assert.ok(found.includes('build/pipeline/docusaurus-probe.ts → build/docusaurus/config.ts: docusaurus-through-its-entry'), found.join('\n'));
  } finally {
    rmSync(core, { force: true });
    rmSync(pipeline, { force: true });
  }
});
