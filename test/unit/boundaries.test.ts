/** The wall between the generator and the site: browser code never pulls in server code. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const srcDir = path.join(import.meta.dirname, '../../src');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
}

test('nothing in src/ imports build/ or Node built-ins', () => {
  const offending = sourceFiles(srcDir).flatMap((file) => importsOf(file)
    .filter((specifier) => specifier.startsWith('node:') || path.resolve(path.dirname(file), specifier).startsWith(path.join(srcDir, '../build')))
    .map((specifier) => `${path.relative(srcDir, file)} imports ${specifier}`));
  assert.deepEqual(offending, []);
});

test('src/shared imports nothing from the DOM side or the theme', () => {
  const offending = sourceFiles(path.join(srcDir, 'shared')).flatMap((file) => importsOf(file)
    .filter((specifier) => !specifier.startsWith('./'))
    .map((specifier) => `${path.relative(srcDir, file)} imports ${specifier}`));
  assert.deepEqual(offending, []);
});
