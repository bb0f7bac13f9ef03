import { useEffect, useState } from 'react';
import { containsPath, isOpen } from '../shared/sidebar.ts';
import type { SidebarItem } from '../shared/types.ts';
import { useLocation } from './context.ts';
import { NavLink } from './Link.tsx';

type Category = Extract<SidebarItem, { type: 'category' }>;

/** The docs sidebar. */
export function DocSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <nav aria-label="Docs sidebar" className="doc-sidebar">
      <SidebarItems items={items} level={1} />
    </nav>
  );
}

function SidebarItems({ items, level, hidden }: { items: SidebarItem[]; level: number; hidden?: boolean }) {
  return (
    <ul className={`menu-list menu-level-${level}`} hidden={hidden}>
      {items.map((item) => (
        <li key={`${item.type}:${item.label}`} className={`menu-item menu-item-${item.type}${item.className ? ` ${item.className}` : ''}`}>
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

/** A category's items; a large sidebar's are a module of their own, imported when the category first opens. */
function useCategoryItems(category: Category): { items?: SidebarItem[]; failed: boolean; load: () => void } {
  const [lazy, setLazy] = useState<{ items?: SidebarItem[]; failed?: boolean }>(() => ({ items: category.lazyItems ? loadedItems.get(category.lazyItems) : undefined }));
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
  return { items: category.lazyItems ? lazy.items : category.items, failed: lazy.failed === true, load };
}

function LoadFailed() {
  return <p className="menu-load-failed" role="alert">Could not load this category. Check your connection, then close and open it again.</p>;
}

function SidebarCategory({ category, level }: { category: Category; level: number }) {
  return category.href ? <LinkedCategory category={category} level={level} /> : <PlainCategory category={category} level={level} />;
}

/** Categories are <details>, so they open and close without JavaScript too. */
function PlainCategory({ category, level }: { category: Category; level: number }) {
  const { pathname } = useLocation();
  const { items, failed, load } = useCategoryItems(category);
  return (
    <details className={`menu-category${containsPath(category, pathname) ? ' menu-category-active' : ''}`} open={isOpen(category, pathname)}
      onToggle={(event) => event.currentTarget.open && load()}>
      <summary className="menu-link menu-category-label">{category.label}</summary>
      {items ? <SidebarItems items={items} level={level + 1} /> : null}
      {failed ? <LoadFailed /> : null}
    </details>
  );
}

/**
 * A category that is also a page: its label is a link, so opening and closing is a separate button
 * (a link inside a <summary> would be one control inside another).
 */
function LinkedCategory({ category, level }: { category: Category; level: number }) {
  const { pathname } = useLocation();
  const { items, failed, load } = useCategoryItems(category);
  const [open, setOpen] = useState(() => isOpen(category, pathname));
  useEffect(() => {
    if (containsPath(category, pathname)) setOpen(true);
  }, [category, pathname]);
  useEffect(() => {
    if (open) load();
  }, [open]);
  return (
    <div className={`menu-category menu-category-linked${containsPath(category, pathname) ? ' menu-category-active' : ''}`}>
      <div className="menu-category-label">
        <NavLink className="menu-link" href={category.href!}>{category.label}</NavLink>
        <button type="button" className="menu-category-toggle" aria-expanded={open}
          aria-label={`${open ? 'Collapse' : 'Expand'} the category ${category.label}`} onClick={() => setOpen(!open)} />
      </div>
      {/* Rendered even when closed, so the links are in the page without JavaScript and for crawlers. */}
      {items ? <SidebarItems items={items} level={level + 1} hidden={!open} /> : null}
      {failed ? <LoadFailed /> : null}
    </div>
  );
}
