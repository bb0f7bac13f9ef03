/**
 * Where an MDX import points: a built-in theme component (`@theme/Tabs`), a Markdown partial
 * (`./_intro.mdx`, inlined), JSON data, or a JavaScript component module of the site's own (run
 * only when the site opts in: importing it runs its code). `@site/` is the site folder, as in
 * Docusaurus; nothing outside the site folder (and the docs folder, which a Docusaurus config may keep
 * beside it: `path: '../docs'`) can be imported.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInsideSite, realPath } from '../../fs-utils.ts';
import { THEME_MODULES, unknownThemeModule } from './theme/index.ts';
import { loadComponentModule, type ComponentModule } from './component-modules.ts';
import type { ComponentContext } from './component-imports.ts';

export interface ImportContext extends ComponentContext {
  allowComponentCode: boolean;
}

export type ResolvedImport =
  /** A theme module, or a site's component module (`file`) with what its bundle read and copies. */
  | { kind: 'module'; exports: Record<string, unknown>; file?: string; component?: Omit<ComponentModule, 'exports'> }
  /** A JSON file: its value is copied into the page's sandbox. */
  | { kind: 'data'; exports: { default: unknown }; file: string }
  | { kind: 'partial'; file: string }
  | { kind: 'problem'; message: string; fix: string };

const EXTENSIONS = ['', '.mdx', '.md', '.tsx', '.jsx', '.ts', '.js', '.json'];
/**
 * About what a page's sandbox (64 MB) can hold as data; a larger file is refused before it is read: the
 * host parses it first, and 100 MB of JSON took the build to 1.4 GB and past its 30 s budget.
 */
const MAX_JSON_BYTES = 16 * 1024 * 1024;
const CODE = /\.(tsx|jsx|ts|js|mjs|cjs)$/;

export async function resolveImport(source: string, importer: string, context: ImportContext): Promise<ResolvedImport> {
  const theme = THEME_MODULES.get(source);
  if (theme) return { kind: 'module', exports: theme };
  if (source.startsWith('@theme/') || source.startsWith('@docusaurus/')) return { kind: 'problem', ...unknownThemeModule(source) };
  const target = source.startsWith('@site/') ? path.join(context.siteDir, source.slice('@site/'.length))
    : source.startsWith('./') || source.startsWith('../') ? path.resolve(path.dirname(importer), source) : undefined;
  if (!target) {
    return { kind: 'problem', message: `cannot import "${source}": only @theme/ components, @site/ paths and relative paths can be imported`, fix: 'Import a theme component, or a file of the site by a relative or @site/ path.' };
  }
  const file = findFile(target);
  if (!file) return { kind: 'problem', message: `cannot import "${source}": no such file`, fix: 'Create the file, or fix the import path.' };
  if (!isInsideSite(realPath(file)!, context)) {
    return { kind: 'problem', message: `cannot import "${source}": it is outside the site folder`, fix: 'Move the file into the site folder (a symbolic link to a file outside it is refused).' };
  }
  if (/\.mdx?$/.test(file)) return { kind: 'partial', file };
  if (file.endsWith('.json')) {
    const size = statSync(file).size;
    if (size > MAX_JSON_BYTES) return { kind: 'problem', message: `cannot import "${source}": it is ${(size / 1024 / 1024).toFixed(1)} MB, over the ${MAX_JSON_BYTES / 1024 / 1024} MB a JSON import may have`, fix: 'Import a smaller file: the page\'s sandbox (64 MB) could not hold it.' };
    return { kind: 'data', exports: { default: readJson(file, source) }, file };
  }
  if (!CODE.test(file)) return { kind: 'problem', message: `cannot import "${source}": ${path.extname(file)} files cannot be imported`, fix: 'Reference the file by its URL in a link or image instead.' };
  if (!context.allowComponentCode) {
    return { kind: 'problem', message: `importing "${source}" would run its code during the build`, fix: 'If you trust this docs folder, pass --allow-component-code (or set allowComponentCode: true in the site config); otherwise remove the import.' };
  }
  const { exports, ...component } = await loadComponentModule(file, context);
  return { kind: 'module', exports, file, component };
}

/** The first candidate that is a file (or a link to one), or nothing. */
function findFile(target: string): string | undefined {
  for (const candidate of [...EXTENSIONS.map((extension) => target + extension), ...EXTENSIONS.slice(1).map((extension) => path.join(target, `index${extension}`))]) {
    const real = realPath(candidate);
    if (real && statSync(real).isFile()) return candidate;
  }
  return undefined;
}

/** A JSON file's value; a syntax error names the place, never quoting the file. */
function readJson(file: string, source: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new Error(`"${source}" is not valid JSON${position ? ` (at character ${position})` : ''}`);
  }
}
