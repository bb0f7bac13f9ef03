/**
 * The runtime's lazily loaded parts (search dialog, theme pages, back-to-top button, prefetching,
 * the progress bar) and the islands, bundled before the runtime. They reach React and the theme's
 * shared modules through the runtime (runtime-modules.ts) instead of importing them.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { fromRuntimePlugin, importOfAny, importPath } from '../runtime-modules.ts';

/** The runtime's dynamic imports: each is bundled here, and the runtime imports it by URL. */
export const LAZY_MODULES = [
  'src/theme/search/SearchModal.tsx',
  'src/theme/BackToTop.tsx',
  'src/theme/pages/HomePage.tsx',
  'src/theme/pages/ErrorsPage.tsx',
  'src/theme/pages/NotFoundPage.tsx',
  'src/client/prefetch-intent.ts',
  'nprogress',
];

export interface LazyBundle {
  files: Map<string, Uint8Array>;
  /** LAZY_MODULES entry → its URL. */
  moduleUrls: Map<string, string>;
  /** Island name → its URL. */
  islandUrls: Record<string, string>;
  /** The source files the lazy parts are made of (none may also be in the runtime). */
  inputs: Set<string>;
}

export interface LazyBuildInput {
  themeRoot: string;
  /** The options the runtime's build uses too (output folder, public path, target, minify). */
  buildOptions: BuildOptions & { write: false };
  urlOf(outputPath: string): string;
  relative(file: string): string;
}

export async function bundleLazyModules(input: LazyBuildInput): Promise<LazyBundle> {
  const { themeRoot } = input;
  const entryPoints = [
    ...LAZY_MODULES.map((name) => ({ in: importPath(themeRoot, name), out: `lazy/${outName(name)}` })),
    ...islandNames(themeRoot).map((name) => ({ in: path.join(themeRoot, ISLANDS_DIR, `${name}.ts`), out: `islands/${name}` })),
  ];
  const result = await build({
    ...input.buildOptions, splitting: true, chunkNames: 'chunks/[name]-[hash]', entryPoints, plugins: [fromRuntimePlugin(themeRoot)],
  });
  const moduleUrls = new Map<string, string>();
  const islandUrls: Record<string, string> = {};
  const inputs = new Set<string>();
  for (const [outputPath, output] of Object.entries((result.metafile as Metafile).outputs)) {
    for (const file of Object.keys(output.inputs)) inputs.add(file);
    const lazyName = /\/lazy\/([^/]+)-\w+\.js$/.exec(outputPath)?.[1];
    const entry = lazyName && LAZY_MODULES.find((name) => outName(name) === lazyName);
    if (entry) moduleUrls.set(entry, input.urlOf(outputPath));
    else if (output.entryPoint?.startsWith(ISLANDS_DIR)) islandUrls[path.basename(output.entryPoint, '.ts')] = input.urlOf(outputPath);
  }
  const missing = LAZY_MODULES.filter((name) => !moduleUrls.has(name));
  if (missing.length > 0) throw new Error(`internal: no output for the lazy modules ${missing.join(', ')}`);
  return { files: new Map(result.outputFiles.map((file) => [input.relative(file.path), file.contents])), moduleUrls, islandUrls, inputs };
}

/** Client code for MDX components that need the browser; a page imports only the ones it uses. */
const ISLANDS_DIR = 'src/client/islands';

function islandNames(themeRoot: string): string[] {
  return readdirSync(path.join(themeRoot, ISLANDS_DIR)).filter((file) => file.endsWith('.ts')).map((file) => file.slice(0, -'.ts'.length));
}

function outName(lazyModule: string): string {
  return path.basename(lazyModule).replace(/\.tsx?$/, '');
}

/** In the runtime build: each dynamic import of a lazy module becomes an import of its URL. */
export function lazyImportsPlugin(themeRoot: string, moduleUrls: Map<string, string>): Plugin {
  return {
    name: 'lazy-imports',
    setup(esbuild) {
      esbuild.onResolve({ filter: importOfAny(LAZY_MODULES) }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const local = args.path.startsWith('.') ? path.relative(themeRoot, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/') : args.path;
        const url = moduleUrls.get(local);
        return url ? { path: url, external: true } : undefined;
      });
    },
  };
}
