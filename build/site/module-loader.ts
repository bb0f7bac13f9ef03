import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildFailure } from 'esbuild';
import { ContentError } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import { requireWithStubs } from './package-stubs.ts';

export interface LoadOptions {
  /** Packages that are not installed load as stand-ins, each reported here (a Docusaurus config's theme and plugins). */
  missingPackage?: (name: string) => void;
}

/**
 * Loads a config-like module (`.ts`, `.js`, `.mjs`, `.cjs`; ESM or CommonJS) afresh on every call,
 * with the local files it imports: esbuild bundles them into one CommonJS module (packages stay
 * `require`s) and we evaluate it. So a `sidebars.ts` may import a typed helper, a Docusaurus
 * `sidebars.js` with `module.exports` loads as well as an ESM file, and watch mode never sees a
 * cached copy of any of them. Each file the module is made of is added to `files`.
 *
 * Measured against the loaders that could do this: tsx's `tsImport` returned the first version of
 * an imported helper after it changed (its module cache persists across calls) and wraps an ESM
 * default export twice; jiti loads fresh but added 250 ms to every build (80 ms with esbuild as its
 * transformer); this adds nothing, as the build's esbuild service is already running.
 */
export async function loadModuleDefault(file: string, files?: Set<string>, options: LoadOptions = {}): Promise<unknown> {
  const code = await bundle(file, files);
  const module = { exports: {} as Record<string, unknown> };
  const require = options.missingPackage ? requireWithStubs(file, options.missingPackage) : createRequire(file);
  try {
    new Function('module', 'exports', 'require', '__filename', '__dirname', IMPORT_META_URL, code)(
      module, module.exports, require, file, path.dirname(file), pathToFileURL(file).href,
    );
  } catch (error) {
    throw evaluationError(error, displayPath(file));
  }
  return module.exports.default ?? module.exports;
}

/** The author's module threw while it ran (or, for a Docusaurus config, while its exported function ran). */
export function evaluationError(error: unknown, shownFile: string): ContentError {
  return new ContentError({ rule: 'module', message: `could not evaluate: ${(error as Error).message}`, file: shownFile, fix: 'Fix the error in this file.' });
}

/** `import.meta.url` in an ESM config (its `fileURLToPath(import.meta.url)`), which CommonJS output has not. */
const IMPORT_META_URL = '__import_meta_url';
/** The expression, spelt so that the launcher, which writes each file's own URL over that text, leaves it alone. */
const IMPORT_META_URL_EXPRESSION = ['import', 'meta', 'url'].join('.');

async function bundle(file: string, files: Set<string> | undefined): Promise<string> {
  try {
    const result = await build({
      entryPoints: [file], bundle: true, packages: 'external', format: 'cjs', platform: 'node', target: 'node20',
      write: false, metafile: true, logLevel: 'silent', absWorkingDir: path.dirname(file), define: { [IMPORT_META_URL_EXPRESSION]: IMPORT_META_URL },
    });
    for (const input of Object.keys(result.metafile.inputs)) files?.add(path.resolve(path.dirname(file), input));
    return result.outputFiles[0].text;
  } catch (error) {
    throw bundleError(file, error as BuildFailure);
  }
}

/** The first problem esbuild found, in the file it is in: the module itself, or a file it imports. */
function bundleError(file: string, failure: BuildFailure): ContentError {
  const first = failure.errors?.[0];
  const unresolved = first && /^Could not resolve "(.+)"/.exec(first.text);
  if (!first?.location) {
    if (unresolved) return new ContentError({ rule: 'module', message: 'file not found', file: displayPath(file), fix: 'Create it, or pass the right path.' });
    return new ContentError({ rule: 'module', message: `could not load: ${first?.text ?? failure.message}`, file: displayPath(file), fix: 'Fix the error in this file.' });
  }
  const where = displayPath(path.resolve(path.dirname(file), first.location.file));
  if (unresolved) {
    return new ContentError({ rule: 'module', message: `cannot import "${unresolved[1]}": no such file`, file: where, line: first.location.line, fix: 'Create the file, or fix the import path.' });
  }
  return new ContentError({ rule: 'module', message: `syntax error: ${first.text}`, file: where, line: first.location.line, fix: 'Fix the syntax error.' });
}
