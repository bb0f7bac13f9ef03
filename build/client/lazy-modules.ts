/**
 * The runtime's lazily loaded parts (search dialog, theme pages, back-to-top button, prefetching,
 * the progress bar) and the islands, bundled before the runtime. They reach React and the theme's
 * shared modules through the runtime instead of importing them, so the runtime is one file: with
 * esbuild's code splitting, every module a lazy part shared with the runtime became a chunk of its
 * own, and the first load paid a request and a gzip stream for each (five chunks, 1.1 KB of gzip
 * against one file).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

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

/**
 * Modules lazy parts take from the running runtime: React must be the one instance that rendered the
 * page, and the theme's contexts the ones its providers set.
 */
const SHARED_MODULES = ['react', 'react/jsx-runtime', 'src/theme/context.ts', 'src/theme/Link.tsx'];

/** Where the runtime leaves its shared modules for the lazy parts. */
const SHARED_GLOBAL = '__docsRuntimeModules';

/** The module the runtime imports first: it puts every shared module on the global. */
export function sharedModulesSource(themeRoot: string): string {
  const imports = SHARED_MODULES.map((name, index) => `import * as m${index} from ${JSON.stringify(importPath(themeRoot, name))};`);
  const entries = SHARED_MODULES.map((name, index) => `${JSON.stringify(name)}: m${index}`);
  return `${imports.join('\n')}\nglobalThis.${SHARED_GLOBAL} = { ${entries.join(', ')} };\n`;
}

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

/**
 * The import paths that can name one of these files (`./Link.tsx`, `../theme/Link.tsx`, `nprogress`).
 * esbuild tests the filter itself; a plugin matching every import would call into this thread for
 * each, and this thread is busy compiling pages: the runtime took 2.5 s to bundle instead of 0.4 s.
 */
function importOfAny(files: string[]): RegExp {
  const names = files.map((file) => path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|/)(${names.join('|')})$`);
}

/** A module of the lists above as esbuild resolves it: the theme's files by path, packages by name. */
function importPath(themeRoot: string, name: string): string {
  return name.startsWith('src/') ? path.join(themeRoot, name) : name;
}

function outName(lazyModule: string): string {
  return path.basename(lazyModule).replace(/\.tsx?$/, '');
}

/** Shared modules resolve to the runtime's copies (a CommonJS shim, so named imports read the live object). */
function fromRuntimePlugin(themeRoot: string): Plugin {
  const sharedFiles = new Map(SHARED_MODULES.filter((name) => name.startsWith('src/')).map((name) => [path.join(themeRoot, name), name]));
  return {
    name: 'from-runtime',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => ({ path: args.path, namespace: 'from-runtime' }));
      esbuild.onResolve({ filter: importOfAny([...sharedFiles.keys()]) }, (args) => {
        const shared = sharedFiles.get(path.resolve(args.resolveDir, args.path));
        return shared ? { path: shared, namespace: 'from-runtime' } : undefined;
      });
      esbuild.onLoad({ filter: /.*/, namespace: 'from-runtime' }, (args) => ({
        contents: `module.exports = globalThis.${SHARED_GLOBAL}[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
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
