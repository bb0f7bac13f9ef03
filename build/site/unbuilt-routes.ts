/**
 * The routes a site's config makes and this generator does not build (a Docusaurus site's blogs:
 * docusaurus/blog-routes.ts). A link into such a route is no dead link of the author's; here it leads
 * to the not-found page, which the link check says once per link (links/checker.ts) instead of failing the site.
 */

/** A route of the site nobody builds here: its path below the baseUrl (`blog`, no slash around it) and what it holds. */
export interface UnbuiltRoute { routeBasePath: string; what: string }

/** The unbuilt route a site path (baseUrl included) leads into, if any. */
export function unbuiltRouteOf(pathname: string, baseUrl: string, routes: UnbuiltRoute[]): UnbuiltRoute | undefined {
  return routes.find(({ routeBasePath }) => {
    const route = `${baseUrl}${routeBasePath}`;
    return pathname === route || pathname.startsWith(`${route}/`);
  });
}
