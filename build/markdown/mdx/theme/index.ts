/**
 * The components and client modules an MDX page, or a site's own component, may import under Docusaurus's names. `@theme/CodeBlock` is turned into
 * a code fence before rendering (see scope.ts), so it is highlighted like one.
 */
import { Admonition, Details } from '../../../../src/theme/docusaurus/Admonition.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { docusaurusContext, Link, siteUrl, translate, useBaseUrl, useDocusaurusContext, useIsBrowser } from '../../../../src/theme/docusaurus/Docusaurus.tsx';
import { SHARED_THEME_MODULES } from '../../../../src/theme/docusaurus/modules.ts';
import { matchPath, pageHistory, pageLocation, useHistory, useLocation } from '../../../../src/theme/docusaurus/Router.tsx';
import type { SiteMetadata } from '../../../../src/theme/docusaurus/site-context.ts';
import { TabItem, Tabs } from '../../../../src/theme/docusaurus/Tabs.tsx';
import { TOCInline } from '../../../../src/theme/docusaurus/TOCInline.tsx';

export { CodeBlock };

const MDXComponents = { Admonition, Details, Tabs, TabItem, CodeBlock, TOCInline, a: Link };

/** Module specifier → its exports: those the browser has too, and those only a build-time render has. */
export const THEME_MODULES: ReadonlyMap<string, Record<string, unknown>> = new Map<string, Record<string, unknown>>([
  ...SHARED_THEME_MODULES,
  ['@theme/Admonition', { default: Admonition }],
  ['@theme/Details', { default: Details }],
  ['@theme/CodeBlock', { default: CodeBlock }],
  ['@theme/MDXComponents', { default: MDXComponents }],
  ['@theme/TOCInline', { default: TOCInline }],
]);

/** A `@theme/` or `@docusaurus/` module this generator does not have, as an import of a page or a component is refused. */
export function unknownThemeModule(source: string): { message: string; fix: string } {
  const known = ['@theme/', '@docusaurus/'].flatMap((scope) => [...THEME_MODULES.keys()].filter((name) => name.startsWith(scope)));
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
      const { length, action, location } = pageHistory({ location: pageLocation(pagePath) });
      return { length, action, location };
    }],
    [matchPath, (pathname, options) => matchPath(String(pathname), options as Parameters<typeof matchPath>[1])],
  ]);
}
