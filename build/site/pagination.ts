/**
 * A doc's previous and next links: its sidebar neighbours, unless front matter `pagination_prev` /
 * `pagination_next` names another doc (or null, for none).
 */
import { ContentError, throwIfAny } from '../errors.ts';
import { frontMatterLine } from './front-matter-fields.ts';
import type { Doc } from './docs.ts';
import type { SidebarPlacement } from './sidebar-model.ts';
import type { PageLink } from '../../src/shared/types.ts';

export interface Neighbours { previous?: PageLink; next?: PageLink }

/** Every doc's neighbours by id; an unknown id in front matter is an error naming the file, its line and the id. */
export function docNeighbours(docs: Doc[], placementByDocId: Map<string, SidebarPlacement>): Map<string, Neighbours> {
  const docsById = new Map(docs.map((doc) => [doc.id, doc]));
  const errors: ContentError[] = [];
  const target = (doc: Doc, key: 'pagination_prev' | 'pagination_next', fallback: PageLink | undefined): PageLink | undefined => {
    const id = doc.frontMatter[key];
    if (id === undefined) return fallback;
    if (id === null) return undefined;
    const other = docsById.get(id);
    if (!other) {
      errors.push(new ContentError({ rule: 'front-matter', message: `front matter "${key}" names the doc "${id}", which does not exist`, file: doc.displayPath, line: frontMatterLine(key, doc.displayPath), fix: 'Use the id of a doc (its path below the docs folder without ".md"), or null for no link.' }));
      return undefined;
    }
    return { label: other.frontMatter.pagination_label ?? other.sidebarLabel, href: other.permalink };
  };
  const neighbours = new Map(docs.map((doc) => {
    const placement = placementByDocId.get(doc.id);
    return [doc.id, { previous: target(doc, 'pagination_prev', placement?.previous), next: target(doc, 'pagination_next', placement?.next) }];
  }));
  throwIfAny(errors);
  return neighbours;
}
