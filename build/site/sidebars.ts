import path from 'node:path';
import { ContentError } from '../errors.ts';
import { loadModuleDefault } from './module-loader.ts';
import type { Doc } from './docs.ts';
import type { PageLink, SidebarItem } from '../../src/shared/types.ts';

/** Where a doc sits in a sidebar: the sidebar's name, its category trail, its neighbours. */
export interface SidebarPlacement {
  sidebarName: string;
  /** The doc's label in the sidebar. */
  label: string;
  categories: { label: string; href?: string }[];
  previous?: PageLink;
  next?: PageLink;
}

/** The part of the site a doc belongs to: its top-level sidebar category, or the doc itself at the top level. */
export function sectionOf(docId: string, placement: SidebarPlacement | undefined): string | undefined {
  return placement ? placement.categories[0]?.label ?? docId : undefined;
}

export interface ResolvedSidebars {
  sidebars: Record<string, SidebarItem[]>;
  placementByDocId: Map<string, SidebarPlacement>;
}

/** Loads a Docusaurus sidebars file (`.ts`/`.js`, ESM or CommonJS) and resolves it against the docs; the files it is made of are added to `files`. */
export async function loadSidebars(file: string, docs: Doc[], files?: Set<string>): Promise<ResolvedSidebars> {
  const shownPath = path.relative(process.cwd(), file) || file;
  const raw = await loadModuleDefault(file, files);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ContentError({ rule: 'sidebars', message: 'the sidebars file must export an object of named sidebars', file: shownPath, fix: 'Export { sidebarName: [items] } as default (or module.exports).' });
  }
  return resolveSidebars(raw as Record<string, unknown>, docs, shownPath);
}

export function resolveSidebars(raw: Record<string, unknown>, docs: Doc[], file: string): ResolvedSidebars {
  const docsById = new Map(docs.map((doc) => [doc.id, doc]));
  const sidebars: Record<string, SidebarItem[]> = {};
  const placementByDocId = new Map<string, SidebarPlacement>();
  for (const [sidebarName, items] of Object.entries(raw)) {
    const resolver = new SidebarResolver(sidebarName, docsById, file);
    sidebars[sidebarName] = resolver.resolveItems(items, []);
    resolver.placeDocs(placementByDocId);
  }
  return { sidebars, placementByDocId };
}

class SidebarResolver {
  /** Docs in reading order, with the categories that contain them. */
  private readonly ordered: { doc: Doc; label: string; categories: SidebarPlacement['categories'] }[] = [];

  constructor(private readonly sidebarName: string, private readonly docsById: Map<string, Doc>, private readonly file: string) {}

  /** The item lists being resolved, outermost first: a list met again contains itself. */
  private readonly open = new Set<object>();

  resolveItems(items: unknown, trail: SidebarPlacement['categories']): SidebarItem[] {
    if (typeof items !== 'object' || items === null) throw this.error(`has items that are not a list (${JSON.stringify(items)})`, 'Write the items as an array.');
    if (this.open.has(items)) {
      throw this.error(`category "${trail.map((category) => category.label).join(' › ')}" contains itself`, 'Remove the category (or the list it shares) from its own items.');
    }
    this.open.add(items);
    try {
      if (Array.isArray(items)) return items.map((item) => this.resolveItem(item, trail));
      // Shorthand: { 'Category label': [items] }
      return Object.entries(items).map(([label, children]) => this.resolveCategory({ label, items: children }, trail));
    } finally {
      this.open.delete(items);
    }
  }

  private resolveItem(item: unknown, trail: SidebarPlacement['categories']): SidebarItem {
    if (typeof item === 'string') return this.resolveDoc(item, undefined, trail);
    if (typeof item !== 'object' || item === null) throw this.error(`has an item that is not an id or object: ${JSON.stringify(item)}`, 'Use a doc id string or an item object.');
    const entry = item as Record<string, unknown>;
    switch (entry.type) {
      case 'doc':
      case 'ref':
        if (typeof entry.id !== 'string') {
          throw this.error(`has a ${entry.type} item without an id${this.where(trail)}: ${JSON.stringify(item)}`, 'Add id: the id of the doc it shows (its path below the docs folder without ".md").');
        }
        return this.resolveDoc(entry.id, entry.label as string | undefined, trail);
      case 'link':
        if (typeof entry.label !== 'string' || typeof entry.href !== 'string') {
          throw this.error(`has a link item without a label or href${this.where(trail)}: ${JSON.stringify(item)}`, 'Give a link item both label and href (strings).');
        }
        return { type: 'link', label: entry.label, href: entry.href };
      case 'category':
        return this.resolveCategory(entry, trail);
      case undefined: {
        const keys = Object.keys(entry);
        if (keys.length === 1 && (Array.isArray(entry[keys[0]]) || typeof entry[keys[0]] === 'object')) return this.resolveCategory({ label: keys[0], items: entry[keys[0]] }, trail);
        throw this.error(`has an item without a type: ${JSON.stringify(item)}`, 'Add type: "doc", "category" or "link".');
      }
      default:
        throw this.error(`has an item of unsupported type "${String(entry.type)}"`, 'Use "doc", "ref", "category" or "link".');
    }
  }

  private resolveDoc(id: string, label: string | undefined, trail: SidebarPlacement['categories']): SidebarItem {
    const doc = this.docsById.get(id);
    if (!doc) {
      throw this.error(`names the doc "${id}", which does not exist`, `Create content for "${id}", or fix the id (ids are paths below the docs folder without ".md").`);
    }
    const shownLabel = label ?? doc.sidebarLabel;
    this.ordered.push({ doc, label: shownLabel, categories: trail });
    return { type: 'link', label: shownLabel, href: doc.permalink };
  }

  private resolveCategory(entry: Record<string, unknown>, trail: SidebarPlacement['categories']): SidebarItem {
    if (typeof entry.label !== 'string') throw this.error(`has a category without a label${this.where(trail)}`, 'Give the category a label (a string).');
    const label = entry.label;
    const link = entry.link as { type?: string; id?: string } | undefined;
    const linkedDoc = link?.type === 'doc' && link.id ? this.docsById.get(link.id) : undefined;
    if (link?.type === 'doc' && !linkedDoc) throw this.error(`category "${label}" links to the doc "${link.id}", which does not exist`, 'Fix the link id.');
    const categoryTrail = [...trail, { label, href: linkedDoc?.permalink }];
    if (linkedDoc) this.ordered.push({ doc: linkedDoc, label: linkedDoc.sidebarLabel, categories: categoryTrail });
    return {
      type: 'category',
      label,
      collapsed: entry.collapsed !== false,
      collapsible: entry.collapsible !== false,
      href: linkedDoc?.permalink,
      items: this.resolveItems(entry.items ?? [], categoryTrail),
    };
  }

  placeDocs(placementByDocId: Map<string, SidebarPlacement>): void {
    this.ordered.forEach(({ doc, label, categories }, index) => {
      if (placementByDocId.has(doc.id)) return;
      const previous = this.ordered[index - 1];
      const next = this.ordered[index + 1];
      placementByDocId.set(doc.id, {
        sidebarName: this.sidebarName,
        label,
        categories,
        previous: previous && { label: previous.label, href: previous.doc.permalink },
        next: next && { label: next.label, href: next.doc.permalink },
      });
    });
  }

  /** ` in category "A › B"` for an item below the top level of the sidebar. */
  private where(trail: SidebarPlacement['categories']): string {
    return trail.length > 0 ? ` in category "${trail.map((category) => category.label).join(' › ')}"` : '';
  }

  private error(problem: string, fix: string): ContentError {
    return new ContentError({ rule: 'sidebars', message: `sidebar "${this.sidebarName}" ${problem}`, file: this.file, fix });
  }
}
