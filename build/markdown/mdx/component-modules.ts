/**
 * A site's own component module (`.jsx`/`.tsx`/`.js`, JSX allowed in `.js` as in Docusaurus), bundled
 * by esbuild for Node and imported, so the page can render it at build time. Its `react` and `@theme/…`
 * imports are the generator's own instances, handed over through a global (the generator itself runs
 * as one bundle, so there is no file to import them from): one React for hooks, and the built-in Tabs
 * are recognised as the island they are. What else it may import is component-imports.ts's. Only
 * reached when the site opted in to running its component code (imports.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildFailure, type Message, type Plugin } from 'esbuild';
import { displayPath, GENERATED_MODULES_DIR, writeFileWhole } from '../../fs-utils.ts';
import type { PageAsset } from '../doc-images.ts';
import { authorsFile, componentImports, type BundleInputs, type ComponentContext } from './component-imports.ts';
import { THEME_MODULES } from './theme/index.ts';
import { watchedModules } from './client-state.ts';

const HOST_MODULES_KEY = Symbol.for('redux-docs.host-modules');
const HOST_MODULES = watchedModules(THEME_MODULES);
(globalThis as Record<symbol, unknown>)[HOST_MODULES_KEY] = HOST_MODULES;

const OUTPUT_DIR = path.join(GENERATED_MODULES_DIR, 'components');

export interface ComponentModule {
  exports: Record<string, unknown>;
  /** Every file of the site the bundle read: the module and what it imports. */
  files: string[];
  /** Files to copy with a page that uses the module: the images it imports, its stylesheet. */
  assets: PageAsset[];
  /** The URL of its CSS (its CSS modules' and stylesheets'), which a page using it links. */
  stylesheet?: string;
}

interface Loaded { baseUrl: string; module: Promise<ComponentModule & { stamp: string }> }

const loaded = new Map<string, Loaded>();

/**
 * Bundled once per version of its files: watch mode picks up an edit to the module or anything it
 * imports. A module that failed is bundled again at its next import, so a fix anywhere is seen.
 */
export async function loadComponentModule(file: string, context: ComponentContext): Promise<ComponentModule> {
  const cached = loaded.get(file);
  const module = cached?.baseUrl === context.baseUrl ? await cached.module.catch(() => undefined) : undefined;
  if (module && module.stamp === stampOf(module.files)) return module;
  const bundling = bundleAndImport(file, context);
  loaded.set(file, { baseUrl: context.baseUrl, module: bundling });
  bundling.catch(() => loaded.delete(file));
  return bundling;
}

async function bundleAndImport(file: string, context: ComponentContext): Promise<ComponentModule & { stamp: string }> {
  const inputs: BundleInputs = { files: new Set(), assets: [] };
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    loader: { '.js': 'jsx' },
    // Without the comments naming each input by its path on the build machine, which the stylesheet would publish.
    minifyWhitespace: true,
    // Names the stylesheet esbuild makes of the CSS the module imports; nothing is written there by esbuild.
    outdir: OUTPUT_DIR,
    logLevel: 'silent',
    plugins: [hostModulesPlugin(), componentImports(context, inputs)],
  }).catch((error: BuildFailure) => {
    throw new Error(esbuildErrors(error));
  });
  const code = result.outputFiles.find((output) => output.path.endsWith('.js'))!.text;
  const css = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text;
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const name = createHash('sha1').update(file).update(code).update(css ?? '').digest('hex').slice(0, 16);
  writeFileWhole(path.join(OUTPUT_DIR, `${name}.mjs`), code);
  const files = [...inputs.files];
  const module = { exports: (await import(pathToFileURL(path.join(OUTPUT_DIR, `${name}.mjs`)).href)) as Record<string, unknown>, files, assets: inputs.assets, stamp: stampOf(files) };
  if (!css) return module;
  writeFileWhole(path.join(OUTPUT_DIR, `${name}.css`), css);
  const stylesheet: PageAsset = { source: path.join(OUTPUT_DIR, `${name}.css`), target: `assets/css/${path.basename(file, path.extname(file))}-${name.slice(0, 10)}.css` };
  return { ...module, assets: [...inputs.assets, stylesheet], stylesheet: context.baseUrl + stylesheet.target };
}

function stampOf(files: string[]): string {
  return files.map((file) => `${file}@${statSync(file, { throwIfNoEntry: false })?.mtimeMs}`).join('\n');
}

/** esbuild's errors as authors read ours: `src/pages/index.js:3:18: cannot import "x": …` (columns from 1), one per line. */
export function esbuildErrors(failure: BuildFailure): string {
  return failure.errors.map(({ text, location }: Message) => (location ? `${displayPath(authorsFile(location.file))}:${location.line}:${location.column + 1}: ${text}` : text)).join('\n');
}

/** `react` and `@theme/X` in a component module are the generator's own modules. */
function hostModulesPlugin(): Plugin {
  const filter = new RegExp(`^(${[...HOST_MODULES.keys()].map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
  return {
    name: 'host-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'host' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'host' }, (args) => {
        const names = Object.keys(HOST_MODULES.get(args.path)!).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
        const module = `globalThis[Symbol.for(${JSON.stringify(HOST_MODULES_KEY.description)})].get(${JSON.stringify(args.path)})`;
        return { contents: `const m = ${module};\nexport default m.default ?? m;\nexport const { ${names.join(', ')} } = m;\n`, loader: 'js' };
      });
    },
  };
}
