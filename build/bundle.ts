import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import type { RouteData, SiteData } from '../src/shared/types.ts';
import { jsonModule, type ShippedSidebar } from './sidebar-chunks.ts';

/** The theme and runtime live beside the generator, whatever folder a site is built from. */
const THEME_ROOT = path.join(import.meta.dirname, '..');

export interface BundleInput {
  site: SiteData;
  /** Route chunks to emit, by permalink; `sidebarName` points into `sidebars`; `body` is a doc's HTML. */
  routes: { permalink: string; route: RouteData; body?: string; sidebarName?: string }[];
  sidebars: Record<string, ShippedSidebar>;
  /** CSS made during the build (announcement colours). */
  generatedCss: string;
  baseUrl: string;
}

export interface BundleOutput {
  /** Output files, path relative to the output folder → contents. */
  files: Map<string, Uint8Array>;
  runtimeUrl: string;
  /** Chunks the runtime imports statically (code it shares with lazily loaded parts). */
  runtimePreloads: string[];
  cssUrl: string;
  /** For each permalink: its chunk URL and the chunks it imports (preloaded with it). */
  chunkByRoute: Map<string, { url: string; preloads: string[] }>;
}

export const ASSETS_DIR = 'assets';

/** esbuild settings shared by the production bundle and watch mode's runtime bundle. */
export function clientBuildOptions(themeRoot: string, outdir: string, baseUrl: string) {
  return {
    absWorkingDir: themeRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    outdir: path.join(outdir, ASSETS_DIR),
    publicPath: `${baseUrl}${ASSETS_DIR}/`,
    metafile: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    charset: 'utf8',
  } satisfies BuildOptions;
}

/**
 * esbuild bundles the runtime and one chunk per route. Route chunks are pure data; a small sidebar
 * they share is its own module, so esbuild splits it into one cached chunk instead of repeating it.
 * A large sidebar's category modules are written as they are (they are data, named by content hash).
 */
export async function bundleClient(input: BundleInput): Promise<BundleOutput> {
  const modules = virtualModules(input);
  const routeEntries = input.routes.map((route) => ({ in: `virtual:route:${route.permalink}`, out: `routes/${routeFileKey(route.permalink)}` }));
  const result = await build({
    ...clientBuildOptions(THEME_ROOT, path.join(THEME_ROOT, '.bundle'), input.baseUrl),
    entryPoints: [
      { in: path.join(THEME_ROOT, 'src/client/entry.tsx'), out: 'runtime' },
      { in: 'virtual:styles.css', out: 'site' },
      ...routeEntries,
    ],
    minify: true,
    plugins: [virtualModulePlugin(modules)],
  });
  const output = collectOutput(input, result.outputFiles, result.metafile);
  for (const sidebar of Object.values(input.sidebars)) for (const [file, contents] of sidebar.files) output.files.set(file, new TextEncoder().encode(contents));
  return output;
}

function virtualModules(input: BundleInput): Map<string, { contents: string; loader: 'js' | 'css' }> {
  const modules = new Map<string, { contents: string; loader: 'js' | 'css' }>();
  modules.set('site', { contents: jsonModule(input.site), loader: 'js' });
  modules.set('styles.css', {
    contents: `@import ${JSON.stringify(path.join(THEME_ROOT, 'src/css/site.css'))};\n${input.generatedCss}`,
    loader: 'css',
  });
  for (const [name, sidebar] of Object.entries(input.sidebars)) if (sidebar.whole) modules.set(`sidebar:${name}`, { contents: jsonModule(sidebar.itemsFor('/')), loader: 'js' });
  for (const route of input.routes) {
    modules.set(`route:${route.permalink}`, { contents: routeModule(route, route.sidebarName ? input.sidebars[route.sidebarName] : undefined), loader: 'js' });
    if (route.body !== undefined) modules.set(`body:${route.permalink}`, { contents: `export default ${JSON.stringify(route.body)};`, loader: 'js' });
  }
  return modules;
}

/** A route chunk: its data, its sidebar (the shared chunk, or its own view), and a lazy import of its body chunk. */
function routeModule(route: BundleInput['routes'][number], sidebar: ShippedSidebar | undefined): string {
  const lines = [];
  const fields = [`route: JSON.parse(${JSON.stringify(JSON.stringify(route.route))})`];
  if (sidebar?.whole) {
    lines.push(`import sidebar from ${JSON.stringify(`virtual:sidebar:${route.sidebarName}`)};`);
    fields.push('sidebar');
  } else if (sidebar) {
    fields.push(`sidebar: JSON.parse(${JSON.stringify(JSON.stringify(sidebar.itemsFor(route.permalink)))})`);
  }
  if (route.body !== undefined) fields.push(`loadBody: () => import(${JSON.stringify(`virtual:body:${route.permalink}`)}).then((module) => module.default)`);
  lines.push(`export default { ${fields.join(', ')} };`);
  return lines.join('\n');
}

/** Serves `virtual:NAME` imports from a map: generated modules never touch the disk. */
export function virtualModulePlugin(modules: Map<string, { contents: string; loader: 'js' | 'css' }>): Plugin {
  return {
    name: 'virtual-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice('virtual:'.length), namespace: 'virtual' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => {
        const module = modules.get(args.path);
        if (!module) throw new Error(`unknown virtual module ${args.path}`);
        return { ...module, resolveDir: process.cwd() };
      });
    },
  };
}

export function routeFileKey(permalink: string): string {
  return permalink.replace(/^\/+|\/+$/g, '') || 'index';
}

function collectOutput(input: BundleInput, outputFiles: { path: string; contents: Uint8Array }[], metafile: Metafile): BundleOutput {
  const outdir = path.join(THEME_ROOT, '.bundle');
  const files = new Map(outputFiles.map((file) => [path.relative(outdir, file.path).split(path.sep).join('/'), file.contents]));
  const urlOf = (metaPath: string) => `${input.baseUrl}${path.relative(outdir, path.join(THEME_ROOT, metaPath)).split(path.sep).join('/')}`;
  const chunkByRoute = new Map<string, { url: string; preloads: string[] }>();
  let runtimeUrl = '';
  let runtimePreloads: string[] = [];
  let cssUrl = '';
  for (const [outputPath, output] of Object.entries(metafile.outputs)) {
    const entry = output.entryPoint;
    if (!entry) continue;
    const staticImports = output.imports.filter((imported) => imported.kind === 'import-statement').map((imported) => urlOf(imported.path));
    if (entry.endsWith('src/client/entry.tsx')) {
      runtimeUrl = urlOf(outputPath);
      runtimePreloads = staticImports;
    } else if (entry === 'virtual:styles.css') cssUrl = urlOf(outputPath);
    else if (entry.startsWith('virtual:route:')) chunkByRoute.set(entry.slice('virtual:route:'.length), { url: urlOf(outputPath), preloads: staticImports });
  }
  return { files, runtimeUrl, runtimePreloads, cssUrl, chunkByRoute };
}
