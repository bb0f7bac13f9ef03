import { useState } from 'react';
import type { SidebarItem } from '../shared/types.ts';
import { useLocation } from './context.ts';
import { samePath } from './hooks.ts';
import { NavLink } from './Link.tsx';

/**
 * Up to this many links, collapsed categories are rendered too, so they open without JavaScript.
 * Larger sidebars render a collapsed category's items when it is first opened: otherwise every page
 * of a site with thousands of docs would carry thousands of sidebar links.
 */
export const EAGER_SIDEBAR_LINKS = 300;

/** The docs sidebar. Categories are <details>, so they open and close without JavaScript too. */
export function DocSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <nav aria-label="Docs sidebar" className="doc-sidebar">
      <SidebarItems items={items} level={1} eager={countLinks(items) <= EAGER_SIDEBAR_LINKS} />
    </nav>
  );
}

function countLinks(items: SidebarItem[]): number {
  return items.reduce((count, item) => count + (item.type === 'link' ? 1 : 1 + countLinks(item.items)), 0);
}

function SidebarItems({ items, level, eager }: { items: SidebarItem[]; level: number; eager: boolean }) {
  return (
    <ul className={`menu-list menu-level-${level}`}>
      {items.map((item) => (
        <li key={`${item.type}:${item.label}`} className={`menu-item menu-item-${item.type}`}>
          {item.type === 'link'
            ? <NavLink className="menu-link" href={item.href}>{item.label}</NavLink>
            : <SidebarCategory category={item} level={level} eager={eager} />}
        </li>
      ))}
    </ul>
  );
}

function SidebarCategory({ category, level, eager }: { category: Extract<SidebarItem, { type: 'category' }>; level: number; eager: boolean }) {
  const { pathname } = useLocation();
  const containsActive = containsPath(category, pathname);
  const open = containsActive || !category.collapsed || !category.collapsible;
  const [opened, setOpened] = useState(false);
  return (
    <details className={`menu-category${containsActive ? ' menu-category-active' : ''}`} open={open}
      onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="menu-link menu-category-label">
        {category.href ? <NavLink href={category.href}>{category.label}</NavLink> : category.label}
      </summary>
      {eager || open || opened ? <SidebarItems items={category.items} level={level + 1} eager={eager} /> : null}
    </details>
  );
}

function containsPath(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return samePath(item.href, pathname);
  return (item.href !== undefined && samePath(item.href, pathname)) || item.items.some((child) => containsPath(child, pathname));
}
