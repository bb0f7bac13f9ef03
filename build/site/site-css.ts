/**
 * The site's own CSS: the config's `customCss` files, then its `stylesheets` that are files of the
 * static folder, in one bundle placed after the theme's CSS (client/bundle.ts). CSS is data, so it
 * needs no opt-in, but what it loads is checked like a page's links and images: a `url()` or
 * `@import` of a file of the site is copied under a content hash and rewritten; one that names a
 * missing file, a file outside the site, or another site over anything but https is an error at its
 * line. An https `@import` or `url()` stays, and its origin goes to the CSP (output/security-headers.ts).
 *
 * esbuild already parses our CSS, so it parses the site's too: its resolver hands every `url()` and
 * `@import` to the plugin below with the line it is on, and it copies and renames the files. A second
 * CSS parser (postcss, css-tree) would only repeat that work.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildFailure, type Message, type OnResolveArgs, type OnResolveResult, type Plugin } from 'esbuild';
import { ContentError, contentError, type Warning } from '../errors.ts';
import { displayPath, isInsideSite, realPath, staticFolderFile } from '../fs-utils.ts';
import { ASSETS_DIR } from '../output-layout.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

export interface SiteCss {
  /** The bundled CSS, every file it loads pointing at its hashed copy; empty when the site has none. */
  css: string;
  /** The copies: path below the output folder → contents. */
  assets: Map<string, Uint8Array>;
  /** Where the CSP must let stylesheets and fonts come from: https origins, sorted. */
  styleOrigins: string[];
  fontOrigins: string[];
  /** Every file the CSS is made of (watch mode watches them). */
  files: string[];
  /** esbuild's notes on CSS it reads but browsers would not (an `@import` after a rule). */
  warnings: Warning[];
}

export interface SiteCssInput {
  config: SiteConfig;
  /** The config as messages name it. */
  configFile: string;
  /** The folder `customCss` paths are relative to, and outside which no file is read. */
  siteDir: string;
  staticDirs: string[];
}

/**
 * Google Fonts' stylesheets load their fonts from another origin, which their CSS names; we do not
 * fetch the stylesheet, so the pair is known here. Any other stylesheet's fonts are its own origin's.
 */
const FONT_ORIGIN_OF_STYLESHEET: Record<string, string> = { 'https://fonts.googleapis.com': 'https://fonts.gstatic.com' };

export async function loadSiteCss({ config, configFile, siteDir, staticDirs }: SiteCssInput): Promise<SiteCss> {
  const externalSheets = config.stylesheets.filter((sheet) => isExternal(sheet.href)).map((sheet) => originOf(sheet.href));
  const origins = { style: new Set(externalSheets), font: new Set(externalSheets.map(fontOriginOf)) };
  const { css: entries, other } = byLanguage(entriesOf(config, siteDir, staticDirs));
  checkEntries(entries, configFile, siteDir, staticDirs);
  const bundled = entries.length > 0
    ? await bundleSiteCss(entries.map((entry) => entry.file), { siteDir, staticDirs, baseUrl: config.baseUrl, origins })
    : { css: '', assets: new Map(), files: [], warnings: [] };
  const skipped = other.map((entry): Warning => ({
    file: configFile, message: `${entry.named} is ${languageOf(entry.file)}, which this generator does not compile (Docusaurus needs a plugin for it); it is left out`,
    fix: 'Compile it to a .css file and name that, or leave the site without it.',
  }));
  return { ...bundled, warnings: [...skipped, ...bundled.warnings], styleOrigins: [...origins.style].sort(), fontOrigins: [...origins.font].sort() };
}

/** The entries that are CSS, and those in a language that compiles to CSS (Sass, Less, Stylus): a plugin's job in Docusaurus. */
function byLanguage(entries: Entry[]): { css: Entry[]; other: Entry[] } {
  const other = entries.filter((entry) => languageOf(entry.file) !== undefined);
  return { css: entries.filter((entry) => !other.includes(entry)), other };
}

function languageOf(file: string): string | undefined {
  return { '.scss': 'Sass', '.sass': 'Sass', '.less': 'Less', '.styl': 'Stylus' }[path.extname(file).toLowerCase()];
}

/** A CSS file the config names, and how a message names it and says where it should be. */
interface Entry { file: string; named: string; missingFix: string }

function entriesOf(config: SiteConfig, siteDir: string, staticDirs: string[]): Entry[] {
  const customCss = config.customCss.map((written) => {
    const file = path.resolve(siteDir, written);
    return { file, named: `custom CSS "${written}"`, missingFix: `Create ${displayPath(file)}, or fix the path (relative to the config's folder).` };
  });
  const stylesheets = config.stylesheets.filter((sheet) => !isExternal(sheet.href)).map((sheet) => {
    // A stylesheet path from the site root (`/css/katex.css`, `css/katex.css` in a config) is a file of a static folder.
    const file = staticFolderFile(sheet.href, staticDirs);
    return { file, named: `stylesheet "${sheet.href}"`, missingFix: `Put the file at ${displayPath(file)}, or fix the path (a file of the static folder).` };
  });
  return [...customCss, ...stylesheets];
}

/** `https://…` or `//…`: loaded from another site. */
function isExternal(url: string): boolean {
  return /^(https:)?\/\//i.test(url);
}

function originOf(url: string): string {
  return new URL(url, 'https://placeholder.invalid').origin;
}

function fontOriginOf(styleOrigin: string): string {
  return FONT_ORIGIN_OF_STYLESHEET[styleOrigin] ?? styleOrigin;
}

/** The files the config names must exist inside the site: an error for each that does not. */
function checkEntries(entries: Entry[], configFile: string, siteDir: string, staticDirs: string[]): void {
  const errors = entries.flatMap(({ file, named, missingFix }) => {
    const problem = fileProblem(file, siteDir, staticDirs);
    if (!problem) return [];
    const [message, fix] = problem === 'outside' ? [`${named} is outside the site`, OUTSIDE_FIX] : [`${named} not found`, missingFix];
    return [new ContentError({ rule: 'css', message, file: configFile, fix })];
  });
  if (errors.length > 0) throw contentError(errors);
}

const OUTSIDE_FIX = 'Keep the file inside the site folder (a symbolic link to a file outside it is refused).';

/** A file is read only inside the site folder or a static folder, by its real path. */
function fileProblem(file: string, siteDir: string, staticDirs: string[]): 'missing' | 'outside' | undefined {
  const real = realPath(file);
  const target = real ?? path.resolve(file);
  if (![siteDir, ...staticDirs].some((dir) => isInsideSite(target, { siteDir: dir }))) return 'outside';
  return real && statSync(real).isFile() ? undefined : 'missing';
}

interface BundleContext {
  siteDir: string;
  staticDirs: string[];
  baseUrl: string;
  origins: { style: Set<string>; font: Set<string> };
}

async function bundleSiteCss(entries: string[], context: BundleContext): Promise<Omit<SiteCss, 'styleOrigins' | 'fontOrigins'>> {
  // Never written (write: false): esbuild names the output files below it, and the assets are its `media/`.
  const outdir = path.join(context.siteDir, ASSETS_DIR);
  try {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true, write: false, metafile: true, outdir, absWorkingDir: context.siteDir, logLevel: 'silent', charset: 'utf8',
      assetNames: 'media/[name]-[hash]', publicPath: `${context.baseUrl}${ASSETS_DIR}/`, plugins: [checkedUrlsPlugin(entries, context)],
    });
    const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
    const assets = new Map(result.outputFiles.filter((file) => !file.path.endsWith('.css')).map((file) => [path.relative(path.dirname(outdir), file.path).split(path.sep).join('/'), file.contents]));
    const files = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith(`${ENTRY_NAMESPACE}:`)).map((input) => sourceFile(input, context.siteDir));
    return { css, assets, files, warnings: result.warnings.map((warning) => cssProblem(warning, context.siteDir)) };
  } catch (error) {
    const errors = (error as BuildFailure).errors;
    if (!errors) throw error;
    throw contentError(errors.map((message) => new ContentError(cssProblem(message, context.siteDir))));
  }
}

/** An esbuild message about the site's CSS as our problem: the file and line; our plugin's own messages carry their fix as a note. */
function cssProblem(message: Message, siteDir: string): Warning & { rule: string } {
  const location = message.location;
  const file = location ? displayPath(sourceFile(location.file, siteDir)) : 'site CSS';
  return { rule: 'css', file, line: location?.line, message: message.text, fix: message.pluginName === PLUGIN_NAME ? message.notes[0]?.text : undefined };
}

/** A file esbuild names by its path from the site folder, in our namespace for copied files or not. */
function sourceFile(esbuildPath: string, siteDir: string): string {
  return path.resolve(siteDir, esbuildPath.replace(`${FILE_NAMESPACE}:`, ''));
}

const PLUGIN_NAME = 'site-css-urls';

/** The bundle's entry: one `@import` per file, in the config's order. */
const ENTRY = 'site-css:entry';
const ENTRY_NAMESPACE = 'site-css';
/** A file a `url()` names, copied under a hash whatever its type. */
const FILE_NAMESPACE = 'site-file';

/**
 * Every `url()` and `@import` of the site's CSS: a fragment (`url(#filter)`) and a `data:` URL stay; an
 * https one stays and its origin is recorded; a path is a file of the site, relative to the CSS file
 * or, from `/`, of the static folder; anything else is an error.
 */
function checkedUrlsPlugin(entries: string[], context: BundleContext): Plugin {
  return {
    name: PLUGIN_NAME,
    setup(esbuild) {
      esbuild.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: 'entry', namespace: ENTRY_NAMESPACE }));
      esbuild.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, () => ({ contents: entries.map((file) => `@import ${JSON.stringify(file)};`).join('\n'), loader: 'css', resolveDir: context.siteDir }));
      esbuild.onResolve({ filter: /.*/ }, (args) => (args.kind === 'import-rule' || args.kind === 'url-token') && args.namespace !== ENTRY_NAMESPACE ? resolveUrl(args, context) : undefined);
      esbuild.onLoad({ filter: /.*/, namespace: FILE_NAMESPACE }, (args) => ({ contents: readFileSync(args.path), loader: 'file' }));
    },
  };
}

function resolveUrl(args: OnResolveArgs, context: BundleContext): OnResolveResult {
  const url = args.path;
  const what = args.kind === 'import-rule' ? '@import' : 'url';
  if (url.startsWith('#') || (args.kind === 'url-token' && /^data:/i.test(url))) return { external: true };
  if (isExternal(url)) {
    const origin = originOf(url);
    if (args.kind === 'import-rule') context.origins.style.add(origin);
    context.origins.font.add(args.kind === 'import-rule' ? fontOriginOf(origin) : origin);
    return { external: true };
  }
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) {
    return failure(`${what} "${url}" is not allowed: a file from another site must load over https`, 'Use its https:// address, or keep the file in the site and give its path.');
  }
  const [, filePath, suffix = ''] = /^([^?#]*)(.*)$/.exec(url)!;
  const file = cssUrlFile(filePath, args.resolveDir, context);
  const problem = fileProblem(file, context.siteDir, context.staticDirs);
  if (problem === 'outside') return failure(`${what} "${url}" is outside the site`, OUTSIDE_FIX);
  if (problem === 'missing') return failure(`${what} "${url}" not found`, `Put the file at ${displayPath(file)}, or fix the path (${filePath.startsWith('/') ? 'from / it is a file of the static folder' : filePath.startsWith(SITE_ALIAS) ? '@site/ is the site folder' : 'it is relative to this CSS file'}).`);
  return args.kind === 'import-rule' ? { path: file } : { path: file, namespace: FILE_NAMESPACE, suffix };
}

/** Docusaurus's bundler alias: `url(@site/static/img/card.png)` names a file from the site folder. */
const SITE_ALIAS = '@site/';

/** The file a url() or @import names: from / a file of the static folder, `@site/` one of the site folder, else beside the CSS file. */
function cssUrlFile(filePath: string, resolveDir: string, context: BundleContext): string {
  if (filePath.startsWith('/')) return staticFolderFile(filePath, context.staticDirs);
  if (filePath.startsWith(SITE_ALIAS)) return path.resolve(context.siteDir, decodeUrlPath(filePath.slice(SITE_ALIAS.length)));
  return path.resolve(resolveDir, decodeUrlPath(filePath));
}

/** `fonts/My%20Font.woff2` is the file `fonts/My Font.woff2`; a malformed escape is taken as written. */
function decodeUrlPath(urlPath: string): string {
  try {
    return decodeURI(urlPath);
  } catch {
    return urlPath;
  }
}

function failure(text: string, fix: string): OnResolveResult {
  return { errors: [{ text, notes: [{ text: fix }] }] };
}
