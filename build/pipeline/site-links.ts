/**
 * The site's link check, after every page is made: each page's links against every page and output
 * file, then the config's policy (onBrokenLinks, onBrokenAnchors). The build and the merge of a sharded
 * build run it on the output folder, watch mode on its plan of the folder.
 */
import { checkLinks, type PageLinkIndex } from '../links/checker.ts';
import { enforceLinkPolicy } from '../links/policy.ts';
import type { SiteSources } from '../site/load.ts';

/** What links may point at: every file of the site, and the text of one (an HTML file's ids). */
export interface LinkTargets {
  listFiles(): Set<string>;
  readFile(file: string): string | undefined;
}

/** The whole site's links checked and the config's policy applied: the lines it lets through as warnings. */
export function checkSiteLinks(sources: SiteSources, files: LinkTargets, linkIndex: PageLinkIndex[]): string[] {
  const links = checkLinks(linkIndex, files.listFiles(), sources.config.baseUrl, (file) => files.readFile(file), sources.themeLinkOrigins, sources.unbuiltRoutes);
  return enforceLinkPolicy(links, sources.config, sources.configDisplayPath);
}
