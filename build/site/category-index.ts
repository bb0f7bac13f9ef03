/**
 * The pages of categories linked `{ type: 'generated-index' }`: the category's title, description and
 * a card per item (a doc's title and description; a subcategory's item count), like Docusaurus's.
 */
import type { Doc } from './docs.ts';
import { sectionOf, type ResolvedSidebars } from './sidebars.ts';
import type { GeneratedIndex } from './sidebar-model.ts';
import type { CategoryCard } from '../../src/theme/CategoryIndex.tsx';
import type { RouteData, SidebarItem, SiteConfig } from '../../src/shared/types.ts';

/** A generated index page: its route and what its body shows. */
export interface CategoryPage { route: RouteData; description?: string; cards: CategoryCard[] }

export function categoryPages(sidebars: ResolvedSidebars, docs: Doc[], config: SiteConfig): CategoryPage[] {
  const docsByPermalink = new Map(docs.map((doc) => [doc.permalink, doc]));
  return sidebars.categoryIndexes.map((index) => ({
    route: categoryRoute(index, sidebars, config),
    description: index.description,
    cards: index.items.flatMap((item) => card(item, docsByPermalink)),
  }));
}

function categoryRoute(index: GeneratedIndex, sidebars: ResolvedSidebars, config: SiteConfig): RouteData {
  const key = `category:${index.permalink}`;
  const placement = sidebars.placementByDocId.get(key);
  return {
    kind: 'doc',
    permalink: index.permalink,
    title: index.title,
    description: index.description ?? `${index.title}: ${countItems(index.items)}.`,
    keywords: index.keywords,
    image: index.image,
    section: sectionOf(key, placement),
    sidebarName: index.sidebarName,
    doc: {
      id: key,
      toc: [],
      hideTitle: false,
      hideTableOfContents: true,
      breadcrumbs: config.docs.breadcrumbs && placement ? placement.categories.slice(0, -1).map((category) => ({ label: category.label, href: category.href ?? '' })) : undefined,
      sidebarLabel: index.label,
      previous: placement?.previous,
      next: placement?.next,
    },
  };
}

function card(item: SidebarItem, docsByPermalink: Map<string, Doc>): CategoryCard[] {
  if (item.type === 'link') {
    const doc = docsByPermalink.get(item.href);
    return [{ title: item.label, href: item.href, description: doc?.frontMatter.description }];
  }
  const href = item.href ?? firstHref(item.items);
  return href ? [{ title: item.label, href, description: countItems(item.items) }] : [];
}

function firstHref(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const href = item.type === 'link' ? item.href : item.href ?? firstHref(item.items);
    if (href) return href;
  }
  return undefined;
}

function countItems(items: SidebarItem[]): string {
  return `${items.length} item${items.length === 1 ? '' : 's'}`;
}
