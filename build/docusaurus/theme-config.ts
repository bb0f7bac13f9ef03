/**
 * A Docusaurus `themeConfig` as our site config's navbar, footer, announcement bar and colour mode.
 * What a reader would see there and we cannot show is one warning naming it (docusaurus-config.ts
 * prints them against the config file).
 */
import type { ConfigInput } from '../site/config-schema.ts';
import type { FooterHtml, FooterLink, LinkTarget, NavbarPosition } from '../../src/shared/types.ts';
import { isRecord, staticPath, stringOf, type Raw, type Unsupported } from './values.ts';

/**
 * `{ to | href, target }` as our link fields; siteData gives both the baseUrl as Docusaurus's Link does (a `to`
 * may lack the leading slash). A target other than `_self` and `_blank` is warned about and left out.
 */
function linkOf(item: Raw, name: string, unsupported: Unsupported): { to?: string; href?: string; target?: LinkTarget } {
  const to = stringOf(item.to);
  const href = stringOf(item.href);
  const target = item.target === '_self' || item.target === '_blank' ? item.target : undefined;
  if (item.target !== undefined && target === undefined) unsupported(`target ${JSON.stringify(item.target)} of ${name}`, 'the link opens as it would without one');
  return { ...(to !== undefined ? { to } : {}), ...(href !== undefined ? { href } : {}), ...(target ? { target } : {}) };
}

const NAVBAR_KEYS = new Set(['title', 'logo', 'items', 'style']);

export interface TranslatedNavbar {
  navbar: NonNullable<ConfigInput['navbar']>;
  /** For each item kept, its 1-based position among the config's items (undefined: added, as Docusaurus shows it unlisted). */
  positions: (number | undefined)[];
}

/** `themeConfig.navbar`; Docusaurus shows the colour-mode switch and search without listing them, so they are added. */
export function translateNavbar(raw: unknown, unsupported: Unsupported): TranslatedNavbar {
  const navbar = isRecord(raw) ? raw : {};
  for (const key of Object.keys(navbar)) if (!NAVBAR_KEYS.has(key)) unsupported(`"themeConfig.navbar.${key}"`);
  const items: Raw[] = [];
  const positions: (number | undefined)[] = [];
  const listed = Array.isArray(navbar.items) ? navbar.items : [];
  listed.forEach((entry, index) => {
    const item = navbarItem(entry, `navbar item ${index + 1}`, unsupported);
    if (item) {
      // Docusaurus's default place: after the logo and title.
      items.push({ ...item, position: item.position ?? 'left' });
      positions.push(index + 1);
    }
  });
  for (const type of ['colorMode', 'search']) {
    if (!items.some((item) => item.type === type)) {
      items.push({ type, position: 'right' });
      positions.push(undefined);
    }
  }
  const logo = logoOf(navbar.logo);
  // Docusaurus's default, 'light', is the bar of the colour mode.
  const style = navbar.style === 'light' ? undefined : navbar.style as 'dark' | 'primary' | undefined;
  return { navbar: { title: stringOf(navbar.title), ...(logo ? { logo: { alt: logo.alt, src: logo.src } } : {}), items, style }, positions };
}

/** `name`: the item as warnings name it, `navbar item 3`, `navbar item 3 ("More") item 2`. */
function navbarItem(entry: unknown, name: string, unsupported: Unsupported): Raw | undefined {
  const item = isRecord(entry) ? entry : {};
  // As in Docusaurus, an item with `items` and no type is a dropdown.
  const type = stringOf(item.type) ?? (Array.isArray(item.items) ? 'dropdown' : 'default');
  const position = positionOf(item);
  const label = stringOf(item.label) ?? stringOf(item['aria-label']);
  if (type === 'search') return { type, position };
  // Another docs plugin's doc or sidebar: this generator builds the default docs plugin only.
  if ((type === 'doc' || type === 'docSidebar') && item.docsPluginId !== undefined && item.docsPluginId !== 'default') {
    unsupported(`${name}${label ? ` ("${label}")` : ''}, a link into the docs plugin "${String(item.docsPluginId)}",`, 'only the default docs plugin is built; it is left out');
    return undefined;
  }
  if (type === 'docsVersionDropdown') {
    for (const option of ['versions', 'docsPluginId'] as const) {
      if (item[option] !== undefined) unsupported(`${name}'s ${option}`, 'the menu lists every version');
    }
    const links = (field: 'dropdownItemsBefore' | 'dropdownItemsAfter') => (Array.isArray(item[field]) ? item[field] : []).flatMap((entry, index) => dropdownLink(entry, `${name}'s ${field} item ${index + 1}`, unsupported) ?? []);
    return { type, position, dropdownItemsBefore: links('dropdownItemsBefore'), dropdownItemsAfter: links('dropdownItemsAfter'), dropdownActiveClassDisabled: item.dropdownActiveClassDisabled === true || undefined };
  }
  if (type === 'docsVersion') return { type, label, to: stringOf(item.to), position };
  if (type === 'doc') return { type, docId: item.docId, label: label ?? stringOf(item.docId), position };
  if (type === 'docSidebar') return { type, sidebarId: item.sidebarId, label: label ?? stringOf(item.sidebarId), position };
  if (type === 'default' && (item.to !== undefined || item.href !== undefined)) {
    return { ...linkOf(item, `${name}${label ? ` ("${label}")` : ''}`, unsupported), label: label ?? stringOf(item.href) ?? stringOf(item.to), position };
  }
  if (type === 'dropdown') return dropdownItem(item, `${name}${label ? ` ("${label}")` : ''}`, unsupported);
  unsupported(`${name} (${label ? `"${label}", ` : ''}type "${type}")`, 'it is left out of the navbar');
  return undefined;
}

/** A dropdown of links; its own link (`to`), which Docusaurus puts on its label, is left out: the label opens the list. */
function dropdownItem(item: Raw, name: string, unsupported: Unsupported): Raw | undefined {
  if (item.to !== undefined || item.href !== undefined) unsupported(`the link of ${name}`, 'its label opens the list');
  const listed = Array.isArray(item.items) ? item.items : [];
  const links = listed.flatMap((entry, index) => dropdownLink(entry, `${name} item ${index + 1}`, unsupported) ?? []);
  if (links.length > 0) return { type: 'dropdown', label: stringOf(item.label), items: links, position: positionOf(item) };
  unsupported(`${name}, a dropdown without links,`, 'it is left out of the navbar');
  return undefined;
}

function positionOf(item: Raw): NavbarPosition | undefined {
  return item.position === 'left' || item.position === 'right' ? item.position : undefined;
}

/** What a dropdown lists: doc, docSidebar and plain links. */
function dropdownLink(entry: unknown, name: string, unsupported: Unsupported): Raw | undefined {
  const type = isRecord(entry) ? stringOf(entry.type) ?? 'default' : undefined;
  if (type === 'doc' || type === 'docSidebar' || type === 'default') return navbarItem(entry, name, unsupported);
  unsupported(`${name}${type ? ` (type "${type}")` : ''}`, 'it is left out of the list');
  return undefined;
}

function logoOf(raw: unknown): { alt: string; src: string; href?: string } | undefined {
  if (!isRecord(raw) || staticPath(raw.src) === undefined) return undefined;
  return { alt: stringOf(raw.alt) ?? '', src: staticPath(raw.src)!, ...(stringOf(raw.href) ? { href: stringOf(raw.href) } : {}) };
}

const FOOTER_KEYS = new Set(['links', 'copyright', 'logo', 'style']);

/** `themeConfig.footer`: columns of links (a flat list is one column), copyright, logo. */
export function translateFooter(raw: unknown, unsupported: Unsupported): ConfigInput['footer'] {
  if (!isRecord(raw)) return undefined;
  for (const key of Object.keys(raw)) if (!FOOTER_KEYS.has(key)) unsupported(`"themeConfig.footer.${key}"`);
  const links = Array.isArray(raw.links) ? raw.links : [];
  const columnar = links.some((entry) => isRecord(entry) && Array.isArray(entry.items));
  const columns = columnar
    ? links.filter(isRecord).map((column, index) => ({ title: stringOf(column.title) ?? '', items: footerItems(column.items, `footer column "${stringOf(column.title) ?? index + 1}" item`, unsupported) }))
    : links.length > 0 ? [{ title: '', items: footerItems(links, 'footer item', unsupported) }] : [];
  const logo = logoOf(raw.logo);
  return { columns, copyright: copyrightOf(raw.copyright, unsupported), ...(logo ? { logo } : {}) };
}

/** Links, and `{ html }` items, whose HTML goes through the page policy (footer-html.ts). */
function footerItems(items: unknown, where: string, unsupported: Unsupported): (FooterLink | FooterHtml)[] {
  const list = Array.isArray(items) ? items.filter(isRecord) : [];
  return list.flatMap((item, index): (FooterLink | FooterHtml)[] => {
    if (typeof item.html === 'string') return [{ html: item.html }];
    const label = stringOf(item.label);
    if (label === undefined || (item.to === undefined && item.href === undefined)) {
      unsupported(`${where} ${index + 1}`, 'it is left out of the footer');
      return [];
    }
    return [{ label, ...linkOf(item, `${where} ${index + 1}`, unsupported) }];
  });
}

/** Docusaurus renders the copyright as HTML; ours is text, so tags are dropped (their text stays). */
function copyrightOf(raw: unknown, unsupported: Unsupported): string {
  const copyright = stringOf(raw) ?? '';
  if (!/<[a-z/]/i.test(copyright)) return copyright;
  unsupported('HTML in "themeConfig.footer.copyright"', 'its text is shown without the tags');
  return copyright.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&trade;/g, '™').replace(/&reg;/g, '®').replace(/&copy;/g, '©').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

// Values are passed on as written: one of the wrong type is rejected by the schema, named as the
// author's option (`themeConfig.colorMode.defaultMode`), as Docusaurus rejects it.

/** `themeConfig.announcementBar`, with Docusaurus's defaults for the colours. */
export function translateAnnouncementBar(raw: unknown): ConfigInput['announcementBar'] {
  if (!isRecord(raw) || stringOf(raw.content) === undefined) return undefined;
  return {
    id: (raw.id ?? 'announcement-bar') as string,
    content: stringOf(raw.content)!,
    backgroundColor: (raw.backgroundColor ?? '#fff') as string,
    textColor: (raw.textColor ?? '#000') as string,
    isCloseable: raw.isCloseable as boolean | undefined,
  };
}

/** `themeConfig.colorMode`. */
export function translateColorMode(raw: unknown): ConfigInput['colorMode'] {
  if (!isRecord(raw)) return undefined;
  return { defaultMode: raw.defaultMode as 'light' | 'dark' | undefined, respectPrefersColorScheme: raw.respectPrefersColorScheme as boolean | undefined, disableSwitch: raw.disableSwitch as boolean | undefined };
}
