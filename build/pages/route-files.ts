/**
 * One route's output files, as the production build (on any thread) and watch mode make them:
 * its route and body chunks, its HTML page, its route pointer and its `.html` redirect.
 */
import { indexPage, type PageLinkIndex } from '../links/checker.ts';
import { readFileSync } from 'node:fs';
import type { PageAsset } from '../markdown/doc-images.ts';
import type { SourceLink } from '../markdown/links.ts';
import type * as RenderModule from './render.tsx';
import { routeChunk } from './route-chunks.ts';
import type { ShippedSidebar } from './sidebar-chunks.ts';
import { markdownCopyPath, pathBelowBase, routePointerPath } from '../../src/shared/paths.ts';
import { fileOnDisk, NOT_FOUND_PERMALINK, pageFilePaths, type OutputFiles, type RuntimeAssets } from '../output-layout.ts';
import type { RouteData, SiteConfig, SiteData } from '../../src/shared/types.ts';

/** `render.tsx`: imported by the build, bundled afresh by watch mode after a theme change. */
export type PageRenderer = Pick<typeof RenderModule, 'renderPage' | 'renderRedirectPage'>;

/** What every page of a site is rendered with. */
export interface PageContext {
  config: SiteConfig;
  site: SiteData;
  themeScript: string;
  runtime: RuntimeAssets;
  sidebars: Record<string, ShippedSidebar>;
  assetsDir: string;
  renderer: PageRenderer;
}

export interface PageInput {
  route: RouteData;
  /** A doc's compiled body HTML. */
  body?: string;
  /** The Markdown file of a doc page, for link reports. */
  sourceFile?: string;
  sourceLinks?: SourceLink[];
  /** Client islands the doc's components need. */
  islands?: string[];
  /** A React page with state: the URL of the module that renders it in the browser. */
  clientPage?: string;
  /** Images kept next to the doc, copied with the page. */
  assets?: PageAsset[];
  /** A doc's Markdown copy (output/llms.ts), written beside the page as `<route>.md`. */
  markdownCopy?: string;
}

export interface PageFiles {
  files: OutputFiles;
  html: string;
  /** What the link checker needs; undefined for the not-found page, which no link targets. */
  links?: PageLinkIndex;
}

export function pageFiles(context: PageContext, { route, body, sourceFile, sourceLinks = [], islands = [], clientPage, assets = [], markdownCopy }: PageInput): PageFiles {
  const { config, renderer } = context;
  const sidebarName = route.sidebarName;
  const sidebar = sidebarName ? context.sidebars[sidebarName]?.forPage(route.permalink) : undefined;
  const islandUrls = islands.map((island) => context.runtime.islandUrls[island]);
  const chunk = routeChunk({ route, body, sidebar: sidebar?.chunk, islandUrls, clientPage, baseUrl: config.baseUrl, assetsDir: context.assetsDir });
  const html = renderer.renderPage({
    config, site: context.site, chunk: { route, sidebar: sidebar?.items }, body, themeScript: context.themeScript,
    assets: { ...context.runtime, chunkUrl: chunk.url, chunkPreloads: chunk.preloads },
  });
  const pointer = JSON.stringify({ chunk: chunk.url, preloads: chunk.preloads });
  const files: OutputFiles = [...chunk.files, ...assets.map(({ source, target }): [string, Uint8Array] => [target, readFileSync(source)])];
  const { page, redirect } = pageFilePaths(route.permalink, config.baseUrl);
  files.push([page, html]);
  if (route.permalink === NOT_FOUND_PERMALINK) {
    files.push(['__routes/__not_found.json', pointer]);
    return { files, html };
  }
  const sitePath = pathBelowBase(route.permalink, config.baseUrl);
  files.push([routePointerPath(sitePath), pointer]);
  if (redirect) files.push([redirect, renderer.renderRedirectPage(route.permalink)]);
  if (markdownCopy !== undefined) files.push([markdownCopyPath(sitePath).slice(1), markdownCopy]);
  return { files: files.map(([file, contents]) => [fileOnDisk(file), contents]), html, links: indexPage(route.permalink, html, sourceFile, sourceLinks) };
}
