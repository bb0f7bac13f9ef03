/** Types shared by the build (Node) and the browser runtime. No imports from either side. */
import type { ComponentType } from 'react';

/** Where a navbar item sits: after the logo and title (`left`, the default, as in Docusaurus) or at the bar's right end. */
export type NavbarPosition = 'left' | 'right';

/**
 * How a link opens, as Docusaurus's `target`: `_blank` in a new tab; `_self` in this tab, loaded by the
 * browser (the client router leaves a link with a target alone).
 */
export type LinkTarget = '_self' | '_blank';

/** A navbar item that is one link; a dropdown lists these. */
export type NavbarLinkItem =
  | { type: 'doc'; docId: string; label: string; position?: NavbarPosition }
  /** A link to the first page of a sidebar (Docusaurus's `docSidebar` item). */
  | { type: 'docSidebar'; sidebarId: string; label: string; position?: NavbarPosition }
  | { type: 'default'; label: string; to?: string; href?: string; target?: LinkTarget; position?: NavbarPosition };

export type NavbarItem =
  | NavbarLinkItem
  /** A button that opens a list of links (Docusaurus's `dropdown` item). */
  | { type: 'dropdown'; label: string; items: NavbarLinkItem[]; position?: NavbarPosition }
  /** Search and the colour-mode switch sit at the right unless placed, where Docusaurus shows them when they are not listed. */
  | { type: 'search'; position?: NavbarPosition }
  | { type: 'colorMode'; position?: NavbarPosition }
  /**
   * A versioned site's version menu: each version's copy of the page being read, else its main doc, between
   * the links of `dropdownItemsBefore` and `dropdownItemsAfter`; `dropdownActiveClassDisabled`: its button is never marked.
   */
  | { type: 'docsVersionDropdown'; position?: NavbarPosition; dropdownItemsBefore?: NavbarLinkItem[]; dropdownItemsAfter?: NavbarLinkItem[]; dropdownActiveClassDisabled?: boolean }
  /** A link to the main doc of the version being read (else the last version), labelled with the version unless `label` says. */
  | { type: 'docsVersion'; label?: string; to?: string; position?: NavbarPosition };

/** A plain link as written in site.config.ts: `type` may be left out. */
type PlainLinkInput = { type?: undefined; label: string; to?: string; href?: string; target?: LinkTarget; position?: NavbarPosition };

/** A navbar item as written in site.config.ts. */
export type NavbarItemInput =
  | Exclude<NavbarItem, { type: 'dropdown' }>
  | PlainLinkInput
  | { type: 'dropdown'; label: string; items: (NavbarLinkItem | PlainLinkInput)[]; position?: NavbarPosition };

/** A footer link; with `image` it is shown as that image (a badge), the label as its alt text. */
export interface FooterLink { label: string; to?: string; href?: string; target?: LinkTarget; image?: string }
/** A footer item of HTML (Docusaurus's `{ html }` item), kept to what the page policy allows (build/site/footer-html.ts). */
export interface FooterHtml { html: string }
export interface FooterColumn { title: string; items: (FooterLink | FooterHtml)[] }

/** One docs version's options (Docusaurus's `versions.<name>`); `banner: 'none'` turns the default banner off. */
export interface VersionOptions { label?: string; path?: string; banner?: 'none' | 'unreleased' | 'unmaintained'; badge?: boolean; noIndex?: boolean }

export interface SiteConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  favicon: string;
  i18n: { defaultLocale: string; locales: string[]; localeConfigs: Record<string, { label: string; direction: 'ltr' | 'rtl' }> };
  /** `style`: a dark bar in either colour mode, or one in the primary colour (Docusaurus's `navbar.style`). */
  navbar: { title: string; logo: { alt: string; src: string }; items: NavbarItem[]; style?: 'dark' | 'primary' };
  footer: { logo: { alt: string; src: string; href?: string }; copyright: string; columns: FooterColumn[] };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  docs: {
    path: string;
    sidebarPath: string;
    routeBasePath: string;
    breadcrumbs: boolean;
    /** Docusaurus's versioning options; the versions themselves are `versions.json` beside the config (build/site/versions.ts). */
    lastVersion?: string;
    onlyIncludeVersions?: string[];
    /** Default true: the docs folder is built as the `current` version. */
    includeCurrentVersion?: boolean;
    /** Default false: true builds the docs folder only, as an unversioned site. */
    disableVersioning?: boolean;
    versions?: Record<string, VersionOptions>;
    warnOnDocsOutsideSidebar: boolean;
    /** Base of each doc's "Edit this page" link; the doc's path below the docs folder is appended. */
    editUrl?: string;
    /** Shows "Last updated" under each doc (from git, or the file's modification time). */
    showLastUpdateTime?: boolean;
    /**
     * What a sidebar category is unless it says (Docusaurus's docs plugin options, default true): it can be
     * opened and closed, and it starts closed. A category that cannot be closed is open.
     */
    sidebarCollapsible?: boolean;
    sidebarCollapsed?: boolean;
  };
  tableOfContents: { minHeadingLevel: number; maxHeadingLevel: number };
  onBrokenLinks: 'throw' | 'warn' | 'ignore';
  onBrokenAnchors: 'throw' | 'warn' | 'ignore';
  /**
   * A Markdown link to a `.md`/`.mdx` file that does not exist: an error, a warning naming the file and
   * line (the link is left as written), or nothing. The link checker leaves such links to this setting.
   */
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  search: { filters?: Record<string, string[]> };
  /**
   * Data files of the theme's home and error codes pages (a docs-only build has none); `path`: a folder of
   * Markdown and React pages, each at its path below `routeBasePath` (default `/`; Docusaurus's `src/pages`).
   */
  pages: { home?: string; errors?: string; path?: string; routeBasePath?: string };
  /** The home page explains a baseUrl that does not match where the site is served (default on). */
  baseUrlIssueBanner: boolean;
  /** Largest Markdown page in bytes (default 4 MiB); a bigger page is an error naming it. */
  maxPageBytes?: number;
  /** Longest one page may take to compile, render and write, in seconds (default 30); a slower page ends the build naming it. */
  maxPageSeconds?: number;
  /** Largest page the build may write, in bytes of HTML and chunks (default 10 MiB); a bigger one is an error naming it. */
  maxPageOutputBytes?: number;
  /** The social preview image (og:image) of every page: a path on the site or an absolute https URL. */
  image?: string;
  /** A third-party analytics script, loaded once the page is interactive; the CSP allows its origin only. */
  analytics?: { src: string };
  /**
   * `format`: Docusaurus's `markdown.format`: every page is MDX (default), none is (`md`), or `.mdx` files only (`detect`).
   * `languageTabs`: checked TypeScript examples get a JavaScript tab made from them (default off).
   */
  markdown: { format: 'mdx' | 'md' | 'detect'; languageTabs: boolean };
  /** MDX pages may import the site's own .js/.jsx/.ts/.tsx components, whose code then runs during the build. */
  allowComponentCode: boolean;
  /**
   * Components every MDX page may use without importing them: tag name → module (`@theme/Tabs`, or a
   * site file such as `./src/components/Highlight.jsx`, which runs during the build: the config opts in).
   */
  components: Record<string, string>;
  /** Data a site's own components and MDX pages read (`useDocusaurusContext().siteConfig.customFields`). */
  customFields?: Record<string, unknown>;
  /** Hosts an `<iframe>` may load (https only); undefined: any host over https. The CSP's frame-src lists the hosts the pages use. */
  embedHosts?: string[];
  /** The site's own CSS files (Docusaurus's `theme.customCss`), relative to the config's folder; they come after the theme's CSS. */
  customCss: string[];
  /** Stylesheets every page links after the theme's CSS: an https URL, or the path of a file of the static folder (bundled like customCss). */
  stylesheets: Stylesheet[];
  /** The code colours (Docusaurus's `themeConfig.prism`): `theme` in light mode, `darkTheme` in dark; the theme's own where one is missing. */
  prism: { theme?: CodeTheme; darkTheme?: CodeTheme };
}

/** A prism-react-renderer theme: the plain colours of a code block, and the style of each Prism token type (in some languages only). */
export interface CodeTheme {
  plain: CodeStyle;
  styles: { types: string[]; languages?: string[]; style: CodeStyle }[];
}

/** What a code theme may set: colours, font style and weight, text decoration and opacity. */
export interface CodeStyle {
  color?: string;
  backgroundColor?: string;
  fontStyle?: 'normal' | 'italic' | 'oblique';
  fontWeight?: string | number;
  textDecorationLine?: string;
  opacity?: number;
}

/** A stylesheet `<link>`; `integrity` and `crossorigin` as the HTML attributes (subresource integrity for a CDN's file). */
export interface Stylesheet { href: string; integrity?: string; crossorigin?: 'anonymous' | 'use-credentials' }

/** A sidebar after resolution: every doc item carries its label and permalink. */
export type SidebarItem =
  /** `className`: from sidebar_class_name or an item's or category's className, added to its `<li>` as Docusaurus does. */
  | { type: 'link'; label: string; href: string; className?: string }
  | {
    type: 'category'; label: string; collapsed: boolean; collapsible: boolean; href?: string; items: SidebarItem[]; className?: string;
    /** In a large sidebar, a closed category's items are a module at this URL (default export) and `items` is empty. */
    lazyItems?: string;
  };

/**
 * A heading's words in a table of contents with the inline formatting Docusaurus keeps there (code,
 * emphasis, strong and deleted text; a link gives its words): data the theme renders, never HTML.
 */
export type TocText = string | { tag: 'code' | 'em' | 'strong' | 'del'; children: TocText[] };

/** `value`: the heading's text; `formatted`: the same words with their formatting, when the heading has some. */
export interface TocEntry { depth: number; id: string; value: string; formatted?: TocText[] }

export interface PageLink { label: string; href: string }

/** Everything the theme needs to render one route; the route chunk exports this. */
export interface RouteData {
  /** `reactPage`: a React page of the site's own (Docusaurus's `src/pages`), rendered by the build: its body is the whole page. */
  kind: 'doc' | 'reactPage' | 'home' | 'errors' | 'notFound';
  permalink: string;
  title: string;
  description: string;
  keywords?: string[];
  /** The part of the site the page belongs to (its top-level sidebar category); marks the navbar item of that part. */
  section?: string;
  /** The sidebar the page is in; marks the navbar's items of that sidebar. */
  sidebarName?: string;
  /** On a versioned site, the docs version the page belongs to (its name, SiteData.versions). */
  version?: string;
  /**
   * On a versioned site, this doc's permalink in each version that has it, by version name. Beside `doc`,
   * not in it: the navbar reads it outside the page's error boundary, which a page's bad `doc` must not break.
   */
  versions?: Record<string, string>;
  /** The social preview image (og:image) of this page, instead of the site's. */
  image?: string;
  /** Built but kept out of the sidebar, the sitemap, search and prev/next; marked noindex. */
  unlisted?: boolean;
  /** The stylesheets of the site's components on the page (their CSS modules and CSS), linked while it is shown. */
  stylesheets?: string[];
  doc?: {
    id: string;
    toc: TocEntry[];
    hideTitle: boolean;
    hideTableOfContents: boolean;
    /** Category trail above the page; undefined when breadcrumbs are off or the doc is in no sidebar. */
    breadcrumbs?: PageLink[];
    /** The page's label in its sidebar (often shorter than its title), for the last breadcrumb. */
    sidebarLabel?: string;
    previous?: PageLink;
    next?: PageLink;
    editUrl?: string;
    /** When the doc last changed, as readers see it ("Nov 21, 2026"; formatted by the build, so no date code ships). */
    lastUpdated?: string;
  };
  /** Data of the special pages (home copy, error codes). */
  pageProps?: Record<string, unknown>;
}

/**
 * A navbar or footer link as the page shows it. `target`: `_blank` opens it in a new tab (another site's
 * link, unless the config says `_self`); `_self`, a page the browser loads; none, a page of the site,
 * shown by the client router.
 */
export interface ResolvedLink {
  label: string;
  href: string;
  target?: LinkTarget;
  /** Written as `pathname://`: a path the browser loads, outside the site's pages, which the link check (as Docusaurus's) leaves alone. */
  pathname?: true;
}

/**
 * Besides its own page, a doc item is marked on every page of its `section` (the doc's top-level sidebar
 * category, for our config) or of its `sidebar` (a docSidebar item's; a Docusaurus config's doc item's, as
 * Docusaurus marks them).
 */
export interface ResolvedNavbarLink extends ResolvedLink {
  kind: 'link';
  section?: string;
  sidebar?: string;
  /** On a versioned site, a doc or docSidebar item's target in each version: the page shows the one of the version being read. */
  byVersion?: Record<string, { href: string; sidebar?: string }>;
}

export type ResolvedNavbarItem = (
  | ResolvedNavbarLink
  /** `unmarked`: the button is never marked as the place of the page (a version menu's dropdownActiveClassDisabled). */
  | { kind: 'dropdown'; label: string; items: ResolvedNavbarLink[]; unmarked?: true }
  | { kind: 'search' }
  | { kind: 'colorMode' }
  | { kind: 'versions'; before: ResolvedNavbarLink[]; after: ResolvedNavbarLink[]; unmarked?: true }
  | { kind: 'version'; label?: string; href?: string }
) & { position: NavbarPosition };

/** The slice of the site config the pages need: navbar, footer, announcement, colour mode. */
export interface SiteData {
  title: string;
  tagline: string;
  baseUrl: string;
  /** `homeHref`: where the navbar title leads, the home page or (docs-only sites) the first doc. */
  navbar: { title: string; logo: { alt: string; src: string }; items: ResolvedNavbarItem[]; homeHref: string; style?: SiteConfig['navbar']['style'] };
  /** Rendered by the server only, so the browser's copy of the site data leaves it out (see KeptFooter). */
  footer?: { logo: { alt: string; src: string; href: string }; copyright: string; columns: { title: string; items: ((ResolvedLink & { image?: string }) | FooterHtml)[] }[] };
  announcementBar?: SiteConfig['announcementBar'];
  colorMode: SiteConfig['colorMode'];
  search: SiteConfig['search'];
  /** The analytics script's URL, when the site has one. */
  analytics?: string;
  /** The docs versions of a versioned site, newest first (`current` first when it is built). */
  versions?: SiteVersion[];
}

/**
 * A docs version as pages show it: `href`, its main doc (the doc at the version's root, else the first
 * doc of its first sidebar); `banner`, the notice over its pages; `badge`, "Version: label" over them.
 */
export interface SiteVersion { name: string; label: string; href: string; banner?: 'unreleased' | 'unmaintained'; badge: boolean; noIndex: boolean; isLast: boolean }

/**
 * What a route chunk exports: the route's data, the (shared, separately cached) sidebar, and for
 * docs a loader of the body HTML. The body is a chunk of its own, fetched only for client-side
 * navigation: on a first visit the body is already in the server's HTML.
 */
export interface RouteChunk {
  route: RouteData;
  sidebar?: SidebarItem[];
  loadBody?: () => Promise<string>;
  /** A site's React page with state: its component, rendered once the page is shown. */
  Component?: ComponentType;
}
