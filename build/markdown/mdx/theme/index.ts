/**
 * The components an MDX page may import under Docusaurus's names. `@theme/CodeBlock` is turned into
 * a code fence before rendering (see scope.ts), so it is highlighted like one.
 */
import { createElement, type ReactNode } from 'react';
import { Admonition, Details } from './Admonition.tsx';
import { TabItem, Tabs } from './Tabs.tsx';
import { TOCInline } from './TOCInline.tsx';

export function CodeBlock({ children }: { children?: ReactNode }) {
  return createElement('pre', null, createElement('code', null, children));
}

function Link({ to, href, children, className }: { to?: string; href?: string; children?: ReactNode; className?: string }) {
  return createElement('a', { href: to ?? href, className }, children);
}

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
  ['@docusaurus/Link', { default: Link }],
  ['react-lite-youtube-embed', { default: YouTubeEmbed, LiteYouTubeEmbed: YouTubeEmbed }],
  // Its stylesheet: the embed above needs none.
  ['react-lite-youtube-embed/dist/LiteYouTubeEmbed.css', {}],
]);


/** Components that need the browser, by the island (src/client/islands/) that drives them. */
export const ISLAND_OF_COMPONENT: ReadonlyMap<unknown, string> = new Map([[Tabs, 'tabs']]);
