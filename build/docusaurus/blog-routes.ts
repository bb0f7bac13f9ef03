/**
 * The routes of a Docusaurus site's blogs, which this generator does not build (site/unbuilt-routes.ts).
 * Docusaurus builds the classic preset's blog unless `blog: false` (and a `@docusaurus/plugin-content-blog`
 * entry), from its folder (`path`, default `blog`) at its `routeBasePath` (default `blog`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { UnbuiltRoute } from '../site/unbuilt-routes.ts';
import { isRecord, stringOf } from './values.ts';

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
