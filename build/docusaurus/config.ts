/**
 * `--config docusaurus.config.js`: a Docusaurus site's own config (`.js`, `.mjs`, `.cjs`, `.ts`, `.mts`;
 * an object, or a function or async function returning one) translated into our SiteConfig, then
 * validated like site.config.ts. It is the author's code, loaded as their sidebars file is; packages it
 * imports that are not installed here are stand-ins. What a reader would see or the build would obey
 * and we do not support is one warning naming the option in that file.
 */
import path from 'node:path';
import { validateConfig } from '../site/config.ts';
import { evaluationError, loadModuleDefault } from '../site/module-loader.ts';
import { translateAnnouncementBar, translateColorMode, translateFooter, translateNavbar } from './theme-config.ts';
import { isRecord, staticPath, stringOf, type Raw, type Unsupported } from './values.ts';
import { readCodeTheme } from './code-theme.ts';
import { unbuiltBlogRoutes, type BlogPlugin } from './blog-routes.ts';
import type { ForeignSite } from '../site/load.ts';
import { ContentError, type Warning } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';

/** A Docusaurus config is known by its file name. */
export function isDocusaurusConfig(file: string): boolean {
  return /^docusaurus\.config\.(js|mjs|cjs|ts|mts)$/.test(path.basename(file));
}

/** Docusaurus's site: the docs plugin's sidebars file, or none for its default sidebar of the whole folder; the blogs as unbuilt routes. */
export type DocusaurusSite = ForeignSite;

/** `docsDir`: `--docs` on the command line, which replaces the config's docs path (so `docs: false` is no error). */
export async function loadDocusaurusConfig(file: string, options: { files?: Set<string>; docsDir?: string } = {}): Promise<DocusaurusSite> {
  const shown = displayPath(file);
  const missing = new Set<string>();
  const exported = await loadModuleDefault(file, options.files, { missingPackage: (name) => missing.add(name) });
  const raw = await callConfig(exported, shown);
  const messages = new Set<string>();
  const unsupported: Unsupported = (subject, outcome = 'it is ignored') => messages.add(`${subject} is not supported; ${outcome}`);
  const siteDir = path.dirname(file);
  const presets = classicPresets(raw, unsupported);
  const docs = docsPluginOptions(presets, raw, shown, options.docsDir !== undefined, unsupported);
  const { input, navbarPositions } = translate(raw, unsupported);
  const customCss = customCssOf(presets, raw, unsupported);
  const docsInput = translateDocs(docs, siteDir, unsupported);
  const pages = translatePages(presets[0], siteDir, unsupported);
  const unbuiltRoutes = unbuiltBlogRoutes(blogPlugins(presets, raw), siteDir);
  warnAboutPresetBlogs(presets, siteDir, unsupported);
  const config = validateConfig({ ...input, customCss, docs: docsInput.docs, pages }, shown, { option: (field) => authorsOption(field, navbarPositions), navbarPositions });
  const packages = [...missing].map((name) => `package "${name}" is not installed here; the config gets a stand-in for it, and what it takes from the package is ignored`);
  const warnings = [...packages, ...messages].map((message): Warning => ({ rule: 'docusaurus-config', file: shown, message }));
  return { config, warnings, siteDir, sidebarsFile: docsInput.sidebarsFile, navbarPositions, unbuiltRoutes };
}

const THEME_FIELDS = /^(navbar|footer|announcementBar|colorMode|tableOfContents|image)(\.|$)/;

/**
 * One of our config's field paths (`navbar.items.1.to`) as the option of the Docusaurus config it came
 * from (`themeConfig.navbar.items.3.to`): the theme's options are under themeConfig, navbar items are
 * counted as the author listed them, footer columns are its `links`.
 */
function authorsOption(field: string, navbarPositions: (number | undefined)[]): string {
  if (!THEME_FIELDS.test(field)) return field;
  const option = field
    .replace(/^navbar\.items\.(\d+)/, (whole, index: string) => {
      const position = navbarPositions[Number(index)];
      return position === undefined ? whole : `navbar.items.${position - 1}`;
    })
    .replace(/^footer\.columns/, 'footer.links');
  return `themeConfig.${option}`;
}

async function callConfig(exported: unknown, file: string): Promise<Raw> {
  let value: unknown;
  try {
    value = typeof exported === 'function' ? await (exported as () => unknown)() : await exported;
  } catch (error) {
    throw evaluationError(error, file);
  }
  if (!isRecord(value)) throw new ContentError({ rule: 'docusaurus-config', message: 'the config is not an object', file, fix: 'Export the config object (or a function returning it) as default, or as module.exports.' });
  return value;
}

/** Options the translation reads; everything else not listed as harmless is warned about. */
const TAKEN = new Set(['title', 'tagline', 'favicon', 'url', 'baseUrl', 'onBrokenLinks', 'onBrokenAnchors', 'onBrokenMarkdownLinks', 'markdown', 'i18n', 'presets', 'plugins', 'themes', 'themeConfig', 'baseUrlIssueBanner', 'stylesheets']);
/** Options with nothing a reader would see: names for the deploy tooling, data the site's own components read. */
const HARMLESS = new Set(['organizationName', 'projectName', 'deploymentBranch', 'githubHost', 'githubPort', 'customFields', 'future', 'onDuplicateRoutes', 'webpack', 'storage']);
const THEME_TAKEN = new Set(['navbar', 'footer', 'colorMode', 'announcementBar', 'image', 'tableOfContents', 'prism']);

function translate(raw: Raw, unsupported: Unsupported) {
  warnUnknown(raw, TAKEN, HARMLESS, (key) => `"${key}"`, unsupported);
  if (raw.staticDirectories !== undefined && JSON.stringify(raw.staticDirectories) !== '["static"]') unsupported('"staticDirectories"', 'the static folder is static/ beside the config');
  for (const theme of themesOf(raw)) if (!CLASSIC_THEME.test(theme.name)) unsupported(`theme ${pluginName(theme.entry)}`);
  const themeConfig = isRecord(raw.themeConfig) ? raw.themeConfig : {};
  warnUnknown(themeConfig, THEME_TAKEN, new Set(), (key) => `"themeConfig.${key}"`, unsupported);
  const { navbar, positions } = translateNavbar(themeConfig.navbar, unsupported);
  const input = {
    title: raw.title, tagline: stringOf(raw.tagline), url: raw.url, baseUrl: raw.baseUrl,
    favicon: staticPath(raw.favicon), image: staticPath(themeConfig.image),
    i18n: translateI18n(raw.i18n, unsupported),
    navbar,
    footer: translateFooter(themeConfig.footer, unsupported),
    announcementBar: translateAnnouncementBar(themeConfig.announcementBar),
    colorMode: translateColorMode(themeConfig.colorMode),
    tableOfContents: isRecord(themeConfig.tableOfContents) ? themeConfig.tableOfContents : undefined,
    prism: translatePrism(themeConfig.prism, unsupported),
    baseUrlIssueBanner: typeof raw.baseUrlIssueBanner === 'boolean' ? raw.baseUrlIssueBanner : undefined,
    ...linkPolicies(raw, unsupported),
    markdown: translateMarkdown(raw.markdown, unsupported),
    // Docusaurus has no such option; a site narrows its embeds where its own data lives.
    embedHosts: isRecord(raw.customFields) ? raw.customFields.embedHosts : undefined,
    stylesheets: translateStylesheets(raw.stylesheets, unsupported),
    customFields: isRecord(raw.customFields) ? raw.customFields : undefined,
  };
  return { input, navbarPositions: positions };
}

/** `themeConfig.prism`: its light and dark code themes. */
function translatePrism(raw: unknown, unsupported: Unsupported) {
  if (!isRecord(raw)) return undefined;
  const { theme, darkTheme, ...rest } = raw;
  warnUnknown(rest, new Set(), new Set(), (key) => `"themeConfig.prism.${key}"`, unsupported);
  return { theme: readCodeTheme(theme, '"themeConfig.prism.theme"', unsupported), darkTheme: readCodeTheme(darkTheme, '"themeConfig.prism.darkTheme"', unsupported) };
}

/** One warning per option of `options` that is neither taken nor harmless, unless it is empty or off. */
function warnUnknown(options: Raw, taken: Set<string>, harmless: Set<string>, name: (key: string) => string, unsupported: Unsupported): void {
  for (const [key, value] of Object.entries(options)) {
    if (taken.has(key) || harmless.has(key) || isOff(key, value)) continue;
    unsupported(name(key));
  }
}

/**
 * Options whose `false` is a choice, not their default: Docusaurus then builds differently (the current
 * docs version left out, number prefixes kept in ids, URLs without a trailing slash).
 */
const FALSE_IS_A_CHOICE = new Set(['includeCurrentVersion', 'numberPrefixParser', 'trailingSlash']);

function isOff(key: string, value: unknown): boolean {
  if (value === false) return !FALSE_IS_A_CHOICE.has(key);
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);
}

/**
 * Docusaurus's `'log'` prints, as our `'warn'` does; its defaults are `'throw'` for links, `'warn'` for anchors
 * and Markdown links. Docusaurus 3.9's `markdown.hooks.onBrokenMarkdownLinks` wins over the older top-level option.
 */
function linkPolicies(raw: Raw, unsupported: Unsupported) {
  const policy = (value: unknown, fallback: string) => (value === 'log' ? 'warn' : value ?? fallback);
  const hook = isRecord(raw.markdown) && isRecord(raw.markdown.hooks) ? raw.markdown.hooks.onBrokenMarkdownLinks : undefined;
  let markdownLinks = hook ?? raw.onBrokenMarkdownLinks;
  if (typeof markdownLinks === 'function') {
    unsupported(`"${hook === undefined ? 'onBrokenMarkdownLinks' : 'markdown.hooks.onBrokenMarkdownLinks'}" as a function`, 'a link to a missing Markdown file is a warning');
    markdownLinks = undefined;
  }
  return { onBrokenLinks: policy(raw.onBrokenLinks, 'throw'), onBrokenAnchors: policy(raw.onBrokenAnchors, 'warn'), onBrokenMarkdownLinks: policy(markdownLinks, 'warn') };
}

function translateMarkdown(raw: unknown, unsupported: Unsupported) {
  if (!isRecord(raw)) return undefined;
  const { hooks, format, ...rest } = raw;
  warnUnknown(rest, new Set(), new Set(), (key) => `"markdown.${key}"`, unsupported);
  if (isRecord(hooks)) warnUnknown(hooks, new Set(['onBrokenMarkdownLinks']), new Set(), (key) => `"markdown.hooks.${key}"`, unsupported);
  return { format };
}

/** Our pages are built in one language: the default locale. */
function translateI18n(raw: unknown, unsupported: Unsupported) {
  if (!isRecord(raw)) return undefined;
  const locale = stringOf(raw.defaultLocale) ?? 'en';
  if (Array.isArray(raw.locales) && raw.locales.some((other) => other !== locale)) unsupported('"i18n.locales" other than the default locale', `only "${locale}" is built`);
  const configs = isRecord(raw.localeConfigs) && isRecord(raw.localeConfigs[locale]) ? raw.localeConfigs[locale] : {};
  return { defaultLocale: locale, locales: [locale], localeConfigs: { [locale]: { label: stringOf(configs.label) ?? locale, direction: configs.direction === 'rtl' ? 'rtl' : 'ltr' } } };
}

/** `'x'`, `['x', options]`, a function or a stand-in, as a warning names it. */
function pluginName(entry: unknown): string {
  const name = Array.isArray(entry) ? entry[0] : entry;
  if (typeof name === 'string') return `"${name}"`;
  return typeof name === 'function' && name.name && name.name !== 'stand_in' ? `"${name.name}"` : '(a function)';
}

interface DocsOptions { options: Raw; name: (key: string) => string }
interface ClassicPreset { name: string; options: Raw }

const CLASSIC_PRESET = /(^|[/\\])(preset-classic|classic)([/\\]|$)/;
const DOCS_PLUGIN = /(^|[/\\])plugin-content-docs([/\\]|$)/;
const PRESET_TAKEN = new Set(['docs', 'pages', 'theme', 'blog']);
const BLOG_PLUGIN = /(^|[/\\])plugin-content-blog([/\\]|$)/;
const PRESET_HARMLESS = new Set(['sitemap', 'debug', 'svgr']);

/** The classic presets of the config, with their options; any other preset is warned about. */
function classicPresets(raw: Raw, unsupported: Unsupported): ClassicPreset[] {
  const presets: ClassicPreset[] = [];
  for (const preset of Array.isArray(raw.presets) ? raw.presets : []) {
    const [name, options] = Array.isArray(preset) ? preset : [preset, {}];
    if (typeof name !== 'string' || !CLASSIC_PRESET.test(name)) {
      unsupported(`preset ${pluginName(preset)}`);
      continue;
    }
    const presetOptions = isRecord(options) ? options : {};
    warnUnknown(presetOptions, PRESET_TAKEN, PRESET_HARMLESS, (key) => `"${key}" of preset "${name}"`, unsupported);
    presets.push({ name, options: presetOptions });
  }
  return presets;
}

/** The docs plugin's options: from the classic preset's `docs`, or a `@docusaurus/plugin-content-docs` entry. */
function docsPluginOptions(presets: ClassicPreset[], raw: Raw, file: string, docsOnCommandLine: boolean, unsupported: Unsupported): DocsOptions {
  const found: DocsOptions[] = presets.filter(({ options }) => options.docs !== false)
    .map(({ name, options }) => ({ options: isRecord(options.docs) ? options.docs : {}, name: (key: string) => `"docs.${key}" of preset "${name}"` }));
  const turnedOff = presets.some(({ options }) => options.docs === false);
  for (const plugin of Array.isArray(raw.plugins) ? raw.plugins : []) {
    const [name, options] = Array.isArray(plugin) ? plugin : [plugin, {}];
    if (typeof name === 'string' && DOCS_PLUGIN.test(name)) found.push({ options: isRecord(options) ? options : {}, name: (key) => `"${key}" of plugin "${name}"` });
    else unsupported(`plugin ${pluginName(plugin)}`);
  }
  if (found.length > 1) unsupported('more than one docs plugin', 'the first one is built');
  if (found.length === 0 && !docsOnCommandLine) {
    throw new ContentError({ rule: 'docusaurus-config', message: turnedOff ? 'the docs plugin is turned off (docs: false): there are no docs to build' : 'the config has no docs plugin: there are no docs to build', file, fix: 'Pass --docs with the docs folder, or configure the docs in the classic preset.' });
  }
  return found[0] ?? { options: {}, name: (key) => `"docs.${key}"` };
}

/** The blogs Docusaurus would build: the classic presets' (on unless `blog: false`) and `@docusaurus/plugin-content-blog` entries. */
function blogPlugins(presets: ClassicPreset[], raw: Raw): BlogPlugin[] {
  const entries = (Array.isArray(raw.plugins) ? raw.plugins : []).map((plugin) => (Array.isArray(plugin) ? plugin : [plugin, {}]));
  const plugins = entries.filter(([name]) => typeof name === 'string' && BLOG_PLUGIN.test(name)).map(([, options]): BlogPlugin => {
    const id = isRecord(options) ? stringOf(options.id) : undefined;
    return { options: options ?? {}, what: id && id !== 'default' ? `the blog "${id}"` : 'the blog' };
  });
  return [...presets.map(({ options }) => ({ options: options.blog, what: 'the blog' })), ...plugins];
}

/**
 * The preset's blog is not built: a warning when there is one to build (its folder exists, as Docusaurus's
 * default `blog` may, unwritten), or when its options are given; the plugin entries are warned about as plugins.
 */
function warnAboutPresetBlogs(presets: ClassicPreset[], siteDir: string, unsupported: Unsupported): void {
  for (const { name, options } of presets) {
    const [route] = unbuiltBlogRoutes([{ options: options.blog, what: 'the blog' }], siteDir);
    const given = !isOff('blog', options.blog);
    if (route) unsupported(given ? `"blog" of preset "${name}"` : `the blog of preset "${name}" (on by default)`, `the blog is not built, and a link into /${route.routeBasePath} is a warning`);
    else if (given) unsupported(`"blog" of preset "${name}"`);
  }
}

const PAGES_TAKEN = new Set(['path', 'routeBasePath']);

/** The classic preset's pages plugin, on unless `pages: false`: its folder (`src/pages`) and routeBasePath (`/`). */
function translatePages(preset: ClassicPreset | undefined, siteDir: string, unsupported: Unsupported) {
  if (!preset || preset.options.pages === false) return undefined;
  const options = isRecord(preset.options.pages) ? preset.options.pages : {};
  warnUnknown(options, PAGES_TAKEN, new Set(), (key) => `"pages.${key}" of preset "${preset.name}"`, unsupported);
  return { path: path.resolve(siteDir, stringOf(options.path) ?? 'src/pages'), routeBasePath: stringOf(options.routeBasePath) };
}

const CLASSIC_THEME = /(^|[/\\])theme-classic([/\\]|$)/;

/** The config's `themes`, each with its name and options (`'name'` or `['name', options]`). */
function themesOf(raw: Raw): { entry: unknown; name: string; options: Raw }[] {
  return (Array.isArray(raw.themes) ? raw.themes : []).map((entry: unknown) => {
    const [name, options] = Array.isArray(entry) ? entry : [entry, {}];
    return { entry, name: typeof name === 'string' ? name : '', options: isRecord(options) ? options : {} };
  });
}

/**
 * `customCss`: a file or a list, relative to the config's folder (or absolute, from `require.resolve`), of
 * the classic preset's `theme`, or of `@docusaurus/theme-classic` listed in `themes` (immer's config).
 */
function customCssOf(presets: ClassicPreset[], raw: Raw, unsupported: Unsupported): unknown[] {
  const themeOptions = [
    ...presets.flatMap(({ name, options }) => (isRecord(options.theme) ? [{ options: options.theme, owner: (key: string) => `"theme.${key}" of preset "${name}"` }] : [])),
    ...themesOf(raw).filter((theme) => CLASSIC_THEME.test(theme.name)).map(({ name, options }) => ({ options, owner: (key: string) => `"${key}" of theme "${name}"` })),
  ];
  return themeOptions.flatMap(({ options, owner }) => {
    const { customCss, ...rest } = options;
    warnUnknown(rest, new Set(), new Set(), owner, unsupported);
    return customCss === undefined ? [] : Array.isArray(customCss) ? customCss : [customCss];
  });
}

/** Docusaurus's link attributes this site writes; `type` and `rel` say what a stylesheet link says anyway. */
const STYLESHEET_TAKEN = new Set(['href', 'integrity', 'crossorigin']);
const STYLESHEET_HARMLESS = new Set(['type', 'rel']);

/** `stylesheets`: URLs or `{ href, … }` objects; a path (`css/katex.css`) is a file of the static folder. */
function translateStylesheets(raw: unknown, unsupported: Unsupported): unknown {
  if (!Array.isArray(raw)) return raw;
  return raw.map((entry, index) => {
    if (!isRecord(entry)) return { href: staticPath(entry) ?? entry };
    warnUnknown(entry, STYLESHEET_TAKEN, STYLESHEET_HARMLESS, (key) => `"stylesheets.${index}.${key}"`, unsupported);
    return { href: staticPath(entry.href) ?? entry.href, integrity: entry.integrity, crossorigin: entry.crossorigin };
  });
}

const DOCS_TAKEN = new Set(['path', 'routeBasePath', 'sidebarPath', 'editUrl', 'showLastUpdateTime', 'breadcrumbs', 'sidebarCollapsible', 'sidebarCollapsed', 'lastVersion', 'onlyIncludeVersions', 'includeCurrentVersion', 'disableVersioning', 'versions']);
const DOCS_HARMLESS = new Set(['id', 'editLocalizedFiles', 'editCurrentVersion']);

/** The docs plugin's options as our `docs`; paths relative to the config's folder, as Docusaurus reads them. */
function translateDocs({ options, name }: DocsOptions, siteDir: string, unsupported: Unsupported) {
  warnUnknown(options, DOCS_TAKEN, DOCS_HARMLESS, name, unsupported);
  const docsPath = path.resolve(siteDir, stringOf(options.path) ?? 'docs');
  const sidebarsFile = typeof options.sidebarPath === 'string' ? path.resolve(siteDir, options.sidebarPath) : undefined;
  if (options.sidebarPath === false) unsupported(`${name('sidebarPath')} false`, 'the docs get Docusaurus\'s default sidebar of the whole folder');
  if (typeof options.editUrl === 'function') unsupported(`${name('editUrl')} as a function`, 'pages have no "Edit this page" link');
  const routeBasePath = `/${(stringOf(options.routeBasePath) ?? 'docs').replace(/^\/+|\/+$/g, '')}`;
  return {
    docs: {
      path: docsPath, sidebarPath: sidebarsFile ?? '', routeBasePath,
      editUrl: typeof options.editUrl === 'string' ? editUrlBase(options.editUrl, path.relative(siteDir, docsPath)) : undefined,
      showLastUpdateTime: typeof options.showLastUpdateTime === 'boolean' ? options.showLastUpdateTime : undefined,
      breadcrumbs: typeof options.breadcrumbs === 'boolean' ? options.breadcrumbs : undefined,
      sidebarCollapsible: typeof options.sidebarCollapsible === 'boolean' ? options.sidebarCollapsible : undefined,
      sidebarCollapsed: typeof options.sidebarCollapsed === 'boolean' ? options.sidebarCollapsed : undefined,
      // Versioning options go to our schema as they are: it checks their types, site/versions.ts their names.
      lastVersion: options.lastVersion,
      onlyIncludeVersions: options.onlyIncludeVersions,
      includeCurrentVersion: options.includeCurrentVersion,
      disableVersioning: options.disableVersioning,
      versions: options.versions,
    },
    sidebarsFile,
  };
}

/** Docusaurus appends the docs folder's path from the site folder, then the doc's; ours appends the doc's path only. */
function editUrlBase(editUrl: string, docsFromSite: string): string {
  const base = editUrl.replace(/\/?$/, '/');
  if (!URL.canParse(base)) return editUrl;
  return docsFromSite ? new URL(`${docsFromSite.split(path.sep).join('/')}/`, base).href : base;
}
