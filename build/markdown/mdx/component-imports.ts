/**
 * What a site's component module (and a React page) may import while esbuild bundles it, and what
 * each import becomes, as Docusaurus's bundler makes it:
 * - `react` and the theme's modules (`@theme/…`, `@docusaurus/…`, `clsx`): the generator's own
 *   (host-modules in component-modules.ts); an unknown theme module is an error;
 * - a CSS module (`styles.module.css`): its class names, made unique per file, its CSS in the page's stylesheet;
 *   plain CSS goes to the same stylesheet;
 * - an image or font (also a CSS `url()`): the file copied under a content hash, imported as its URL;
 *   an SVG is a component rendering that file as an `<img>` (Docusaurus's SVGR inlines it); a CSS `url()`
 *   or `@import` from the site root (`url(/img/hero.png)`) is a file of the static folder, as in the site's
 *   own CSS (site/site-css.ts) and Docusaurus;
 * - code and JSON of the site, and packages installed in the site's own node_modules.
 * Every file must be inside the site by real path; anything else is one error naming the import.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OnResolveArgs, OnResolveResult, Plugin, PluginBuild } from 'esbuild';
import { isInsideSite, isWithin, realPath, staticFolderFile } from '../../fs-utils.ts';
import { mediaTarget, type PageAsset } from '../doc-images.ts';
import { unknownThemeModule } from './theme/index.ts';

/** Where a module's imports may come from (a CSS path from the site root: the static folders), and where copied files are served. */
export interface ComponentContext { siteDir: string; docsDir?: string; staticDirs: string[]; baseUrl: string }

const CODE_OR_DATA = /\.(jsx?|tsx?|mjs|cjs|mts|cts|json|css)$/;
const ASSET = /\.(svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot)$/i;
const CSS_MODULE = /\.module\.css$/;
const CSS_MODULE_NAMESPACE = 'css-module';
const BARE = /^(?![./]|@site\/)/;

/** What a bundle read and what it copies into the output. */
export interface BundleInputs { files: Set<string>; assets: PageAsset[] }

/** The plugin for one bundle; it records each file of the site it resolves in `inputs`. */
export function componentImports(context: ComponentContext, inputs: BundleInputs): Plugin {
  return {
    name: 'component-imports',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^(@theme|@docusaurus)\// }, ({ path: source }) => ({ errors: [{ text: unknownThemeModule(source).message }] }));
      const copy = (file: string) => {
        const target = mediaTarget(file);
        if (!inputs.assets.some((asset) => asset.source === file)) inputs.assets.push({ source: file, target });
        return context.baseUrl + target;
      };
      esbuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        const resolved = await resolveInSite(esbuild, args, context, copy);
        const file = resolved?.pluginData ?? resolved?.path;
        if (file && !resolved?.external && !resolved?.errors?.length) inputs.files.add(file as string);
        return resolved;
      });
      esbuild.onLoad({ filter: /.*/, namespace: CSS_MODULE_NAMESPACE }, ({ pluginData }) => ({ contents: readFileSync(pluginData as string, 'utf8'), loader: 'local-css', resolveDir: path.dirname(pluginData as string) }));
      esbuild.onLoad({ filter: /.*/, namespace: 'asset' }, ({ path: file }) => assetModule(file, copy(file)));
    },
  };
}

/** Marks esbuild's own resolution of an import, asked for from inside the plugin. */
const RESOLVING = Symbol('resolving');

async function resolveInSite(esbuild: PluginBuild, args: OnResolveArgs, context: ComponentContext, copy: (file: string) => string): Promise<OnResolveResult | undefined> {
  const source = args.path;
  if (/^[a-z][\w+.-]*:|^\/\//i.test(source) && !source.startsWith('node:')) return { path: source, external: true }; // a URL in CSS
  if ((args.kind === 'url-token' || args.kind === 'import-rule') && source.startsWith('/')) return staticFolderUrl(source, args, context, copy);
  const request = source.startsWith('@site/') ? `./${source.slice('@site/'.length)}` : source;
  const resolveDir = source.startsWith('@site/') ? context.siteDir : args.resolveDir;
  const resolved = await esbuild.resolve(request, { kind: args.kind, resolveDir, importer: args.importer, pluginData: RESOLVING });
  if (resolved.errors.length > 0) return refused(source, BARE.test(source) ? 'the package is not installed in the site (its node_modules)' : 'no such file');
  if (resolved.external) return resolved;
  const file = realPath(resolved.path) ?? resolved.path;
  if (!isInsideSite(file, context)) return refused(source, BARE.test(source) ? 'the package is outside the site folder' : 'it is outside the site folder');
  if (CSS_MODULE.test(file)) return { path: uniqueCssModuleName(file, context.siteDir), namespace: CSS_MODULE_NAMESPACE, pluginData: file };
  if (ASSET.test(file)) return args.kind === 'url-token' ? { path: copy(file), external: true } : { path: file, namespace: 'asset' };
  if (!CODE_OR_DATA.test(file)) return refused(source, `${path.extname(file) || 'extensionless'} files cannot be imported`);
  return { ...resolved, path: file };
}

/** A CSS `url()` or `@import` from the site root: the file of a static folder it names, copied or bundled as a relative one is. */
function staticFolderUrl(source: string, args: OnResolveArgs, context: ComponentContext, copy: (file: string) => string): OnResolveResult {
  const named = staticFolderFile(source, context.staticDirs);
  const file = realPath(named);
  const target = file ?? path.resolve(named);
  // Where it is decides first: whether a file outside the site exists is not told.
  const inStaticFolder = context.staticDirs.some((dir) => isWithin(realPath(dir) ?? path.resolve(dir), target));
  if (!inStaticFolder && !isInsideSite(target, context)) return refused(source, 'it is outside the site folder');
  if (!file || !statSync(file).isFile()) return refused(source, 'no such file in the static folder');
  const usable = args.kind === 'import-rule' ? file.endsWith('.css') : ASSET.test(file);
  if (!usable) return refused(source, `${path.extname(file) || 'extensionless'} files cannot be imported`);
  return args.kind === 'import-rule' ? { path: file } : { path: copy(file), external: true };
}

function refused(source: string, reason: string): OnResolveResult {
  return { errors: [{ text: `cannot import "${source}": ${reason}` }] };
}

/**
 * esbuild names a CSS module's classes after its file (`styles_hero`); pages are bundled one by one,
 * so two pages' `styles.module.css` would share names. A hash of the file's place in the site keeps them apart.
 */
function uniqueCssModuleName(file: string, siteDir: string): string {
  const hash = createHash('sha1').update(path.relative(siteDir, file)).digest('hex').slice(0, 6);
  return file.replace(CSS_MODULE, `_${hash}.module.css`);
}

/** The file esbuild names in a message (`css-module:/site/index_65d6f5.module.css` for a CSS module) as the author's file. */
export function authorsFile(esbuildFile: string): string {
  return esbuildFile.startsWith(`${CSS_MODULE_NAMESPACE}:`) ? esbuildFile.slice(CSS_MODULE_NAMESPACE.length + 1).replace(/_[0-9a-f]{6}\.module\.css$/, '.module.css') : esbuildFile;
}

/** An imported image or font as a module: its URL; an SVG's default export renders it (alt text from `title`). */
function assetModule(file: string, copiedUrl: string) {
  const url = JSON.stringify(copiedUrl);
  if (!file.toLowerCase().endsWith('.svg')) return { contents: `export default ${url};\n`, loader: 'js' as const };
  const component = `import { jsx } from 'react/jsx-runtime';
export default function SvgImage({ title, className, style, width, height }) {
  return jsx('img', { src: ${url}, alt: title ?? '', className, style, width, height });
}
export const ReactComponent = SvgImage;
`;
  return { contents: component, loader: 'js' as const, resolveDir: path.dirname(file) };
}
