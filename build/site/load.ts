/**
 * The stages that read author input, for the build and watch mode alike: config, docs, sidebars,
 * theme pages and the site data every page embeds. Nothing here compiles Markdown.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CategoryPage } from './category-index.ts';
import { docsOnlyConfig, loadConfig } from './config.ts';
import { dropdownItemName, navbarItemName, themeLinkOrigins } from './link-origins.ts';
import { permalinksBySourcePath, type Doc, type DocCache } from './docs.ts';
import { findOutputCollisions } from './route-collisions.ts';
import { siteData } from './routes.ts';
import type { Neighbours } from './pagination.ts';
import { docsOnlySidebars, type ResolvedSidebars } from './sidebars.ts';
import { docsVersions, isVersioned, versionsFile } from './versions.ts';
import { docKey, firstPage, loadVersionDocs, mergeVersionDocs, siteVersions, versionedKey } from './versioned-docs.ts';
import { listStaticFiles, type StaticFile } from './static-files.ts';
import { loadSiteCss, type SiteCss } from './site-css.ts';
import { codeThemeCss } from './code-theme.ts';
import { withSafeFooterHtml } from './footer-html.ts';
import { themeRoutes } from './theme-routes.ts';
import { collectPages } from './pages.ts';
import { pageStyles, type PageStyles } from './page-styles.ts';
import type { UnbuiltRoute } from './unbuilt-routes.ts';
import { ContentError, throwIfAny, type Warning } from '../errors.ts';
import type { ThemeLinkOrigin } from './link-origins.ts';
import { DEFAULT_PAGE_LIMITS } from '../markdown/limits.ts';
import type { MarkdownOptions } from '../markdown/compile.ts';
import type { TaskTimer } from '../task.ts';
import type { NavbarLinkItem, RouteData, SiteConfig, SiteData } from '../../src/shared/types.ts';
import { displayPath } from '../fs-utils.ts';

/** Where the site comes from; every path is relative to `projectRoot`. */
export interface SiteOptions {
  projectRoot: string;
  /** A foreign Docusaurus docs folder; without `configFile` it builds with a docs-only config, with a Docusaurus config it replaces the config's docs path. */
  docsDir?: string;
  /** Replaces the sidebars file of the config (`--sidebars`). */
  sidebarsFile?: string;
  outDir?: string;
  staticDir?: string;
  /** Our `site.config.ts` (the default), or a Docusaurus site's `docusaurus.config.{js,mjs,cjs,ts,mts}`, known by its name. */
  configFile?: string;
  /** Replaces the config's onBrokenLinks and onBrokenAnchors (tests build broken sites on purpose). */
  linkPolicy?: SiteConfig['onBrokenLinks'];
  /** `--allow-component-code`: the same as `allowComponentCode: true` in the config. */
  allowComponentCode?: boolean;
  /** Builds docs with front matter `draft: true` (watch mode does; the production build leaves them out). */
  drafts?: boolean;
}

export type SitePaths = ReturnType<typeof resolvePaths>;

/** What the pages are made from, before any Markdown is compiled. */
export interface SiteSources {
  config: SiteConfig;
  /** The config file the site obeys (ours or a Docusaurus site's), as messages name it; undefined for a docs-only build. */
  configDisplayPath?: string;
  paths: SitePaths;
  docs: Doc[];
  /** The pages of the pages folder (Docusaurus's `src/pages`): Markdown pages and, with the opt-in, React pages. */
  pages: Doc[];
  sidebars: ResolvedSidebars;
  /** Each doc's previous and next page, by doc id. */
  neighbours: Map<string, Neighbours>;
  /** The generated index pages of sidebar categories. */
  categoryPages: CategoryPage[];
  /** The files of the static folders, links followed. */
  staticFiles: StaticFile[];
  warnings: Warning[];
  site: SiteData;
  /** Home, errors and not-found pages, as the config asks. */
  themeRoutes: RouteData[];
  /** Where `/` forwards when no page owns it. */
  homeRedirect: string | undefined;
  /** Where the navbar's, footer's and sidebars' links were written, by href. */
  themeLinkOrigins: Map<string, ThemeLinkOrigin>;
  /** The config and sidebars files and every local file they import, and a versioned site's versions.json and released versions' folders (watch mode watches them). */
  moduleFiles: string[];
  /** CSS the build makes from the config (announcement colours). */
  generatedCss: string;
  /** The site's own CSS (customCss, local stylesheets), checked and bundled, with the origins the CSP must allow. */
  siteCss: SiteCss;
  /** What the pages and the site's CSS use that the theme styles only for sites that do: Infima's classes and variables (site/page-styles.ts). */
  pageStyles: PageStyles;
  /** Routes the config's plugins make and this generator does not build (a Docusaurus site's blog): links into them are warnings. */
  unbuiltRoutes: UnbuiltRoute[];
}

/**
 * A config written for another generator, translated into our site model: docusaurus/ reads
 * Docusaurus's (this folder never imports it; pipeline/site-sources.ts hands it in).
 */
export interface ConfigFormat {
  /** Known by its file name. */
  accepts(file: string): boolean;
  /** `docsDir`: `--docs`, which replaces the config's docs path; `files` gets every local file the config imports. */
  load(file: string, options: { files: Set<string>; docsDir?: string }): Promise<ForeignSite>;
}

export interface ForeignSite {
  config: SiteConfig;
  warnings: Warning[];
  /** The config's folder: the site folder (`static/`, `@site/`, relative paths). */
  siteDir: string;
  /** The sidebars file (absolute); undefined: one sidebar of the whole docs folder. */
  sidebarsFile: string | undefined;
  /** For each navbar item of `config`, its position among the config file's items (1-based; undefined: added by the translation). */
  navbarPositions: (number | undefined)[];
  /** What the config's plugins build at these routes, and this generator does not. */
  unbuiltRoutes: UnbuiltRoute[];
}

/**
 * Loads the site, its config read as ours or in one of `formats`; watch mode passes the same
 * `docCache` every time, so unchanged files are not parsed again.
 */
export async function loadSite(options: SiteOptions, timer: TaskTimer, formats: readonly ConfigFormat[], docCache?: DocCache): Promise<SiteSources> {
  const moduleFiles = new Set<string>();
  const loaded = await timer.run('load config', () => resolveConfig(options, formats, moduleFiles));
  const sidebarsChoice = chooseSidebars(options, loaded);
  const paths = resolvePaths(options, loaded, sidebarsChoice.file);
  const config = withExistingFavicon(loaded.config, paths.staticDirs);
  const staticFiles = listStaticFiles(paths.staticDirs, paths.siteDir);
  const versions = docsVersions({ siteDir: paths.siteDir, docsDir: paths.docsDir, sidebarsFile: paths.sidebarsFile, docs: config.docs, configFile: loaded.displayPath ?? 'the docs-only config' });
  for (const version of versions.filter((candidate) => candidate.docsDir !== paths.docsDir)) moduleFiles.add(version.docsDir);
  if (isVersioned(versions) && existsSync(versionsFile(paths.siteDir))) moduleFiles.add(versionsFile(paths.siteDir));
  const byVersion = await timer.run('read docs', () => loadVersionDocs(versions, { config, docsDir: paths.docsDir, drafts: options.drafts === true, files: moduleFiles, docCache }));
  const { docs, sidebars, neighbours, categoryPages: categories, firstPageBySidebar } = mergeVersionDocs(byVersion);
  const versionsShown = siteVersions(byVersion);
  const lastVersion = versionsShown?.find((version) => version.isLast)?.name;
  const pages = paths.pagesDir ? await timer.run('read pages', () => loadPages(paths.pagesDir!, config, paths, options)) : { pages: [], warnings: [] };
  const siteCss = await loadSiteCss({ config, configFile: loaded.displayPath ?? 'the docs-only config', siteDir: paths.siteDir, staticDirs: paths.staticDirs });
  const warnings = [...loaded.warnings, ...sidebarsChoice.warnings, ...siteCss.warnings, ...docs.flatMap((doc) => doc.warnings), ...pages.warnings, ...checkDocsAgainstConfig(config, docs, sidebars, (sidebar) => firstPageBySidebar.has(versionedKey(lastVersion, sidebar)), loaded.displayPath, loaded.foreign?.navbarPositions)];
  const routes = themeRoutes(config, options.projectRoot);
  throwIfAny(findOutputCollisions([...docs, ...pages.pages], [...routes, ...categories.map((page) => page.route)], staticFiles, config.baseUrl));
  const homeRedirect = homeRedirectTarget(lastVersion === undefined ? sidebars : lastVersionOnly(sidebars, lastVersion), docs, [...routes, ...pages.pages], config.baseUrl);
  // A docs-only site's `/` merely forwards to the first doc: the navbar title links there directly.
  const site = siteData(config, {
    permalinkByDocId: new Map(docs.map((doc) => [docKey(doc), doc.permalink])), homeHref: homeRedirect ?? config.baseUrl, placementByDocId: sidebars.placementByDocId, firstPageBySidebar,
    docItemsMarkedBy: loaded.foreign ? 'sidebar' : 'section', unbuiltRoutes: loaded.foreign?.unbuiltRoutes, versions: versionsShown,
  });
  const linkFiles = { configFile: loaded.displayPath, sidebarsFile: paths.sidebarsFile && displayPath(paths.sidebarsFile), navbarPositions: loaded.foreign?.navbarPositions };
  return {
    config, configDisplayPath: loaded.displayPath, paths, docs, pages: pages.pages, sidebars, neighbours, categoryPages: categories, staticFiles, warnings, site, themeRoutes: routes, homeRedirect,
    themeLinkOrigins: themeLinkOrigins(site, sidebars.sidebars, linkFiles), moduleFiles: [...moduleFiles, ...siteCss.files], generatedCss: [announcementCss(config), codeThemeCss(config.prism)].join('\n'), siteCss,
    pageStyles: pageStyles([...docs, ...pages.pages], config.components, siteCss.css),
    unbuiltRoutes: loaded.foreign?.unbuiltRoutes ?? [],
  };
}

/** The pages folder's pages, drafts left out as docs' are; the warnings of those kept and of the React pages skipped. */
function loadPages(dir: string, config: SiteConfig, paths: SitePaths, options: SiteOptions): { pages: Doc[]; warnings: Warning[] } {
  const routes = { baseUrl: config.baseUrl, routeBasePath: config.pages.routeBasePath ?? '/' };
  const found = collectPages({ dir, routes, siteDir: paths.siteDir, docsDir: paths.docsDir, allowComponentCode: config.allowComponentCode });
  const pages = options.drafts ? found.pages : found.pages.filter((page) => page.frontMatter.draft !== true);
  return { pages, warnings: [...found.skipped, ...pages.flatMap((page) => page.warnings)] };
}

/** A favicon path no static folder has (a docs-only build's default) is left out: pages get an empty icon, not a 404. */
function withExistingFavicon(config: SiteConfig, staticDirs: string[]): SiteConfig {
  const { favicon } = config;
  const isSitePath = favicon.startsWith('/') && !favicon.startsWith('//');
  const exists = !isSitePath || staticDirs.some((dir) => existsSync(path.join(dir, favicon)));
  return exists ? config : { ...config, favicon: '' };
}

/** What every doc and page is compiled with. */
export function markdownOptions({ docs, pages, config, paths }: Pick<SiteSources, 'docs' | 'pages' | 'config' | 'paths'>): MarkdownOptions {
  return {
    permalinkBySourcePath: permalinksBySourcePath([...docs, ...pages]),
    staticDirs: paths.staticDirs,
    baseUrl: config.baseUrl,
    onBrokenMarkdownLinks: config.onBrokenMarkdownLinks,
    format: config.markdown.format,
    languageTabs: config.markdown.languageTabs,
    docsDir: paths.docsDir,
    siteDir: paths.siteDir,
    allowComponentCode: config.allowComponentCode,
    components: config.components,
    embedHosts: config.embedHosts,
    site: { title: config.title, tagline: config.tagline, url: config.url, baseUrl: config.baseUrl, customFields: config.customFields ?? {} },
    // Every level: each page keeps the levels its front matter or the config asks for (site/routes.ts).
    minTocLevel: 2,
    maxTocLevel: 6,
    limits: {
      maxPageBytes: config.maxPageBytes ?? DEFAULT_PAGE_LIMITS.maxPageBytes,
      maxPageSeconds: config.maxPageSeconds ?? DEFAULT_PAGE_LIMITS.maxPageSeconds,
      maxPageOutputBytes: config.maxPageOutputBytes ?? DEFAULT_PAGE_LIMITS.maxPageOutputBytes,
    },
  };
}

/** `file`: the config file, absolute, and `displayPath` as messages show it (neither for a docs-only build). */
interface LoadedConfig { config: SiteConfig; warnings: Warning[]; file?: string; displayPath?: string; foreign?: ForeignSite }

async function resolveConfig(options: SiteOptions, formats: readonly ConfigFormat[], moduleFiles: Set<string>): Promise<LoadedConfig> {
  const loaded = await loadAnyConfig(options, formats, moduleFiles);
  const footer = withSafeFooterHtml(loaded.config, loaded.displayPath ?? 'the docs-only config');
  const config = footer.config;
  const withPolicy = options.linkPolicy ? { ...config, onBrokenLinks: options.linkPolicy, onBrokenAnchors: options.linkPolicy } : config;
  return { ...loaded, warnings: [...loaded.warnings, ...footer.warnings], config: options.allowComponentCode ? { ...withPolicy, allowComponentCode: true } : withPolicy };
}

async function loadAnyConfig(options: SiteOptions, formats: readonly ConfigFormat[], moduleFiles: Set<string>): Promise<LoadedConfig> {
  if (options.docsDir && !options.configFile) {
    return { config: docsOnlyConfig(path.resolve(options.docsDir), path.resolve(options.sidebarsFile ?? 'sidebars.js')), warnings: [] };
  }
  const file = path.resolve(options.projectRoot, options.configFile ?? 'site.config.ts');
  const format = formats.find((candidate) => candidate.accepts(file));
  if (!format) return { config: await loadConfig(file, moduleFiles), warnings: [], file, displayPath: displayPath(file) };
  const foreign = await format.load(file, { files: moduleFiles, docsDir: options.docsDir });
  return { config: foreign.config, warnings: foreign.warnings, file, displayPath: displayPath(file), foreign };
}

function resolvePaths(options: SiteOptions, { config, file, foreign }: LoadedConfig, sidebarsFile: string | undefined) {
  const root = options.projectRoot;
  /** What `@site/` means in MDX imports: the Docusaurus config's folder, or the folder holding the docs folder. */
  const siteDir = foreign?.siteDir ?? (options.docsDir ? path.resolve(root, options.docsDir, '..') : root);
  const staticDir = options.staticDir ?? (foreign || options.docsDir ? path.join(siteDir, 'static') : 'static');
  return {
    configFile: file,
    docsDir: path.resolve(root, options.docsDir ?? config.docs.path),
    pagesDir: config.pages.path === undefined ? undefined : path.resolve(root, config.pages.path),
    siteDir,
    sidebarsFile,
    outDir: path.resolve(root, options.outDir ?? 'dist'),
    staticDirs: [path.resolve(root, staticDir)],
  };
}

/**
 * The sidebars file the build loads: --sidebars, the config's, or a docs-only build's data file beside the
 * docs folder (never its code: docsOnlySidebars). Undefined: Docusaurus's default, one sidebar of the whole
 * folder, as for a Docusaurus config without `sidebarPath`.
 */
function chooseSidebars(options: SiteOptions, { config, foreign }: LoadedConfig): { file: string | undefined; warnings: Warning[] } {
  const named = options.sidebarsFile && path.resolve(options.projectRoot, options.sidebarsFile);
  if (foreign) return { file: named || foreign.sidebarsFile, warnings: [] };
  if (named || !options.docsDir || options.configFile) return { file: named || path.resolve(options.projectRoot, config.docs.sidebarPath), warnings: [] };
  return docsOnlySidebars(path.resolve(options.projectRoot, options.docsDir, '..'));
}

/** Navbar doc items (a dropdown's too) must name real docs (a docs-only config has none); docs outside every sidebar are warned about if asked. */
function checkDocsAgainstConfig(config: SiteConfig, docs: Doc[], sidebars: ResolvedSidebars, sidebarHasPage: (sidebar: string) => boolean, configFile = '', navbarPositions?: (number | undefined)[]): Warning[] {
  const ids = new Set(docs.map((doc) => doc.id));
  const errors = navbarLinkItems(config, navbarPositions).flatMap(({ item, name }) => {
    if (item.type === 'doc' && !ids.has(item.docId)) {
      return [new ContentError({ rule: 'config', message: `${name} links to the doc "${item.docId}", which does not exist`, file: configFile, fix: 'Fix docId, or create the doc.' })];
    }
    if (item.type === 'docSidebar' && !sidebarHasPage(item.sidebarId)) {
      return [new ContentError({ rule: 'config', message: `${name} links to the sidebar "${item.sidebarId}", which does not exist or has no page`, file: configFile, fix: `Fix sidebarId: the sidebars are ${Object.keys(sidebars.sidebars).map((name) => `"${name}"`).join(', ') || 'none'}.` })];
    }
    return [];
  });
  throwIfAny(errors);
  if (!config.docs.warnOnDocsOutsideSidebar) return [];
  return docs.filter((doc) => !sidebars.placementByDocId.has(docKey(doc))).map((doc) => ({ file: doc.displayPath, message: `"${doc.id}" is in no sidebar` }));
}

/** Every link item of the navbar, a dropdown's included, with its name in messages. */
function navbarLinkItems(config: SiteConfig, navbarPositions?: (number | undefined)[]): { item: NavbarLinkItem; name: string }[] {
  return config.navbar.items.flatMap((item, index) => {
    if (item.type === 'search' || item.type === 'colorMode' || item.type === 'docsVersionDropdown' || item.type === 'docsVersion') return [];
    const name = navbarItemName(index, item.label, navbarPositions);
    return item.type === 'dropdown' ? item.items.map((link, linkIndex) => ({ item: link, name: dropdownItemName(name, linkIndex, link.label) })) : [{ item, name }];
  });
}

/**
 * Where `/` forwards when no page owns it (a docs-only build without an index doc): the first doc of the
 * first sidebar. Undefined when a doc (slug `/`, docs/index.md), a page of the pages folder or the theme's home page owns `/`.
 */
function homeRedirectTarget(sidebars: ResolvedSidebars, docs: Doc[], otherPages: { permalink: string }[], baseUrl: string): string | undefined {
  if ([...docs, ...otherPages].some((page) => page.permalink === baseUrl)) return undefined;
  const first = Object.values(sidebars.sidebars).map(firstPage).find(Boolean);
  return first ?? docs.find((doc) => !doc.frontMatter.unlisted)?.permalink ?? docs[0]?.permalink ?? `${baseUrl}404.html`;
}

/** A versioned site's sidebars of its last version only: its home forwards into that version. */
function lastVersionOnly(sidebars: ResolvedSidebars, lastVersion: string): ResolvedSidebars {
  const prefix = versionedKey(lastVersion, '');
  return { ...sidebars, sidebars: Object.fromEntries(Object.entries(sidebars.sidebars).filter(([name]) => name.startsWith(prefix))) };
}

function announcementCss(config: SiteConfig): string {
  const bar = config.announcementBar;
  return bar ? `.announcement-bar{background-color:${bar.backgroundColor};color:${bar.textColor}}` : '';
}
