import path from 'node:path';
import { ContentError } from '../errors.ts';
import { loadModuleDefault } from './module-loader.ts';
import type { NavbarItem, SiteConfig } from '../../src/shared/types.ts';

const NAVBAR_ITEM_TYPES = ['doc', 'default', 'search', 'colorMode'];
const BROKEN_LINK_POLICIES = ['throw', 'warn', 'ignore'];

/** Loads and validates `site.config.ts`; every problem names the file and the field. */
export async function loadConfig(file: string): Promise<SiteConfig> {
  const raw = await loadModuleDefault(file);
  return validateConfig(raw, path.relative(process.cwd(), file) || file);
}

export function validateConfig(raw: unknown, file: string): SiteConfig {
  const fail = (field: string, problem: string, fix: string): never => {
    throw new ContentError(`${field} ${problem}`, file, undefined, fix);
  };
  if (!isObject(raw)) fail('the default export', 'is not an object', 'Export the site config object as default.');
  const config = raw as Record<string, unknown>;
  for (const key of ['title', 'tagline', 'url', 'baseUrl', 'favicon']) {
    if (typeof config[key] !== 'string') fail(`"${key}"`, 'must be a string', `Set ${key} to a string.`);
  }
  if (!(config.baseUrl as string).startsWith('/') || !(config.baseUrl as string).endsWith('/')) {
    fail('"baseUrl"', `is "${config.baseUrl}"`, 'Start and end baseUrl with "/", for example "/" or "/docs/".');
  }
  const navbar = config.navbar as Record<string, unknown> | undefined;
  if (!isObject(navbar) || !Array.isArray(navbar.items)) fail('"navbar.items"', 'must be an array', 'List the navbar items in navbar.items.');
  const items = (navbar as { items: unknown[] }).items.map((item, index) => validateNavbarItem(item, index, file));
  for (const policy of ['onBrokenLinks', 'onBrokenAnchors']) {
    if (config[policy] !== undefined && !BROKEN_LINK_POLICIES.includes(config[policy] as string)) {
      fail(`"${policy}"`, `is "${String(config[policy])}"`, `Use one of: ${BROKEN_LINK_POLICIES.join(', ')}.`);
    }
  }
  const toc = (config.tableOfContents ?? { minHeadingLevel: 2, maxHeadingLevel: 3 }) as SiteConfig['tableOfContents'];
  if (!(toc.minHeadingLevel >= 2 && toc.maxHeadingLevel <= 6 && toc.minHeadingLevel <= toc.maxHeadingLevel)) {
    fail('"tableOfContents"', `has levels ${toc.minHeadingLevel}–${toc.maxHeadingLevel}`, 'Use levels between 2 and 6, min ≤ max.');
  }
  return {
    ...(config as unknown as SiteConfig),
    navbar: { ...(navbar as unknown as SiteConfig['navbar']), items },
    tableOfContents: toc,
    onBrokenLinks: (config.onBrokenLinks as SiteConfig['onBrokenLinks']) ?? 'throw',
    onBrokenAnchors: (config.onBrokenAnchors as SiteConfig['onBrokenAnchors']) ?? 'throw',
    search: (config.search as SiteConfig['search']) ?? {},
    pages: (config.pages as SiteConfig['pages']) ?? {},
    baseUrlIssueBanner: config.baseUrlIssueBanner !== false,
    maxPageBytes: validatePositive(config.maxPageBytes, Number.isSafeInteger, 'maxPageBytes', 'a whole number of bytes, for example 8 * 1024 * 1024', fail),
    maxPageSeconds: validatePositive(config.maxPageSeconds, Number.isFinite, 'maxPageSeconds', 'a number of seconds, for example 60', fail),
    analytics: validateAnalytics(config.analytics, fail),
    image: validateImage(config.image, fail),
    docs: isObject(config.docs) ? { ...(config.docs as SiteConfig['docs']), editUrl: validateEditUrl(config.docs.editUrl, fail) } : config.docs as SiteConfig['docs'],
  };
}

function validateImage(raw: unknown, fail: (field: string, problem: string, fix: string) => never): string | undefined {
  if (raw === undefined || (typeof raw === 'string' && (raw.startsWith('/') || raw.startsWith('https://')))) return raw as string | undefined;
  return fail('"image"', `is ${JSON.stringify(raw)}`, 'Set image to a path on the site such as "/img/social-card.png", or an https:// URL.');
}

function validateEditUrl(raw: unknown, fail: (field: string, problem: string, fix: string) => never): string | undefined {
  if (raw === undefined || (typeof raw === 'string' && raw.startsWith('https://'))) return raw as string | undefined;
  return fail('"docs.editUrl"', `is ${JSON.stringify(raw)}`, 'Set docs.editUrl to the https:// address of the docs folder in your repository\'s editor, for example "https://github.com/owner/repo/edit/main/docs/".');
}

function validatePositive(
  raw: unknown, isNumber: (raw: unknown) => boolean, field: string, expected: string, fail: (field: string, problem: string, fix: string) => never,
): number | undefined {
  if (raw === undefined || (isNumber(raw) && (raw as number) > 0)) return raw as number | undefined;
  return fail(`"${field}"`, `is ${JSON.stringify(raw)}`, `Set ${field} to ${expected}.`);
}

/** An analytics script must be one absolute https URL (http only for a local host), so the CSP can name its origin. */
function validateAnalytics(raw: unknown, fail: (field: string, problem: string, fix: string) => never): SiteConfig['analytics'] {
  if (raw === undefined) return undefined;
  const fix = 'Set analytics to { src: "https://analytics.example.com/script.js" }, or remove it.';
  const src = isObject(raw) ? raw.src : undefined;
  if (typeof src !== 'string') return fail('"analytics.src"', 'must be a string', fix);
  const url = URL.canParse(src) ? new URL(src) : undefined;
  const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && local))) {
    return fail('"analytics.src"', `is "${src}"`, 'Use an absolute https:// URL of the script.');
  }
  return { src: url.href };
}

function validateNavbarItem(raw: unknown, index: number, file: string): NavbarItem {
  const item = (isObject(raw) ? raw : {}) as Record<string, unknown>;
  const type = (item.type as string | undefined) ?? 'default';
  const name = `navbar item ${index + 1}${typeof item.label === 'string' ? ` ("${item.label}")` : ''}`;
  if (!NAVBAR_ITEM_TYPES.includes(type)) {
    throw new ContentError(`${name} has unknown type "${type}"`, file, undefined,
      `Use one of: ${NAVBAR_ITEM_TYPES.join(', ')} (a plain link needs no type, only "to" or "href").`);
  }
  if (type === 'doc' && typeof item.docId !== 'string') {
    throw new ContentError(`${name} of type "doc" has no docId`, file, undefined, 'Add docId: the id of the doc it links to.');
  }
  if (type === 'default' && typeof item.to !== 'string' && typeof item.href !== 'string') {
    throw new ContentError(`${name} has neither "to" nor "href"`, file, undefined, 'Add to (a page of this site) or href (an external URL).');
  }
  if ((type === 'doc' || type === 'default') && typeof item.label !== 'string') {
    throw new ContentError(`${name} has no label`, file, undefined, 'Add label: the text shown in the navbar.');
  }
  return { ...item, type } as NavbarItem;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config of a docs-only build of a foreign Docusaurus folder (`--docs DIR` without a site config). */
export function docsOnlyConfig(docsDir: string, sidebarsFile: string): SiteConfig {
  const title = path.basename(path.resolve(docsDir, '..')) || 'Docs';
  return {
    title,
    tagline: '',
    url: 'http://localhost',
    baseUrl: '/',
    favicon: '/favicon.ico',
    i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', direction: 'ltr' } } },
    navbar: { title, logo: { alt: '', src: '' }, items: [{ type: 'search' }, { type: 'colorMode' }] },
    footer: { logo: { alt: '', src: '' }, copyright: '', columns: [] },
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
    docs: { path: docsDir, sidebarPath: sidebarsFile, routeBasePath: '/', breadcrumbs: true, versions: { current: { label: 'Next' } }, warnOnDocsOutsideSidebar: false },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
    onBrokenLinks: 'throw',
    onBrokenAnchors: 'throw',
    search: {},
    pages: {},
    baseUrlIssueBanner: true,
  };
}
