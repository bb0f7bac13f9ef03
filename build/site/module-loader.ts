import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transform } from 'esbuild';
import { ContentError } from '../errors.ts';

/**
 * Loads a config-like module (`.ts`, `.js`, `.mjs`, `.cjs`; ESM or CommonJS) afresh on every call.
 * esbuild turns it into CommonJS and we evaluate it, so watch mode never sees a cached copy and a
 * Docusaurus `sidebars.js` with `module.exports` loads as well as an ESM `sidebars.ts`. (esbuild's
 * asynchronous API shares the service the build already runs; the synchronous one started its own,
 * ~50 ms on every build.)
 */
export async function loadModuleDefault(file: string): Promise<unknown> {
  const source = readSource(file);
  const code = await compile(file, source);
  const module = { exports: {} as Record<string, unknown> };
  const requireFromFile = createRequire(file);
  try {
    new Function('module', 'exports', 'require', '__filename', '__dirname', code)(
      module, module.exports, requireFromFile, file, path.dirname(file),
    );
  } catch (error) {
    throw new ContentError({ rule: 'module', message: `could not evaluate: ${(error as Error).message}`, file: relative(file), fix: 'Fix the error in this file.' });
  }
  return module.exports.default ?? module.exports;
}

function readSource(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ContentError({ rule: 'module', message: 'file not found', file: relative(file), fix: 'Create it, or pass the right path.' });
  }
}

async function compile(file: string, source: string): Promise<string> {
  const loader = /\.tsx?$/.test(file) ? 'ts' : 'js';
  try {
    return (await transform(source, { loader, format: 'cjs', sourcefile: file, target: 'node20' })).code;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number } }[] }).errors?.[0];
    throw new ContentError({ rule: 'module', message: `syntax error: ${first?.text ?? (error as Error).message}`, file: relative(file), line: first?.location?.line, fix: 'Fix the syntax error.' });
  }
}

function relative(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
