/**
 * Docusaurus's client modules as a site's components and MDX pages use them (`@docusaurus/Link`,
 * `useBaseUrl`, `useDocusaurusContext`, `BrowserOnly`, `Translate`, `Head`, `@theme/Heading`): the same
 * code renders them at build time and, on a React page with state, in the browser (ClientPage.tsx).
 * What needs a browser renders its fallback until the page is mounted; translations show the default text.
 */
import type { ReactNode } from 'react';
import { useIsMounted } from '../hooks.ts';
import { linkWithBaseUrl, pathnameLinkAttributes, withBaseUrl } from '../../shared/paths.ts';
import { useSiteMetadata, type SiteMetadata } from './site-context.ts';

/** What `useBaseUrl(url, options)` gives on this site: a site path with the baseUrl in front (or the whole URL). */
export function siteUrl(site: SiteMetadata, url: unknown, options?: { absolute?: boolean }): unknown {
  if (typeof url !== 'string' || url === '') return url;
  const path = withBaseUrl(url, site.baseUrl);
  return options?.absolute && path.startsWith('/') ? `${site.url.replace(/\/$/, '')}${path}` : path;
}

/** What `useDocusaurusContext()` gives: the site's config as Docusaurus exposes it. */
export function docusaurusContext(site: SiteMetadata) {
  return { siteConfig: { ...site }, i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] } };
}

export function useBaseUrl(url: string, options?: { absolute?: boolean }): string {
  return siteUrl(useSiteMetadata(), url, options) as string;
}

export function useBaseUrlUtils() {
  const site = useSiteMetadata();
  return { withBaseUrl: (url: string, options?: { absolute?: boolean }) => siteUrl(site, url, options) as string };
}

export function useDocusaurusContext() {
  return docusaurusContext(useSiteMetadata());
}

/** False at build time, true once the page is mounted in the browser. */
export function useIsBrowser(): boolean {
  return useIsMounted();
}

/**
 * Docusaurus's `@docusaurus/ExecutionEnvironment`: what the code runs in. The build renders where there is
 * no DOM (false); a React page with state reads true in readers' browsers.
 */
export const ExecutionEnvironment = {
  get canUseDOM(): boolean {
    return typeof window !== 'undefined' && typeof document !== 'undefined';
  },
  get canUseEventListeners(): boolean {
    return this.canUseDOM && typeof window.addEventListener === 'function';
  },
  get canUseIntersectionObserver(): boolean {
    return this.canUseDOM && 'IntersectionObserver' in window;
  },
  get canUseViewport(): boolean {
    return this.canUseDOM && 'screen' in window;
  },
};

interface LinkProps { to?: string; href?: string; target?: string; children?: ReactNode; className?: string; title?: string; id?: string }

/**
 * A site path gets the baseUrl, as Docusaurus's Link gives it, and a `pathname://` link is that path, for
 * the browser to load (in a new tab unless `target` says otherwise); other props that reach the DOM are the safe few.
 */
export function Link({ to, href, target, children, className, title, id }: LinkProps) {
  const { baseUrl } = useSiteMetadata();
  const destination = to ?? href;
  const attributes = destination === undefined ? { target } : pathnameLinkAttributes(destination, baseUrl, target) ?? { href: linkWithBaseUrl(destination, baseUrl), target };
  return <a {...attributes} className={className} title={title} id={id}>{children}</a>;
}

/** What needs a browser: its fallback at build time, its children once the page is mounted in the browser. */
export function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  return <>{useIsBrowser() && children ? children() : (fallback ?? null)}</>;
}

/** `<Translate>Text</Translate>`: the default text, placeholders filled from `values`. */
export function Translate({ children, message, values }: { children?: string; message?: string; id?: string; values?: Record<string, ReactNode> }) {
  return <>{fill(children ?? message ?? '', values)}</>;
}

export function translate(text: { message: string; id?: string; description?: string }, values?: Record<string, string | number>): string {
  return fill(text?.message ?? '', values) as string;
}

function fill(text: string, values: Record<string, ReactNode> | undefined): ReactNode {
  if (!values) return text;
  const parts = text.split(/\{(\w+)\}/);
  const filled = parts.map((part, index) => (index % 2 === 1 && part in values ? values[part] : part));
  return filled.every((part) => typeof part === 'string' || typeof part === 'number') ? filled.join('') : <>{filled}</>;
}

/** `<Head>`: the page's head is the theme's; a component's additions are not taken. */
export function Head() {
  return null;
}

const HEADING_LEVELS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** `@theme/Heading`: a heading with an id gets the "#" link Markdown headings get (markdown/heading-anchors.ts). */
export function Heading({ as = 'h2', id, children, className }: { as?: string; id?: string; children?: ReactNode; className?: string }) {
  const Tag = (HEADING_LEVELS.has(as) ? as : 'h2') as 'h2';
  if (!id || Tag === ('h1' as string)) return <Tag id={id} className={className}>{children}</Tag>;
  return (
    <Tag id={id} className={['anchor', className].filter(Boolean).join(' ')}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={`Direct link to ${typeof children === 'string' ? children : id}`} title="Direct link to this heading" data-pagefind-ignore="">#</a>
    </Tag>
  );
}
