/**
 * The files beside the pages, made once for the build and watch mode: the `/` redirect of a
 * docs-only site, the link source map, the sitemap, llms.txt and the generated indexes' Markdown
 * copies, `_headers`. A doc's Markdown copy is one of its page's files (pages/route-files.ts).
 */
import { llmsTxt, writeCategoryCopy } from './llms.ts';
import { securityHeaders } from './security-headers.ts';
import { writeSitemap } from './sitemap.ts';
import { LINK_SOURCES_FILE, serializeLinkSources, type PageLinkIndex } from '../links/checker.ts';
import { NOT_FOUND_PERMALINK, type FileSink } from '../output-layout.ts';
import type { SiteSources } from '../site/load.ts';

/** Where a file goes: the build's output folder, or watch mode's plan of files. */
export interface SiteFilesInput {
  sources: SiteSources;
  /** Every page's links, in page order. */
  linkIndex: PageLinkIndex[];
  themeScript: string;
  renderRedirectPage: (permalink: string) => string;
}

/** The hosts the pages' iframes load, sorted: the CSP's frame-src allows these and no others. */
function frameHosts(linkIndex: PageLinkIndex[]): string[] {
  return [...new Set(linkIndex.flatMap((page) => page.frames.map((src) => new URL(src).host)))].sort();
}

export function writeSiteFiles(sink: FileSink, { sources, linkIndex, themeScript, renderRedirectPage }: SiteFilesInput): void {
  const { config, themeRoutes, homeRedirect, sidebars, categoryPages } = sources;
  // Unlisted docs and pages are built, but no list of the site's pages names them; nor does the sitemap name a noIndex version's.
  const listed = [...sources.docs, ...sources.pages].filter((doc) => !doc.frontMatter.unlisted);
  const versions = sources.site.versions;
  const indexed = (version: string | undefined) => !versions?.find((candidate) => candidate.name === version)?.noIndex;
  if (homeRedirect) sink.write('index.html', renderRedirectPage(homeRedirect));
  sink.write(LINK_SOURCES_FILE, serializeLinkSources(linkIndex, config.baseUrl, sources.themeLinkOrigins, sources.unbuiltRoutes));
  const permalinks = [...listed.filter((doc) => indexed(doc.version)), ...categoryPages.map((page) => page.route).filter((route) => indexed(route.version)), ...themeRoutes].map((page) => page.permalink);
  writeSitemap(sink, config, permalinks.filter((permalink) => permalink !== NOT_FOUND_PERMALINK));
  // A React page has no Markdown copy to list; of a versioned site's docs, llms.txt lists the last version's.
  const last = versions?.find((version) => version.isLast)?.name;
  sink.write('llms.txt', llmsTxt(listed.filter((doc) => doc.page !== 'react' && (doc.version === undefined || doc.version === last)), config, sidebars.placementByDocId));
  for (const page of categoryPages) writeCategoryCopy(sink, page, config);
  const { styleOrigins, fontOrigins } = sources.siteCss;
  sink.write('_headers', securityHeaders(config, themeScript, { frameHosts: frameHosts(linkIndex), inlineStyles: [...new Set(linkIndex.flatMap((page) => page.styles))].sort(), styleOrigins, fontOrigins }));
}
