/** The site's sources as the build, the merge and watch mode load them: our config, or a Docusaurus site's (docusaurus/). */
import { DOCUSAURUS_CONFIG } from '../docusaurus/index.ts';
import type { DocCache } from '../site/docs.ts';
import { loadSite, type SiteOptions, type SiteSources } from '../site/load.ts';
import type { TaskTimer } from '../task.ts';

const CONFIG_FORMATS = [DOCUSAURUS_CONFIG];

export function loadSiteSources(options: SiteOptions, timer: TaskTimer, docCache?: DocCache): Promise<SiteSources> {
  return loadSite(options, timer, CONFIG_FORMATS, docCache);
}
