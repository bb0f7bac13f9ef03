/**
 * Watch mode's two esbuild builds, made only when `src/` (or the site data and generated CSS the
 * runtime embeds) changed: the browser runtime with the site CSS, and the server renderer.
 * Route chunks are not bundled here: they are data, written directly by `DevSite`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { clientBuildOptions, virtualModulePlugin } from '../bundle.ts';
import { GENERATED_MODULES_DIR } from '../fs-utils.ts';
import type * as RenderModule from '../render.tsx';

/** The generator's own folder: `build/render.tsx` and, normally, the theme in `src/`. */
export const GENERATOR_ROOT = path.join(import.meta.dirname, '../..');


export interface RuntimeBundle {
  /** Output files, path relative to the output folder → contents. */
  files: Map<string, Uint8Array>;
  runtimeUrl: string;
  runtimePreloads: string[];
  cssUrl: string;
}

/** The browser runtime (`src/client/entry.tsx`) and the site CSS, as the production bundle makes them. */
export async function bundleRuntime(input: { themeRoot: string; siteJson: string; generatedCss: string; baseUrl: string }): Promise<RuntimeBundle> {
  const { themeRoot, baseUrl } = input;
  const modules = new Map<string, { contents: string; loader: 'js' | 'css' }>([
    ['site', { contents: `export default JSON.parse(${JSON.stringify(input.siteJson)});`, loader: 'js' }],
    ['styles.css', { contents: `@import ${JSON.stringify(path.join(themeRoot, 'src/css/site.css'))};\n${input.generatedCss}`, loader: 'css' }],
  ]);
  const outdir = path.join(themeRoot, '.bundle');
  const result = await build({
    ...clientBuildOptions(themeRoot, outdir, baseUrl),
    entryPoints: [
      { in: path.join(themeRoot, 'src/client/entry.tsx'), out: 'runtime' },
      { in: 'virtual:styles.css', out: 'site' },
    ],
    plugins: [virtualModulePlugin(modules)],
  });
  const relative = (file: string) => path.relative(outdir, file).split(path.sep).join('/');
  const files = new Map(result.outputFiles.map((file) => [relative(file.path), file.contents]));
  const urlOf = (metaPath: string) => `${baseUrl}${relative(path.join(themeRoot, metaPath))}`;
  let runtimeUrl = '';
  let runtimePreloads: string[] = [];
  let cssUrl = '';
  for (const [outputPath, output] of Object.entries((result.metafile as Metafile).outputs)) {
    if (output.entryPoint === 'virtual:styles.css') cssUrl = urlOf(outputPath);
    else if (output.entryPoint?.endsWith('src/client/entry.tsx')) {
      runtimeUrl = urlOf(outputPath);
      runtimePreloads = output.imports.filter((imported) => imported.kind === 'import-statement').map((imported) => urlOf(imported.path));
    }
  }
  return { files, runtimeUrl, runtimePreloads, cssUrl };
}


export type Renderer = Pick<typeof RenderModule, 'renderPage' | 'renderRedirectPage' | 'themeScript'>;

/**
 * `build/render.tsx` with the theme, bundled into one fresh module, so that a change in `src/`
 * is rendered without restarting Node (an imported module cannot be imported again). Packages
 * (React) stay external. When the watched theme is not the generator's own (a copied site),
 * imports of the generator's `src/` are pointed at the watched one.
 */
export async function bundleRenderer(themeRoot: string): Promise<{ renderer: Renderer; id: string }> {
  const result = await build({
    absWorkingDir: themeRoot,
    entryPoints: [path.join(GENERATOR_ROOT, 'build/render.tsx')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    write: false,
    outfile: path.join(GENERATED_MODULES_DIR, 'render.mjs'),
    logLevel: 'silent',
    plugins: themeRoot === GENERATOR_ROOT ? [] : [redirectTheme(themeRoot)],
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
