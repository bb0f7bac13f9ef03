/**
 * Watch mode's server renderer: `build/pages/render.tsx` bundled afresh whenever `src/` changed. (The
 * browser runtime is bundle.ts's `bundleRuntime`, unminified.)
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { GENERATOR_ROOT } from '../runtime-modules.ts';
import { GENERATED_MODULES_DIR } from '../fs-utils.ts';
import type { PageRenderer } from '../pages/route-files.ts';
import type * as RenderModule from '../pages/render.tsx';

export type Renderer = PageRenderer & Pick<typeof RenderModule, 'themeScript'>;

/**
 * `build/pages/render.tsx` with the theme, bundled into one fresh module, so that a change in `src/`
 * is rendered without restarting Node (an imported module cannot be imported again). Packages
 * (React) stay imports (installedPackages). When the watched theme is not the generator's own (a copied site),
 * imports of the generator's `src/` are pointed at the watched one.
 */
export async function bundleRenderer(themeRoot: string): Promise<{ renderer: Renderer; id: string }> {
  const result = await build({
    absWorkingDir: themeRoot,
    entryPoints: [path.join(GENERATOR_ROOT, 'build/pages/render.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    write: false,
    outfile: path.join(GENERATED_MODULES_DIR, 'render.mjs'),
    logLevel: 'silent',
    plugins: [installedPackages(), ...(themeRoot === GENERATOR_ROOT ? [] : [redirectTheme(themeRoot)])],
  });
  const code = result.outputFiles[0].text;
  const id = createHash('sha1').update(code).digest('hex').slice(0, 12);
  mkdirSync(GENERATED_MODULES_DIR, { recursive: true });
  const file = path.join(GENERATED_MODULES_DIR, `render-${process.pid}-${id}.mjs`);
  writeFileSync(file, code);
  try {
    return { renderer: (await import(pathToFileURL(file).href)) as Renderer, id };
  } finally {
    // Node keeps the evaluated module; the file is not needed any more.
    rmSync(file, { force: true });
  }
}

/** Marks esbuild's own call of resolve, so the plugin does not resolve it again. */
const RESOLVING = Symbol('installed-packages');

/**
 * Each package import stays an import, of the file the generator's install resolves it to (a file URL):
 * the bundle is written to a cache folder, where the name could find another React the project installed, or none.
 */
function installedPackages(): Plugin {
  return {
    name: 'installed-packages',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, async ({ path: specifier, kind, pluginData }) => {
        if (pluginData === RESOLVING || isBuiltin(specifier)) return undefined;
        const resolved = await esbuild.resolve(specifier, { kind, resolveDir: GENERATOR_ROOT, pluginData: RESOLVING });
        return resolved.errors.length > 0 ? undefined : { path: pathToFileURL(resolved.path).href, external: true };
      });
    },
  };
}

function redirectTheme(themeRoot: string): Plugin {
  const generatorSrc = path.join(GENERATOR_ROOT, 'src') + path.sep;
  return {
    name: 'dev-theme-root',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\.\.?\// }, (args) => {
        const resolved = path.resolve(args.resolveDir, args.path);
        return resolved.startsWith(generatorSrc) ? { path: path.join(themeRoot, 'src', resolved.slice(generatorSrc.length)) } : undefined;
      });
    },
  };
}
