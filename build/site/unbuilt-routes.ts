/**
 * The routes a Docusaurus site's config makes and this generator does not build: its blogs. Docusaurus
 * builds the classic preset's blog unless `blog: false` (and a `@docusaurus/plugin-content-blog` entry),
 * from its folder (`path`, default `blog`) at its `routeBasePath` (default `blog`). A link into such a
 * route is no dead link of the author's; here it leads to the not-found page, which the link check says
 * once per link (links/checker.ts) instead of failing the site.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isRecord, stringOf } from './docusaurus-values.ts';

/** A route of the site nobody builds here: its path below the baseUrl (`blog`, no slash around it) and what it holds. */
export interface UnbuiltRoute { routeBasePath: string; what: string }

/** The unbuilt route a site path (baseUrl included) leads into, if any. */
export function unbuiltRouteOf(pathname: string, baseUrl: string, routes: UnbuiltRoute[]): UnbuiltRoute | undefined {
  return routes.find(({ routeBasePath }) => {
    const route = `${baseUrl}${routeBasePath}`;
    return pathname === route || pathname.startsWith(`${route}/`);
  });
}

/** A blog plugin's options as the config gives them (`undefined`: the preset's blog, on by default), and how its blog is named. */
export interface BlogPlugin { options: unknown; what: string }

/**
 * The routes of the blogs Docusaurus would build: those whose folder exists, as only then is there a blog
 * to link to (Docusaurus 3 writes an empty list page without one; a link there is dead here). A blog at the
 * site root (`routeBasePath: '/'`) is left out: every link would be into it, so links are checked as usual.
 */
export function unbuiltBlogRoutes(blogs: BlogPlugin[], siteDir: string): UnbuiltRoute[] {
  return blogs.flatMap(({ options, what }) => {
    if (options === false) return [];
    const settings = isRecord(options) ? options : {};
    if (!existsSync(path.resolve(siteDir, stringOf(settings.path) ?? 'blog'))) return [];
    const routeBasePath = (stringOf(settings.routeBasePath) ?? 'blog').replace(/^\/+|\/+$/g, '');
    return routeBasePath ? [{ routeBasePath, what }] : [];
  });
}
