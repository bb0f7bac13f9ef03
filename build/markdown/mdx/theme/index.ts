/**
 * The components and client modules an MDX page, or a site's own component, may import under Docusaurus's names. `@theme/CodeBlock` is turned into
 * a code fence before rendering (see scope.ts), so it is highlighted like one.
 */
import { createElement } from 'react';
import { Admonition, Details } from './Admonition.tsx';
import { clsx } from './clsx.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { BrowserOnly, docusaurusContext, Head, Heading, Link, siteUrl, Translate, translate, useBaseUrl, useBaseUrlUtils, useDocusaurusContext, useIsBrowser } from './Docusaurus.tsx';
import { Layout } from './Layout.tsx';
import { matchPath, pageHistory, pageLocation, Redirect, useHistory, useLocation } from './Router.tsx';
import type { SiteMetadata } from './site-context.ts';
import { TabItem, Tabs } from './Tabs.tsx';
import { TOCInline } from './TOCInline.tsx';

export { CodeBlock };

/**
 * What `react-lite-youtube-embed` is to Docusaurus sites: a video by id. Here it is the privacy-friendly
 * embed itself, loading lazily.
 */
function YouTubeEmbed({ id, title, params }: { id: string; title?: string; params?: string }) {
  const src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}${params ? `?${params}` : ''}`;
  return createElement('iframe', { src, title: title ?? 'YouTube video', loading: 'lazy', allowFullScreen: true, allow: 'encrypted-media; picture-in-picture', className: 'video-embed' });
}

const MDXComponents = { Admonition, Details, Tabs, TabItem, CodeBlock, TOCInline, a: Link };

/** Module specifier → its exports. */
export const THEME_MODULES: ReadonlyMap<string, Record<string, unknown>> = new Map<string, Record<string, unknown>>([
  ['@theme/Tabs', { default: Tabs }],
  ['@theme/TabItem', { default: TabItem }],
  ['@theme/Admonition', { default: Admonition }],
  ['@theme/Details', { default: Details }],
  ['@theme/CodeBlock', { default: CodeBlock }],
  ['@theme/MDXComponents', { default: MDXComponents }],
  ['@theme/TOCInline', { default: TOCInline }],
  ['@theme/Heading', { default: Heading }],
  ['@theme/Layout', { default: Layout }],
  ['@docusaurus/Link', { default: Link }],
  ['@docusaurus/useBaseUrl', { default: useBaseUrl, useBaseUrlUtils }],
  ['@docusaurus/useDocusaurusContext', { default: useDocusaurusContext }],
  ['@docusaurus/useIsBrowser', { default: useIsBrowser }],
  ['@docusaurus/BrowserOnly', { default: BrowserOnly }],
  ['@docusaurus/Translate', { default: Translate, translate }],
  ['@docusaurus/Head', { default: Head }],
  ['@docusaurus/router', { useLocation, useHistory, Redirect, matchPath }],
  ['react-lite-youtube-embed', { default: YouTubeEmbed, LiteYouTubeEmbed: YouTubeEmbed }],
  // Its stylesheet: the embed above needs none.
  ['react-lite-youtube-embed/dist/LiteYouTubeEmbed.css', {}],
  ['clsx', { default: clsx, clsx }],
]);

/** A `@theme/` or `@docusaurus/` module this generator does not have, as an import of a page or a component is refused. */
export function unknownThemeModule(source: string): { message: string; fix: string } {
  const known = [...THEME_MODULES.keys()].filter((name) => name.startsWith('@theme/') || name.startsWith('@docusaurus/'));
  return { message: `cannot import "${source}": this generator has no such theme component`, fix: `Use one of ${known.join(', ')}, or a component of the site's own (--allow-component-code).` };
}


/** Components that need the browser, by the island (src/client/islands/) that drives them. */
export const ISLAND_OF_COMPONENT: ReadonlyMap<unknown, string> = new Map([[Tabs, 'tabs']]);

/**
 * The client functions an MDX expression may call (`<img src={useBaseUrl('/img/a.png')} />`): each runs
 * on the host with data in and data out (sandbox/page-sandbox.ts `defineCallable`), for this site and
 * the page at `pagePath` (its permalink). Only data comes out, so `useHistory()` gives its location,
 * `length` and `action`, not its (do-nothing) navigation functions.
 */
export function sandboxCallables(site: SiteMetadata, pagePath: string): ReadonlyMap<unknown, (...args: unknown[]) => unknown> {
  return new Map<unknown, (...args: unknown[]) => unknown>([
    [useBaseUrl, (url, options) => siteUrl(site, url, options as { absolute?: boolean } | undefined)],
    [useDocusaurusContext, () => docusaurusContext(site)],
    [useIsBrowser, () => false],
    [translate, (text, values) => translate(text as { message: string }, values as Record<string, string> | undefined)],
    [useLocation, () => pageLocation(pagePath)],
    [useHistory, () => {
      const { length, action, location } = pageHistory(pagePath);
      return { length, action, location };
    }],
    [matchPath, (pathname, options) => matchPath(String(pathname), options as Parameters<typeof matchPath>[1])],
  ]);
}
