/**
 * The site's link check, after every page is written: each page's links against every page and output
 * file, then the config's policy (onBrokenLinks, onBrokenAnchors). The build and the merge of a sharded
 * build run it on the output folder.
 */
import { checkLinks, type PageLinkIndex } from '../links/checker.ts';
import { enforceLinkPolicy } from '../links/policy.ts';
import type { OutputFolder } from '../output/output-folder.ts';
import type { SiteSources } from '../site/load.ts';
import type { TaskTimer } from '../task.ts';

/** The whole site's links checked and the config's policy applied: the lines it lets through as warnings. */
export async function checkSiteLinks(sources: SiteSources, output: OutputFolder, linkIndex: PageLinkIndex[], timer: TaskTimer): Promise<string[]> {
  const links = await timer.run('check links', () => checkLinks(linkIndex, output.listFiles(), sources.config.baseUrl, (file) => output.readFile(file), sources.themeLinkOrigins, sources.unbuiltRoutes));
  return enforceLinkPolicy(links, sources.config, sources.configDisplayPath);
}
