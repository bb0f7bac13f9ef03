/**
 * Every checked TypeScript example of the docs turned into JavaScript (build/examples/to-javascript.ts)
 * parses as JavaScript, and is the same program as the TypeScript: esbuild compiles both to the same code.
 * None may use syntax without a JavaScript twin: every example is shown with a JavaScript tab.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { transformSync } from 'esbuild';
import { extractCheckedExamples } from '../../build/examples/extract.ts';
import { toJavaScript, typeScriptOnlyConstructs, TypeScriptOnlySyntaxError } from '../../build/markdown/to-javascript.ts';
import { listMarkdownFiles } from '../../build/fs-utils.ts';

const projectRoot = path.join(import.meta.dirname, '../..');


const compiled = (code: string, loader: 'ts' | 'tsx' | 'jsx') => transformSync(code, { loader, jsx: 'preserve', minifyWhitespace: true }).code;

test('every checked example turns into JavaScript that parses and compiles to what its TypeScript compiles to', async () => {
  const problems: string[] = [];
  const typescriptOnly: string[] = [];
  let converted = 0;
  for (const file of listMarkdownFiles(path.join(projectRoot, 'content/docs'))) {
    for (const example of extractCheckedExamples(readFileSync(file, 'utf8'), path.relative(projectRoot, file))) {
      const where = `${example.sourceFile}:${example.line}`;
      let javascript: string;
      try {
        javascript = toJavaScript(example.code, example.lang);
      } catch (error) {
        if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
        const constructs = await typeScriptOnlyConstructs(example.code, example.lang);
        typescriptOnly.push(`${where}: ${constructs.map(({ name, line }) => `${name} (line ${line})`).join(', ')}`);
        continue;
      }
      try {
        if (compiled(javascript, 'jsx') !== compiled(example.code, example.lang)) problems.push(`${where}: not the same program as its TypeScript`);
        converted++;
      } catch (error) {
        problems.push(`${where}: does not parse as JavaScript: ${(error as Error).message.split('\n')[1]}`);
      }
    }
  }
  assert.ok(converted > 400, `${converted} examples converted`);
  assert.deepEqual(problems, []);
  assert.deepEqual(typescriptOnly, [], 'every example has a JavaScript tab');
});
