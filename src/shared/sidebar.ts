import { samePath } from './paths.ts';
import type { SidebarItem } from './types.ts';

/**
 * Up to this many links a sidebar ships whole, in one chunk every page shares, and every category
 * renders, so it opens without JavaScript. A larger sidebar ships to each page only the categories
 * open on it; a closed one loads its items when first opened (`lazyItems`), so first-load
 * JavaScript and HTML stay the same size however many docs the site has.
 */
export const WHOLE_SIDEBAR_MAX_LINKS = 300;

export function countLinks(items: SidebarItem[]): number {
  return items.reduce((count, item) => count + (item.type === 'link' ? 1 : 1 + countLinks(item.items)), 0);
}

export function containsPath(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return samePath(item.href, pathname);
  return (item.href !== undefined && samePath(item.href, pathname)) || item.items.some((child) => containsPath(child, pathname));
}

/** A category is open when the page is in it, or when it is not collapsed (or cannot be). */
export function isOpen(category: Extract<SidebarItem, { type: 'category' }>, pathname: string | undefined): boolean {
  return !category.collapsed || !category.collapsible || (pathname !== undefined && containsPath(category, pathname));
}
