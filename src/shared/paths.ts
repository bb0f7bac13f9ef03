/** Pure URL and path helpers used by the build and the browser alike. */

export function isExternalUrl(url: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

/**
 * A path of this site as a reader's browser asks for it: with the baseUrl in front, as Docusaurus's
 * Link adds it. `/docs/intro` or `docs/intro` → `/sub/docs/intro`; a path already below the baseUrl,
 * a URL with a scheme and a `#fragment` stay as they are.
 */
export function withBaseUrl(sitePath: string, baseUrl: string): string {
  if (isExternalUrl(sitePath) || sitePath.startsWith('#') || sitePath.startsWith(baseUrl)) return sitePath;
  return baseUrl + sitePath.replace(/^\/+/, '');
}

/** A link written in a page or a sidebar: from the site root it gets the baseUrl; a relative one stays relative. */
export function linkWithBaseUrl(href: string, baseUrl: string): string {
  return href.startsWith('/') ? withBaseUrl(href, baseUrl) : href;
}

/**
 * Docusaurus's escape hatch for a path of the site that is no page of it (a static app, a PDF):
 * `pathname:///playground/` is the path `/playground/`, which the browser loads, not the client router.
 * Undefined for any other link.
 */
export function pathnameLinkPath(href: string): string | undefined {
  return href.startsWith('pathname://') ? href.slice('pathname://'.length) : undefined;
}

/**
 * A `pathname://` link's attributes as Docusaurus's Link writes them: the path (with the baseUrl when it is
 * from the root), in a new tab unless `target` says otherwise. Undefined for any other link.
 */
export function pathnameLinkAttributes(href: string, baseUrl: string, target?: string): { href: string; target: string; rel?: string } | undefined {
  const browserPath = pathnameLinkPath(href);
  if (browserPath === undefined) return undefined;
  const opens = target ?? '_blank';
  return { href: linkWithBaseUrl(browserPath, baseUrl), target: opens, ...(opens === '_blank' ? { rel: 'noopener noreferrer' } : {}) };
}

/** A file of the static folder as the browser asks for it (below the baseUrl); none stays none. */
export function assetUrl(src: string, baseUrl: string): string {
  return src === '' ? src : withBaseUrl(src, baseUrl);
}

/**
 * A permalink without the baseUrl (`/sub/docs/intro` → `/docs/intro`): the output folder is what is
 * served at the baseUrl, so files and route pointers are named by this path.
 */
export function pathBelowBase(permalink: string, baseUrl: string): string {
  return permalink.startsWith(baseUrl) ? `/${permalink.slice(baseUrl.length)}` : permalink;
}

/** `/api/store.html` and `/usage/index.html` name the clean routes `/api/store` and `/usage/`. */
export function cleanPathname(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return pathname;
}

/**
 * Where the small pointer to a route's content-hashed chunk lives. Pointers are revalidated like
 * HTML, so chunks can be cached forever without a global route manifest in the runtime.
 */
export function routePointerPath(permalink: string): string {
  const key = permalink.replace(/^\/+/, '').replace(/\/$/, '/_') || '_';
  return `__routes/${key}.json`;
}

/** An href split into its path and its fragment (without the `#`). */
export function splitHref(href: string): { path: string; hash: string } {
  const hashIndex = href.indexOf('#');
  return hashIndex === -1 ? { path: href, hash: '' } : { path: href.slice(0, hashIndex), hash: href.slice(hashIndex + 1) };
}

export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
} as const;

/** The document title of a page: "Page | Site", "Site | Tagline" for the theme's home page, "Site" for a page without a title. */
export function pageTitle(route: { kind: string; title: string }, site: { title: string; tagline: string }): string {
  if (route.kind === 'home') return `${site.title} | ${site.tagline}`;
  return route.title ? `${route.title} | ${site.title}` : site.title;
}

/** Two paths name the same page (a trailing slash does not matter). */
export function samePath(a: string, b: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '') || '/';
  return trim(a) === trim(b);
}

/** Where a doc's Markdown copy is served: `/api/store` → `/api/store.md`, `/usage/` → `/usage/index.md`. */
export function markdownCopyPath(permalink: string): string {
  return permalink.endsWith('/') ? `${permalink}index.md` : `${permalink}.md`;
}
