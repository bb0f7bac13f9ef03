import { countLinks, WHOLE_SIDEBAR_MAX_LINKS } from '../../src/shared/sidebar.ts';
import type { SidebarItem } from '../../src/shared/types.ts';
import { hashedFile } from './route-chunks.ts';

type Category = Extract<SidebarItem, { type: 'category' }>;

/**
 * How one sidebar reaches the browser. A small one is one module every page shares. A large one
 * is a view per page (the categories open on it inline, closed ones as stubs naming a module) plus
 * one module per category, so what a page ships does not grow with the number of docs.
 */
export class ShippedSidebar {
  readonly whole: boolean;
  /** Its modules: the shared one of a small sidebar, the category ones of a large one; path below the output folder → contents. */
  readonly files = new Map<string, string>();
  /** A small sidebar's shared module. */
  readonly sharedUrl?: string;
  private readonly moduleUrls = new Map<Category, string>();
  /** For each linked path, the categories that contain it: a page's open categories without searching the tree. */
  private readonly ancestorsByPath = new Map<string, Set<Category>>();

  constructor(private readonly items: SidebarItem[], name: string, private readonly baseUrl: string, assetsDir: string) {
    this.whole = countLinks(items) <= WHOLE_SIDEBAR_MAX_LINKS;
    if (this.whole) {
      const contents = jsonModule(items);
      const file = hashedFile(`${assetsDir}/sidebars/${fileSafe(name)}`, contents);
      this.files.set(file, contents);
      this.sharedUrl = `${baseUrl}${file}`;
    } else {
      this.indexAncestors(items, []);
      this.addCategoryModules(items, `${assetsDir}/sidebars/${fileSafe(name)}`);
    }
  }

  /** The page at `permalink`: the items it renders, and what its route chunk carries (the shared module, or those items). */
  forPage(permalink: string): { items: SidebarItem[]; chunk: { url: string } | { items: SidebarItem[] } } {
    if (this.sharedUrl) return { items: this.items, chunk: { url: this.sharedUrl } };
    const items = this.view(this.items, permalink);
    return { items, chunk: { items } };
  }

  /** Categories open on the page at `pathname` (isOpen in src/shared/sidebar.ts, by lookup). */
  private view(items: SidebarItem[], pathname: string | undefined): SidebarItem[] {
    const active = pathname === undefined ? undefined : this.ancestorsByPath.get(trimSlash(pathname));
    return items.map((item) => {
      if (item.type === 'link') return item;
      if (!item.collapsed || !item.collapsible || active?.has(item)) return { ...item, items: this.view(item.items, pathname) };
      return { ...item, items: [], lazyItems: this.moduleUrls.get(item)! };
    });
  }

  private indexAncestors(items: SidebarItem[], ancestors: Category[]): void {
    for (const item of items) {
      const chain = item.type === 'category' ? [...ancestors, item] : ancestors;
      if (item.href !== undefined) {
        const key = trimSlash(item.href);
        const known = this.ancestorsByPath.get(key) ?? new Set<Category>();
        for (const category of chain) known.add(category);
        this.ancestorsByPath.set(key, known);
      }
      if (item.type === 'category') this.indexAncestors(item.items, chain);
    }
  }

  /** Children first: a category's module names its closed subcategories' modules, which are content-hashed. */
  private addCategoryModules(items: SidebarItem[], dir: string): void {
    for (const item of items) {
      if (item.type !== 'category') continue;
      this.addCategoryModules(item.items, dir);
      const contents = jsonModule(this.view(item.items, undefined));
      const file = hashedFile(`${dir}/${fileSafe(item.label).toLowerCase()}`, contents);
      this.files.set(file, contents);
      this.moduleUrls.set(item, `${this.baseUrl}${file}`);
    }
  }
}

export function shipSidebars(sidebars: Record<string, SidebarItem[]>, baseUrl: string, assetsDir: string): Record<string, ShippedSidebar> {
  return Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, new ShippedSidebar(items, name, baseUrl, assetsDir)]));
}

/** A module exporting data; JSON.parse of a string literal is parsed faster by browsers than the same object literal. */
export function jsonModule(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
}

function fileSafe(name: string): string {
  return name.replace(/[^\w-]+/g, '_');
}

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '') || '/';
}

