import path from 'node:path';
import * as v from 'valibot';
import { CONFIG_SCHEMA, type ConfigInput } from './config-schema.ts';
import { describeIssue } from './schema-issues.ts';
import { ContentError, contentError } from '../errors.ts';
import { loadModuleDefault } from './module-loader.ts';
import type { NavbarItem, SiteConfig } from '../../src/shared/types.ts';
import { displayPath } from '../fs-utils.ts';
import { dropdownItemName, navbarItemName } from './link-origins.ts';

const NAVBAR_ITEM_TYPES = ['doc', 'docSidebar', 'default', 'dropdown', 'search', 'colorMode', 'docsVersionDropdown', 'docsVersion'];
/** Items whose label the theme supplies. */
const UNLABELLED = new Set(['search', 'colorMode', 'docsVersionDropdown', 'docsVersion']);
/** What a dropdown lists: links. */
const DROPDOWN_ITEM_TYPES = ['doc', 'docSidebar', 'default'];

/** Loads and validates `site.config.ts`; every problem names the file and the field. The files it is made of are added to `files`. */
export async function loadConfig(file: string, files?: Set<string>): Promise<SiteConfig> {
  const raw = await loadModuleDefault(file, files);
  return validateConfig(raw, displayPath(file));
}

/**
 * How problems name what the author wrote, when the config is a translation of theirs (a Docusaurus
 * config): their option for one of our field paths, and each navbar item's position in their list.
 */
export interface AuthorsNames {
  option: (field: string) => string;
  navbarPositions: (number | undefined)[];
}

/** The config with defaults filled in; every bad field is reported at once, by its path. */
export function validateConfig(raw: unknown, file: string, names?: AuthorsNames): SiteConfig {
  const result = v.safeParse(CONFIG_SCHEMA, raw);
  if (!result.success) throw contentError(result.issues.map((issue) => configError(issue, file, names?.option)));
  const config = result.output;
  const items = config.navbar.items.map((item, index) => validateNavbarItem(item, navbarItemName(index, labelOf(item), names?.navbarPositions), file));
  return { ...config, navbar: { ...config.navbar, title: config.navbar.title ?? config.title, items } };
}

function configError(issue: v.BaseIssue<unknown>, file: string, option?: (field: string) => string): ContentError {
  const { path: field, problem, fix } = describeIssue(issue, CONFIG_SCHEMA, 'Remove it, or correct its spelling (docs/authoring.md lists the fields).', option);
  return new ContentError({ rule: 'config', message: `${field ? `"${field}"` : 'the default export'} ${problem}`, file, fix });
}

/** `name`: the item as messages name it, `navbar item 3 ("Blog")`; `types`: the types it may have there. */
function validateNavbarItem(raw: unknown, name: string, file: string, types = NAVBAR_ITEM_TYPES): NavbarItem {
  const item = (isObject(raw) ? raw : {}) as Record<string, unknown>;
  const type = (item.type as string | undefined) ?? 'default';
  if (!types.includes(type) && NAVBAR_ITEM_TYPES.includes(type)) {
    throw new ContentError({ rule: 'config', message: `${name} of type "${type}" cannot be in a dropdown`, file, fix: `A dropdown lists links: items of type ${DROPDOWN_ITEM_TYPES.join(', ')} (a plain link needs no type, only "to" or "href").` });
  }
  if (!types.includes(type)) {
    throw new ContentError({ rule: 'config', message: `${name} has unknown type "${type}"`, file, fix: `Use one of: ${types.join(', ')} (a plain link needs no type, only "to" or "href").` });
  }
  if (type === 'doc' && typeof item.docId !== 'string') {
    throw new ContentError({ rule: 'config', message: `${name} of type "doc" has no docId`, file, fix: 'Add docId: the id of the doc it links to.' });
  }
  if (type === 'docSidebar' && typeof item.sidebarId !== 'string') {
    throw new ContentError({ rule: 'config', message: `${name} of type "docSidebar" has no sidebarId`, file, fix: 'Add sidebarId: the name of a sidebar in the sidebars file.' });
  }
  if (type === 'default' && typeof item.to !== 'string' && typeof item.href !== 'string') {
    throw new ContentError({ rule: 'config', message: `${name} has neither "to" nor "href"`, file, fix: 'Add to (a page of this site) or href (an external URL).' });
  }
  if (type === 'dropdown' && (!Array.isArray(item.items) || item.items.length === 0)) {
    throw new ContentError({ rule: 'config', message: `${name} of type "dropdown" has no items`, file, fix: 'Add items: the links it lists, each as a navbar item of type doc, docSidebar or a plain link.' });
  }
  if (item.position !== undefined && item.position !== 'left' && item.position !== 'right') {
    throw new ContentError({ rule: 'config', message: `${name} has position ${JSON.stringify(item.position)}`, file, fix: 'Use position "left" (after the title, the default) or "right" (at the end of the bar).' });
  }
  if (item.target !== undefined && item.target !== '_self' && item.target !== '_blank') {
    throw new ContentError({ rule: 'config', message: `${name} has target ${JSON.stringify(item.target)}`, file, fix: 'Use target "_blank" (a new tab) or "_self" (this tab), or leave it out.' });
  }
  if (!UNLABELLED.has(type) && typeof item.label !== 'string') {
    throw new ContentError({ rule: 'config', message: `${name} has no label`, file, fix: 'Add label: the text shown in the navbar.' });
  }
  if (type === 'dropdown') {
    const items = (item.items as unknown[]).map((child, index) => validateNavbarItem(child, dropdownItemName(name, index, labelOf(child)), file, DROPDOWN_ITEM_TYPES));
    return { ...item, type, items } as unknown as NavbarItem;
  }
  if (type === 'docsVersionDropdown') {
    const links = (field: 'dropdownItemsBefore' | 'dropdownItemsAfter') => {
      const listed = item[field];
      if (listed === undefined) return undefined;
      if (!Array.isArray(listed)) throw new ContentError({ rule: 'config', message: `${name}'s ${field} is not a list`, file, fix: `Set ${field} to a list of links, for example [{ to: '/versions', label: 'All versions' }].` });
      return listed.map((child, index) => validateNavbarItem(child, dropdownItemName(`${name}'s ${field}`, index, labelOf(child)), file, DROPDOWN_ITEM_TYPES));
    };
    return { ...item, type, dropdownItemsBefore: links('dropdownItemsBefore'), dropdownItemsAfter: links('dropdownItemsAfter') } as unknown as NavbarItem;
  }
  return { ...item, type } as NavbarItem;
}

function labelOf(item: unknown): string | undefined {
  return isObject(item) && typeof item.label === 'string' ? item.label : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config of a docs-only build of a foreign Docusaurus folder (`--docs DIR` without a site config). */
export function docsOnlyConfig(docsDir: string, sidebarsFile: string): SiteConfig {
  return validateConfig({
    title: path.basename(path.resolve(docsDir, '..')) || 'Docs',
    url: 'http://localhost',
    baseUrl: '/',
    docs: { path: docsDir, sidebarPath: sidebarsFile, routeBasePath: '/' },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
    // Docusaurus's defaults: a folder that builds there builds here.
    onBrokenLinks: 'throw',
    onBrokenAnchors: 'warn',
    onBrokenMarkdownLinks: 'warn',
  } satisfies ConfigInput, 'the docs-only config');
}
