/**
 * The modules the browser runtime shares with code bundled apart from it: its lazily loaded parts and
 * islands (client/lazy-modules.ts) and a site's React pages with state (markdown/mdx/client-page.ts).
 * They reach React and the theme's shared modules through the runtime instead of importing them, so
 * the runtime is one file: with esbuild's code splitting, every module a lazy part shared with the
 * runtime became a chunk of its own, and the first load paid a request and a gzip stream for each
 * (five chunks, 1.1 KB of gzip against one file).
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The theme and runtime live beside the generator, whatever folder a site is built from. */
export const GENERATOR_ROOT = path.join(import.meta.dirname, '..');

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

/**
 * The import paths that can name one of these files (`./Link.tsx`, `../theme/Link.tsx`, `nprogress`).
 * esbuild tests the filter itself; a plugin matching every import would call into this thread for
 * each, and this thread is busy compiling pages: the runtime took 2.5 s to bundle instead of 0.4 s.
 */
export function importOfAny(files: string[]): RegExp {
  const names = files.map((file) => path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|/)(${names.join('|')})$`);
}


/** Shared modules resolve to the runtime's copies (a CommonJS shim, so named imports read the live object). */
export function fromRuntimePlugin(themeRoot: string): Plugin {
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

/** A module of the lists above as esbuild resolves it: the theme's files by path, packages by name. */
export function importPath(themeRoot: string, name: string): string {
  return name.startsWith('src/') ? path.join(themeRoot, name) : name;
}
