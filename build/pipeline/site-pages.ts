/**
 * The site's one page list, in the order every report, list and index has it: docs, the pages folder's
 * pages, generated category indexes, theme pages (home, errors, not found). The build, a shard (its
 * share of it), the merge (its order) and watch mode all take their pages from here.
 */
import { categoryBody } from '../pages/generated-bodies.tsx';
import type { GeneratedInput } from '../cache/page-cache.ts';
import type { SiteSources } from '../site/load.ts';
import type { DocPageTask } from '../site/routes.ts';
import { docKey } from '../site/versioned-docs.ts';
import type { Doc } from '../site/docs.ts';

export interface SitePages {
  /** Docs and the pages folder's pages: the page step compiles them. */
  docs: DocPageTask[];
  /** Pages made without Markdown: generated indexes (with their body) and theme pages. */
  generated: GeneratedInput[];
}

/** Every page of the site, or those `keep` keeps (a shard's share, by permalink). */
export function sitePages(sources: SiteSources, keep: (permalink: string) => boolean = () => true): SitePages {
  const { sidebars, neighbours } = sources;
  const versions = docVersions(sources.docs);
  const docs = [...sources.docs, ...sources.pages].filter((doc) => keep(doc.permalink))
    .map((doc): DocPageTask => ({ doc, placement: sidebars.placementByDocId.get(docKey(doc)), neighbours: neighbours.get(docKey(doc)), versions: doc.version === undefined ? undefined : versions.get(doc.id) }));
  const generated: GeneratedInput[] = [
    ...sources.categoryPages.filter((page) => keep(page.route.permalink)).map((page) => ({ route: page.route, body: categoryBody(page) })),
    ...sources.themeRoutes.filter((route) => keep(route.permalink)).map((route) => ({ route })),
  ];
  return { docs, generated };
}

/** Each page's place in the list, by permalink: the merge puts the shards' pages back in it. */
export function pageOrder({ docs, generated }: SitePages): Map<string, number> {
  return new Map([...docs.map(({ doc }) => doc.permalink), ...generated.map(({ route }) => route.permalink)].map((permalink, index) => [permalink, index]));
}

/** On a versioned site, each doc id's permalink in every version that has it (the version menu's and banner's targets). */
function docVersions(docs: Doc[]): Map<string, Record<string, string>> {
  const byId = new Map<string, Record<string, string>>();
  for (const doc of docs) {
    if (doc.version === undefined) continue;
    byId.set(doc.id, { ...byId.get(doc.id), [doc.version]: doc.permalink });
  }
  return byId;
}
