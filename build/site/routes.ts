import type { Doc } from './docs.ts';
import type { CompiledMarkdown } from '../markdown/compile.ts';
import { sectionOf } from './sidebars.ts';
import type { SidebarPlacement } from './sidebar-model.ts';
import type { Neighbours } from './pagination.ts';
import type { LinkTarget, NavbarItem, NavbarLinkItem, NavbarPosition, PageLink, ResolvedNavbarItem, ResolvedNavbarLink, RouteData, SiteConfig, SiteData, SiteVersion, TocEntry } from '../../src/shared/types.ts';
import { assetUrl, isExternalUrl, linkWithBaseUrl, pathnameLinkPath, withBaseUrl } from '../../src/shared/paths.ts';
import { unbuiltRouteOf, type UnbuiltRoute } from './unbuilt-routes.ts';
import { versionedKey } from './versioned-docs.ts';

/**
 * A doc and its place in the site: what its page is made from, on whichever thread builds it. `versions`:
 * on a versioned site, the doc's permalink in each version that has a doc of its id.
 */
export interface DocPageTask { doc: Doc; placement?: SidebarPlacement; neighbours?: Neighbours; versions?: Record<string, string> }

/**
 * The route of one compiled doc: everything its page and its chunk need; `neighbours` replace the sidebar's
 * prev/next. A Markdown page of the pages folder is a doc in no sidebar; a React page has a route of its own.
 */
export function docRoute({ doc, placement, neighbours = placement ?? {}, versions }: DocPageTask, compiled: CompiledMarkdown, config: SiteConfig): RouteData {
  if (doc.page === 'react') return reactPageRoute(doc, compiled, config);
  // A category's own page ends its trail as the current crumb, not as a link to itself.
  const breadcrumbs: PageLink[] | undefined = config.docs.breadcrumbs && placement
    ? placement.categories.filter((category) => category.href !== doc.permalink).map((category) => ({ label: category.label, href: category.href ?? '' }))
    : undefined;
  return {
    kind: 'doc',
    permalink: doc.permalink,
    title: doc.title,
    description: doc.frontMatter.description ?? compiled.excerpt,
    keywords: doc.frontMatter.keywords,
    image: doc.frontMatter.image,
    unlisted: doc.frontMatter.unlisted || undefined,
    stylesheets: stylesheetsOf(compiled),
    section: sectionOf(doc.id, placement),
    sidebarName: placement?.sidebarName,
    ...(doc.version === undefined ? {} : { version: doc.version }),
    ...(versions ? { versions } : {}),
    doc: {
      id: doc.id,
      toc: tocOf(doc, compiled.toc, config),
      hideTitle: doc.frontMatter.hide_title === true,
      hideTableOfContents: doc.frontMatter.hide_table_of_contents === true,
      breadcrumbs,
      sidebarLabel: placement?.label,
      previous: neighbours.previous,
      next: neighbours.next,
      editUrl: editUrl(doc, config),
      lastUpdated: doc.lastUpdatedMs === undefined ? undefined : DATE_FORMAT.format(doc.lastUpdatedMs),
    },
  };
}

/** A React page: what its `<Layout>` asked for is its title and description (none: the site's title, and its tagline). */
function reactPageRoute(page: Doc, compiled: CompiledMarkdown, config: SiteConfig): RouteData {
  return { kind: 'reactPage', permalink: page.permalink, title: compiled.head?.title ?? '', description: compiled.head?.description ?? config.tagline, stylesheets: stylesheetsOf(compiled) };
}

function stylesheetsOf(compiled: CompiledMarkdown): string[] | undefined {
  return compiled.stylesheets.length > 0 ? compiled.stylesheets : undefined;
}

/** Markdown is compiled with every level h2–h6 in its toc; the page shows the levels its front matter or the config asks for. */
function tocOf(doc: Doc, toc: TocEntry[], config: SiteConfig): TocEntry[] {
  const min = doc.frontMatter.toc_min_heading_level ?? config.tableOfContents.minHeadingLevel;
  const max = doc.frontMatter.toc_max_heading_level ?? config.tableOfContents.maxHeadingLevel;
  return toc.filter((entry) => entry.depth >= min && entry.depth <= max);
}

/** Front matter `custom_edit_url` replaces the link (null: none); else, for a doc, the config's docs editUrl and the doc's path. */
function editUrl(doc: Doc, config: SiteConfig): string | undefined {
  const custom = doc.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom ?? undefined;
  if (!config.docs.editUrl || doc.page) return undefined;
  const base = config.docs.editUrl.replace(/\/?$/, '/');
  // A released version's doc (`../versioned_docs/version-1.0/intro.md`) is resolved from the docs folder's URL.
  return doc.sourcePath.startsWith('../') && URL.canParse(base) ? new URL(doc.sourcePath, base).href : `${base}${doc.sourcePath}`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A navbar or footer link as the page shows it. Docusaurus's Link puts the baseUrl in front of a path of
 * the site, written as `to` (with a leading slash or not) or as an `href` from the root; another site's
 * link opens in a new tab, and so does a `pathname://` link (a path the browser loads), unless `target`
 * says `_self`.
 */
function siteLink(link: { to?: string; href?: string; target?: LinkTarget }, baseUrl: string, { homeHref, unbuiltRoutes = [] }: SiteLinks): { href: string; target?: LinkTarget; pathname?: true } {
  const browserPath = pathnameLinkPath(link.href ?? link.to ?? '');
  if (browserPath !== undefined) return { href: linkWithBaseUrl(browserPath, baseUrl), target: link.target ?? '_blank', pathname: true };
  const given = link.href !== undefined ? linkWithBaseUrl(link.href, baseUrl) : withBaseUrl(link.to ?? '/', baseUrl);
  // A docs-only site's home only forwards to the first doc: link there directly, as the navbar title does.
  const href = link.href === undefined && given === baseUrl ? homeHref : given;
  // Into a route this generator does not build (the blog): the browser loads it, and nothing prefetches it.
  const target = link.target ?? (link.href !== undefined && isExternalUrl(link.href) ? '_blank' : unbuiltRouteOf(href, baseUrl, unbuiltRoutes) ? '_self' : undefined);
  return { href, ...(target ? { target } : {}) };
}

/** What the navbar's links point at, known once the docs and sidebars are loaded. */
export interface SiteLinks {
  permalinkByDocId: Map<string, string>;
  /** Where the navbar title leads. */
  homeHref: string;
  placementByDocId: Map<string, SidebarPlacement>;
  /** The first page of each sidebar, for `docSidebar` navbar items. */
  firstPageBySidebar: Map<string, string>;
  /** Routes the config's plugins make and this generator does not build (a Docusaurus site's blog). */
  unbuiltRoutes?: UnbuiltRoute[];
  /**
   * Which pages mark a doc item besides its own: those of its section (our config), or, as Docusaurus marks
   * them, every page of the doc's sidebar (a Docusaurus config).
   */
  docItemsMarkedBy?: 'section' | 'sidebar';
  /**
   * A versioned site's versions: the maps above are keyed by versioned keys (site/versioned-docs.ts), a
   * doc or docSidebar item leads into the last version and carries its target in every version.
   */
  versions?: SiteVersion[];
}

/** The navbar and footer as the browser needs them: doc ids and sidebar names turned into permalinks. */
export function siteData(config: SiteConfig, links: SiteLinks): SiteData {
  const { homeHref } = links;
  const items = config.navbar.items.map((item): ResolvedNavbarItem => {
    const position = item.position ?? defaultPosition(item);
    switch (item.type) {
      case 'dropdown':
        return { kind: 'dropdown', label: item.label, items: item.items.map((link) => navbarLink(link, config, links)), position };
      case 'search':
        return { kind: 'search', position };
      case 'colorMode':
        return { kind: 'colorMode', position };
      case 'docsVersionDropdown': {
        const resolve = (items: NavbarLinkItem[] = []) => items.map((link) => navbarLink(link, config, links));
        return { kind: 'versions', before: resolve(item.dropdownItemsBefore), after: resolve(item.dropdownItemsAfter), position, ...(item.dropdownActiveClassDisabled ? { unmarked: true as const } : {}) };
      }
      case 'docsVersion':
        return { kind: 'version', label: item.label, href: item.to === undefined ? undefined : withBaseUrl(item.to, config.baseUrl), position };
      default:
        return { ...navbarLink(item, config, links), position };
    }
  });
  return {
    title: config.title,
    tagline: config.tagline,
    baseUrl: config.baseUrl,
    navbar: { title: config.navbar.title, logo: { ...config.navbar.logo, src: assetUrl(config.navbar.logo.src, config.baseUrl) }, items, homeHref, style: config.navbar.style },
    footer: {
      logo: { ...config.footer.logo, src: assetUrl(config.footer.logo.src, config.baseUrl), href: config.footer.logo.href === undefined ? homeHref : linkWithBaseUrl(config.footer.logo.href, config.baseUrl) },
      copyright: config.footer.copyright,
      columns: config.footer.columns.map((column) => ({
        title: column.title,
        items: column.items.map((item) => ('html' in item ? item : { label: item.label, ...siteLink(item, config.baseUrl, links), image: item.image })),
      })),
    },
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    search: config.search,
    analytics: config.analytics?.src,
    ...(links.versions ? { versions: links.versions } : {}),
  };
}

/** Links sit after the logo, as in Docusaurus; search and the colour-mode switch at the right, where Docusaurus shows them unlisted. */
function defaultPosition(item: NavbarItem): NavbarPosition {
  return item.type === 'search' || item.type === 'colorMode' ? 'right' : 'left';
}

/**
 * A doc or docSidebar item on a versioned site: the last version's target (or, for a doc only some versions
 * have, the newest one's), and each version's that has the doc or sidebar.
 */
function versionedNavbarLink(item: NavbarLinkItem, config: SiteConfig, links: SiteLinks & { versions: SiteVersion[] }): ResolvedNavbarLink {
  const byName = new Map(links.versions.map(({ name }) => [name, navbarLink(item, config, links, name)]));
  const byVersion = Object.fromEntries([...byName].filter(([, link]) => link.href).map(([name, link]) => [name, { href: link.href, ...(link.sidebar ? { sidebar: link.sidebar } : {}) }]));
  const last = links.versions.find((version) => version.isLast)!.name;
  const shown = byName.get(last)!.href ? byName.get(last)! : [...byName.values()].find((link) => link.href)!;
  return { ...shown, byVersion };
}

/** A navbar link item (a dropdown's too) as the page shows it; `version`: its target in that version. */
function navbarLink(item: NavbarLinkItem, config: SiteConfig, links: SiteLinks, version?: string): ResolvedNavbarLink {
  const { permalinkByDocId, placementByDocId, firstPageBySidebar, docItemsMarkedBy = 'section' } = links;
  if (links.versions && version === undefined && item.type !== 'default') return versionedNavbarLink(item, config, { ...links, versions: links.versions });
  switch (item.type) {
    case 'doc': {
      const key = versionedKey(version, item.docId);
      const placement = placementByDocId.get(key);
      const link: ResolvedNavbarLink = { kind: 'link', label: item.label, href: permalinkByDocId.get(key)! };
      if (docItemsMarkedBy === 'sidebar' && placement) return { ...link, sidebar: placement.sidebarName };
      return placement ? { ...link, section: sectionOf(item.docId, placement) } : link;
    }
    case 'docSidebar': {
      const sidebar = versionedKey(version, item.sidebarId);
      return { kind: 'link', label: item.label, href: firstPageBySidebar.get(sidebar)!, sidebar };
    }
    case 'default':
      return { kind: 'link', label: item.label, ...siteLink(item, config.baseUrl, links) };
  }
}
