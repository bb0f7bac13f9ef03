/**
 * The Docusaurus modules a site's code may import that render alike at build time and in the
 * browser: a React page with state is bundled with these for readers (ClientPage.tsx), and the build
 * renders with the same ones (build/markdown/mdx/theme/index.ts adds those that exist only at build time).
 */
import { createElement } from 'react';
import { clsx } from './clsx.ts';
import { BrowserOnly, ExecutionEnvironment, Head, Heading, Link, Translate, translate, useBaseUrl, useBaseUrlUtils, useDocusaurusContext, useIsBrowser } from './Docusaurus.tsx';
import { Layout } from './Layout.tsx';
import { matchPath, Redirect, useHistory, useLocation } from './Router.tsx';
import { TabItem, Tabs } from './Tabs.tsx';

/**
 * What `react-lite-youtube-embed` is to Docusaurus sites: a video by id. Here it is the privacy-friendly
 * embed itself, loading lazily.
 */
function YouTubeEmbed({ id, title, params }: { id: string; title?: string; params?: string }) {
  const src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}${params ? `?${params}` : ''}`;
  return createElement('iframe', { src, title: title ?? 'YouTube video', loading: 'lazy', allowFullScreen: true, allow: 'encrypted-media; picture-in-picture', className: 'video-embed' });
}

/** Module specifier → its exports. */
export const SHARED_THEME_MODULES: ReadonlyMap<string, Record<string, unknown>> = new Map<string, Record<string, unknown>>([
  ['@theme/Tabs', { default: Tabs }],
  ['@theme/TabItem', { default: TabItem }],
  ['@theme/Heading', { default: Heading }],
  ['@theme/Layout', { default: Layout }],
  ['@docusaurus/Link', { default: Link }],
  ['@docusaurus/useBaseUrl', { default: useBaseUrl, useBaseUrlUtils }],
  ['@docusaurus/useDocusaurusContext', { default: useDocusaurusContext }],
  ['@docusaurus/useIsBrowser', { default: useIsBrowser }],
  ['@docusaurus/BrowserOnly', { default: BrowserOnly }],
  ['@docusaurus/ExecutionEnvironment', { default: ExecutionEnvironment }],
  ['@docusaurus/Translate', { default: Translate, translate }],
  ['@docusaurus/Head', { default: Head }],
  ['@docusaurus/router', { useLocation, useHistory, Redirect, matchPath }],
  ['react-lite-youtube-embed', { default: YouTubeEmbed, LiteYouTubeEmbed: YouTubeEmbed }],
  // Its stylesheet: the embed above needs none.
  ['react-lite-youtube-embed/dist/LiteYouTubeEmbed.css', {}],
  ['clsx', { default: clsx, clsx }],
]);
