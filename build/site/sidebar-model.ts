/**
 * The resolved sidebars as the rest of the site sees them: where a page sits (its sidebar, label,
 * categories, previous and next) and the generated index pages of categories.
 */
import type { PageLink, SidebarItem } from '../../src/shared/types.ts';

/** Where a page sits in a sidebar: the sidebar's name, its category trail, its neighbours. */
export interface SidebarPlacement {
  sidebarName: string;
  /** The page's label in the sidebar. */
  label: string;
  categories: { label: string; href?: string }[];
  previous?: PageLink;
  next?: PageLink;
}

/** A category whose link is `{ type: 'generated-index' }`: a page listing its items. */
export interface GeneratedIndex {
  permalink: string;
  label: string;
  title: string;
  description?: string;
  keywords?: string[];
  image?: string;
  items: SidebarItem[];
  sidebarName: string;
}
