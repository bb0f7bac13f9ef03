import { useState } from 'react';
import { containsPath, isOpen } from '../shared/sidebar.ts';
import type { SidebarItem } from '../shared/types.ts';
import { useLocation } from './context.ts';
import { NavLink } from './Link.tsx';

type Category = Extract<SidebarItem, { type: 'category' }>;

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

/** Items of large sidebars' categories loaded so far, by module URL: they are loaded once per visit. */
const loadedItems = new Map<string, SidebarItem[]>();

function SidebarCategory({ category, level }: { category: Category; level: number }) {
  const { pathname } = useLocation();
  const [lazy, setLazy] = useState<{ items?: SidebarItem[]; failed?: boolean }>(() => ({ items: category.lazyItems ? loadedItems.get(category.lazyItems) : undefined }));
  const items = category.lazyItems ? lazy.items : category.items;
  const load = () => {
    const url = category.lazyItems;
    if (!url || lazy.items) return;
    import(url).then(
      (module: { default: SidebarItem[] }) => {
        loadedItems.set(url, module.default);
        setLazy({ items: module.default });
      },
      () => setLazy({ failed: true }),
    );
  };
  return (
    <details className={`menu-category${containsPath(category, pathname) ? ' menu-category-active' : ''}`} open={isOpen(category, pathname)}
      onToggle={(event) => event.currentTarget.open && load()}>
      <summary className="menu-link menu-category-label">
        {category.href ? <NavLink href={category.href}>{category.label}</NavLink> : category.label}
      </summary>
      {items ? <SidebarItems items={items} level={level + 1} /> : null}
      {lazy.failed ? <p className="menu-load-failed" role="alert">Could not load this category. Check your connection, then close and open it again.</p> : null}
    </details>
  );
}
