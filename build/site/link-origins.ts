/**
 * Where the links the theme renders were written: a navbar or footer item in the config, an item of
 * the sidebars file. A dead one is reported there (`sidebars.js, sidebar "main" item "API"`) instead
 * of on every page that shows it.
 */
import type { SidebarItem, SiteData } from '../../src/shared/types.ts';

/** Which file and entry wrote a navbar, footer or sidebar link: the link checker names them for a broken one. */
export interface ThemeLinkOrigin {
  source: string;
  item: string;
  /** A `pathname://` link: the browser loads it; the link check leaves it alone, as Docusaurus's does. */
  unchecked?: true;
}

export interface LinkFiles {
  /** The config as messages name it; undefined for a docs-only build, whose navbar and footer nobody wrote. */
  configFile?: string;
  sidebarsFile?: string;
  /** The position of each navbar item in the config (1-based), when the config's list is not ours (a Docusaurus config). */
  navbarPositions?: (number | undefined)[];
}

/** `navbar item 3 ("Blog")`: the item as the author counts it in their config. */
export function navbarItemName(index: number, label: string | undefined, positions?: (number | undefined)[]): string {
  return `navbar item ${positions?.[index] ?? index + 1}${label ? ` ("${label}")` : ''}`;
}

/** `navbar item 3 ("More") item 2 ("Blog")`: a dropdown's link, after the dropdown's own name. */
export function dropdownItemName(dropdownName: string, index: number, label: string | undefined): string {
  return `${dropdownName} item ${index + 1}${label ? ` ("${label}")` : ''}`;
}

/** Each href of the navbar, footer and sidebars, with the first entry that writes it. */
export function themeLinkOrigins(site: SiteData, sidebars: Record<string, SidebarItem[]>, files: LinkFiles): Map<string, ThemeLinkOrigin> {
  const origins = new Map<string, ThemeLinkOrigin>();
  const add = (href: string | undefined, source: string | undefined, item: string, pathname?: true) => {
    if (href !== undefined && source !== undefined && !origins.has(href)) origins.set(href, pathname ? { source, item, unchecked: true } : { source, item });
  };
  site.navbar.items.forEach((item, index) => {
    const name = navbarItemName(index, item.kind === 'link' || item.kind === 'dropdown' ? item.label : undefined, files.navbarPositions);
    if (item.kind === 'link') add(item.href, files.configFile, name, item.pathname);
    if (item.kind === 'dropdown') item.items.forEach((link, linkIndex) => add(link.href, files.configFile, dropdownItemName(name, linkIndex, link.label), link.pathname));
    if (item.kind === 'versions') [...item.before, ...item.after].forEach((link, linkIndex) => add(link.href, files.configFile, dropdownItemName(name, linkIndex, link.label), link.pathname));
  });
  for (const column of site.footer?.columns ?? []) {
    for (const item of column.items) if (!('html' in item)) add(item.href, files.configFile, `footer ${column.title ? `column "${column.title}" ` : ''}item "${item.label}"`, item.pathname);
  }
  for (const [name, items] of Object.entries(sidebars)) addSidebarItems(items, (href, label) => add(href, files.sidebarsFile, `sidebar "${name}" item "${label}"`));
  return origins;
}

function addSidebarItems(items: SidebarItem[], add: (href: string | undefined, label: string) => void): void {
  for (const item of items) {
    add(item.href, item.label);
    if (item.type === 'category') addSidebarItems(item.items, add);
  }
}
