/**
 * The shape of `site.config.ts`, with Docusaurus's defaults where it has them. A check beyond a
 * field's type has the fix an author needs as its message; navbar items are checked in config.ts,
 * where their messages name the item by position and label.
 */
import * as v from 'valibot';
import { CODE_THEME } from './code-theme.ts';

const LINK_POLICY = v.optional(v.picklist(['throw', 'warn', 'ignore']), 'throw');
const IMAGE = { alt: '', src: '' };

const navbar = v.optional(v.strictObject({
  title: v.optional(v.string()),
  logo: v.optional(v.strictObject({ alt: v.string(), src: v.string() }), IMAGE),
  items: v.optional(v.array(v.unknown()), () => [{ type: 'search' }, { type: 'colorMode' }]),
  style: v.optional(v.picklist(['dark', 'primary'])),
}), {});

const footer = v.optional(v.strictObject({
  logo: v.optional(v.strictObject({ alt: v.string(), src: v.string(), href: v.optional(v.string()) }), IMAGE),
  copyright: v.optional(v.string(), ''),
  columns: v.optional(v.array(v.strictObject({
    title: v.string(),
    items: v.array(v.union([
      v.strictObject({ label: v.string(), to: v.optional(v.string()), href: v.optional(v.string()), target: v.optional(v.picklist(['_self', '_blank'])), image: v.optional(v.string()) }),
      v.strictObject({ html: v.string() }),
    ])),
  })), []),
}), {});

const docs = v.optional(v.strictObject({
  path: v.optional(v.string(), 'docs'),
  sidebarPath: v.optional(v.string(), 'sidebars.js'),
  routeBasePath: v.optional(v.string(), '/docs'),
  breadcrumbs: v.optional(v.boolean(), true),
  // Docusaurus's versioning options (site/versions.ts): versions.json beside the config, the current docs as `current`.
  lastVersion: v.optional(v.string()),
  onlyIncludeVersions: v.optional(v.array(v.string())),
  includeCurrentVersion: v.optional(v.boolean()),
  disableVersioning: v.optional(v.boolean()),
  versions: v.optional(v.record(v.string(), v.strictObject({
    label: v.optional(v.string()),
    path: v.optional(v.string()),
    banner: v.optional(v.picklist(['none', 'unreleased', 'unmaintained'])),
    badge: v.optional(v.boolean()),
    noIndex: v.optional(v.boolean()),
  })), {}),
  warnOnDocsOutsideSidebar: v.optional(v.boolean(), false),
  editUrl: v.optional(v.pipe(v.string(), v.check((url) => url.startsWith('https://'), 'Set docs.editUrl to the https:// address of the docs folder in your repository\'s editor, for example "https://github.com/owner/repo/edit/main/docs/".'))),
  showLastUpdateTime: v.optional(v.boolean()),
  sidebarCollapsible: v.optional(v.boolean()),
  sidebarCollapsed: v.optional(v.boolean()),
}), {});

const tableOfContents = v.optional(v.pipe(
  v.strictObject({ minHeadingLevel: v.optional(v.number(), 2), maxHeadingLevel: v.optional(v.number(), 3) }),
  v.check(({ minHeadingLevel: min, maxHeadingLevel: max }) => min >= 2 && max <= 6 && min <= max, 'Use levels between 2 and 6, min ≤ max.'),
), {});

const positive = (field: string, isNumber: (value: number) => boolean, expected: string) => v.optional(v.pipe(
  v.number(),
  v.check((value) => isNumber(value) && value > 0, `Set ${field} to ${expected}.`),
));

/** An analytics script must be one absolute https URL (http only for a local host), so the CSP can name its origin. */
const analytics = v.optional(v.strictObject({
  src: v.pipe(
    v.string(),
    v.check(isScriptUrl, 'Use an absolute https:// URL of the script.'),
    v.transform((src) => new URL(src).href),
  ),
}));

/** Where an MDX `<iframe>` may load from unless the config says otherwise: video and code playgrounds. */

export const CONFIG_SCHEMA = v.strictObject({
  title: v.string(),
  tagline: v.optional(v.string(), ''),
  url: v.string(),
  baseUrl: v.pipe(v.string(), v.check((url) => url.startsWith('/') && url.endsWith('/'), 'Start and end baseUrl with "/", for example "/" or "/docs/".')),
  favicon: v.optional(v.string(), '/favicon.ico'),
  i18n: v.optional(v.strictObject({
    defaultLocale: v.string(),
    locales: v.array(v.string()),
    localeConfigs: v.record(v.string(), v.strictObject({ label: v.string(), direction: v.picklist(['ltr', 'rtl']) })),
  }), { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', direction: 'ltr' } } }),
  navbar,
  footer,
  announcementBar: v.optional(v.strictObject({
    id: v.string(), content: v.string(), backgroundColor: v.string(), textColor: v.string(), isCloseable: v.optional(v.boolean(), true),
  })),
  colorMode: v.optional(v.strictObject({
    defaultMode: v.optional(v.picklist(['light', 'dark']), 'light'),
    respectPrefersColorScheme: v.optional(v.boolean(), false),
    disableSwitch: v.optional(v.boolean(), false),
  }), {}),
  docs,
  tableOfContents,
  onBrokenLinks: LINK_POLICY,
  onBrokenAnchors: LINK_POLICY,
  // 'throw' although Docusaurus's default is 'warn': a config of ours says what it wants, and content
  // built with it is strict (the docs-only config and a translated docusaurus.config.* take Docusaurus's 'warn').
  onBrokenMarkdownLinks: LINK_POLICY,
  search: v.optional(v.strictObject({ filters: v.optional(v.record(v.string(), v.array(v.string()))) }), {}),
  pages: v.optional(v.strictObject({
    home: v.optional(v.string()), errors: v.optional(v.string()),
    path: v.optional(v.string()), routeBasePath: v.optional(v.string()),
  }), {}),
  baseUrlIssueBanner: v.optional(v.boolean(), true),
  markdown: v.optional(v.strictObject({ format: v.optional(v.picklist(['mdx', 'md', 'detect']), 'mdx'), languageTabs: v.optional(v.boolean(), false) }), {}),
  allowComponentCode: v.optional(v.boolean(), false),
  components: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Z][\w.]*$/, 'Name components with a capital letter, as JSX does: "Highlight".')), v.string()), {}),
  embedHosts: v.optional(v.array(v.string())),
  customFields: v.optional(v.record(v.string(), v.unknown())),
  customCss: v.optional(v.array(v.string()), []),
  prism: v.optional(v.strictObject({ theme: v.optional(CODE_THEME), darkTheme: v.optional(CODE_THEME) }), {}),
  stylesheets: v.optional(v.array(v.strictObject({
    href: v.pipe(v.string(), v.check(isStylesheetHref, 'Load a stylesheet of another site over https://, or give the path of a file of the static folder.')),
    integrity: v.optional(v.pipe(v.string(), v.regex(/^(sha(256|384|512)-[A-Za-z0-9+/]+=*\s*)+$/, 'Give the integrity as the CDN lists it: "sha384-" and the base64 hash.'))),
    crossorigin: v.optional(v.picklist(['anonymous', 'use-credentials'])),
  })), []),
  maxPageBytes: positive('maxPageBytes', Number.isSafeInteger, 'a whole number of bytes, for example 8 * 1024 * 1024'),
  maxPageSeconds: positive('maxPageSeconds', Number.isFinite, 'a number of seconds, for example 60'),
  maxPageOutputBytes: positive('maxPageOutputBytes', Number.isSafeInteger, 'a whole number of bytes, for example 20 * 1024 * 1024'),
  image: v.optional(v.pipe(v.string(), v.check((image) => image.startsWith('/') || image.startsWith('https://'), 'Set image to a path on the site such as "/img/social-card.png", or an https:// URL.'))),
  analytics,
});

export type ConfigInput = v.InferInput<typeof CONFIG_SCHEMA>;

/** An https URL (or `//host/…`), or a path with no scheme: a file of the static folder. */
function isStylesheetHref(href: string): boolean {
  return /^(https:)?\/\//i.test(href) || !/^[a-z][a-z\d+.-]*:/i.test(href);
}

function isScriptUrl(src: string): boolean {
  const url = URL.canParse(src) ? new URL(src) : undefined;
  const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
  return url !== undefined && (url.protocol === 'https:' || (url.protocol === 'http:' && local));
}
