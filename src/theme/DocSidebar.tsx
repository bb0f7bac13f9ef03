import type { SidebarItem } from '../shared/types.ts';
import { useLocation } from './context.ts';
import { samePath } from './hooks.ts';
import { NavLink } from './Link.tsx';

/** The docs sidebar. Categories are <details>, so they open and close without JavaScript too. */
export function DocSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <nav aria-label="Docs sidebar" className="doc-sidebar">
      <SidebarItems items={items} level={1} />
    </nav>
  );
}

function SidebarItems({ items, level }: { items: SidebarItem[]; level: number }) {
  return (
    <ul className={`menu-list menu-level-${level}`}>
      {items.map((item) => (
        <li key={`${item.type}:${item.label}`} className={`menu-item menu-item-${item.type}`}>
          {item.type === 'link'
            ? <NavLink className="menu-link" href={item.href}>{item.label}</NavLink>
            : <SidebarCategory category={item} level={level} />}
        </li>
      ))}
    </ul>
  );
}

function SidebarCategory({ category, level }: { category: Extract<SidebarItem, { type: 'category' }>; level: number }) {
  const { pathname } = useLocation();
  const containsActive = containsPath(category, pathname);
  const open = containsActive || !category.collapsed || !category.collapsible;
  return (
    <details className={`menu-category${containsActive ? ' menu-category-active' : ''}`} open={open}>
      <summary className="menu-link menu-category-label">
        {category.href ? <NavLink href={category.href}>{category.label}</NavLink> : category.label}
      </summary>
      <SidebarItems items={category.items} level={level + 1} />
    </details>
  );
}

function containsPath(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'link') return samePath(item.href, pathname);
  return (item.href !== undefined && samePath(item.href, pathname)) || item.items.some((child) => containsPath(child, pathname));
}
