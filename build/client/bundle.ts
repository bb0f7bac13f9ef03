/**
 * esbuild bundles the browser runtime (`src/client/entry.tsx`, one file; its lazily loaded parts
 * and the islands are bundled first, by lazy-modules.ts) and the site CSS. It depends on the site data, not on any page, so the build runs it
 * while Markdown compiles. Route, body and sidebar chunks are data and are written directly
 * (route-chunks.ts, sidebar-chunks.ts).
 */
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { bundleLazyModules, lazyImportsPlugin } from './lazy-modules.ts';
import { sharedModulesSource } from '../runtime-modules.ts';
import { themePartsPlugin, unusedThemeParts, usedThemeStylesheets } from './theme-parts.ts';
import { ASSETS_DIR, type RuntimeAssets } from '../output-layout.ts';
import type { PageStyles } from '../site/page-styles.ts';
import type { SiteCss } from '../site/site-css.ts';
import type { SiteData } from '../../src/shared/types.ts';



export interface RuntimeInput {
  /** The folder whose `src/` is bundled: the generator's own, or watch mode's copy. */
  themeRoot: string;
  /** The site data pages are rendered with; the runtime gets it without the footer (see KeptFooter). */
  site: SiteData;
  /** CSS made during the build (announcement colours). */
  generatedCss: string;
  /** The site's own CSS, after the theme's: already bundled, its files' URLs final. */
  siteCss: Pick<SiteCss, 'css' | 'assets'>;
  /** What the pages and the site's CSS use that the theme styles only for sites that do (Infima's classes and variables). */
  pageStyles: PageStyles;
  baseUrl: string;
  /** Production minifies; watch mode does not, to rebuild faster. */
  minify: boolean;
}

export interface RuntimeBundle extends RuntimeAssets {
  /** Output files, path relative to the output folder → contents. */
  files: Map<string, Uint8Array>;
}

export async function bundleRuntime(input: RuntimeInput): Promise<RuntimeBundle> {
  const { themeRoot, baseUrl } = input;
  const outdir = path.join(themeRoot, '.bundle', ASSETS_DIR);
  const bundleRoot = path.dirname(outdir);
  const relative = (file: string) => path.relative(bundleRoot, file).split(path.sep).join('/');
  const urlOf = (metaPath: string) => `${baseUrl}${relative(path.join(themeRoot, metaPath))}`;
  // Both builds (the lazy parts and islands, then the runtime) make browser code into the same folder.
  const shared = {
    absWorkingDir: themeRoot,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[dir]/[name]-[hash]',
    outdir,
    publicPath: `${baseUrl}${ASSETS_DIR}/`,
    metafile: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    charset: 'utf8',
    minify: input.minify,
    dropLabels: unusedThemeParts(input.site, input.pageStyles),
  } satisfies BuildOptions;
  const lazy = await bundleLazyModules({ themeRoot, buildOptions: shared, urlOf, relative });
  const modules = new Map<string, { contents: string; loader: 'js' | 'css' }>([
    ['site', { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify({ ...input.site, footer: undefined }))});`, loader: 'js' }],
    ['runtime-modules', { contents: sharedModulesSource(themeRoot), loader: 'js' }],
    ['styles.css', { contents: themeCssImports(themeRoot, input.pageStyles, input.site), loader: 'css' }],
    ['generated.css', { contents: input.generatedCss, loader: 'css' }],
    ['site-own.css', { contents: input.siteCss.css, loader: 'css' }],
  ]);
  const result = await build({
    ...shared,
    assetNames: 'media/[name]-[hash]',
    entryPoints: [
      { in: path.join(themeRoot, 'src/client/entry.tsx'), out: 'runtime' },
      { in: 'virtual:styles.css', out: 'site' },
    ],
    plugins: [virtualModulePlugin(modules, themeRoot), lazyImportsPlugin(themeRoot, lazy.moduleUrls), themePartsPlugin(themeRoot)],
  });
  const files = new Map([...lazy.files, ...input.siteCss.assets, ...result.outputFiles.map((file) => [relative(file.path), file.contents] as const)]);
  let runtimeUrl = '';
  let cssUrl = '';
  for (const [outputPath, output] of Object.entries((result.metafile as Metafile).outputs)) {
    if (output.entryPoint === 'virtual:styles.css') cssUrl = urlOf(outputPath);
    else if (output.entryPoint?.endsWith('src/client/entry.tsx')) {
      runtimeUrl = urlOf(outputPath);
      assertNotShared(Object.keys(output.inputs), lazy.inputs);
      assertLazyImportsListed(result.metafile as Metafile);
    }
  }
  return { files, runtimeUrl, cssUrl, islandUrls: lazy.islandUrls };
}

/**
 * Infima's variables (for a site that uses them), the theme's CSS, the theme's stylesheets the pages use, the CSS
 * made from the config, then the site's own, which wins.
 */
function themeCssImports(themeRoot: string, pageStyles: PageStyles, site: SiteData): string {
  const { beforeTheme, afterTheme } = usedThemeStylesheets(themeRoot, pageStyles, site);
  const files = [...beforeTheme, path.join(themeRoot, 'src/css/site.css'), ...afterTheme, 'virtual:generated.css', 'virtual:site-own.css'];
  return files.map((file) => `@import ${JSON.stringify(file)};`).join('\n');
}

/** A dynamic import of a module not in LAZY_MODULES would be bundled into the runtime, on every first load. */
function assertLazyImportsListed(metafile: Metafile): void {
  const inlined = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((imported) => imported.kind === 'dynamic-import' && !imported.external).map((imported) => imported.path));
  if (inlined.length > 0) throw new Error(`internal: the runtime imports ${inlined.join(', ')} lazily; add it to LAZY_MODULES in build/client/lazy-modules.ts`);
}

/** A module in the runtime and in a lazy part would run twice, with state of its own: share it instead. */
function assertNotShared(runtimeInputs: string[], lazyInputs: Set<string>): void {
  const twice = runtimeInputs.filter((file) => lazyInputs.has(file) && !file.startsWith('from-runtime:'));
  if (twice.length > 0) throw new Error(`internal: ${twice.join(', ')} would be bundled into the runtime and a lazy part; add it to SHARED_MODULES in build/runtime-modules.ts`);
}

/**
 * Serves `virtual:NAME` imports from a map: generated modules never touch the disk. A `url()` from the
 * root in them is the site CSS's hashed copy of a file (site/site-css.ts), already where it belongs.
 */
function virtualModulePlugin(modules: Map<string, { contents: string; loader: 'js' | 'css' }>, resolveDir: string): Plugin {
  return {
    name: 'virtual-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice('virtual:'.length), namespace: 'virtual' }));
      esbuild.onResolve({ filter: /^\//, namespace: 'virtual' }, (args) => (args.kind === 'url-token' ? { external: true } : undefined));
      esbuild.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => {
        const module = modules.get(args.path);
        if (!module) throw new Error(`unknown virtual module ${args.path}`);
        return { ...module, resolveDir };
      });
    },
  };
}
