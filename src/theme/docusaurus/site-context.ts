/**
 * What Docusaurus's client API tells a component about the site: the page is rendered inside this
 * context (at build time by build/markdown/mdx/render.ts, in the browser by ClientPage.tsx), and
 * `useDocusaurusContext` and `useBaseUrl` read it.
 */
import { createContext, useContext } from 'react';

export interface SiteMetadata {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  /** A Docusaurus config's `customFields`: data a site's components read. */
  customFields: Record<string, unknown>;
}

export const SiteMetadataContext = createContext<SiteMetadata>({ title: '', tagline: '', url: '', baseUrl: '/', customFields: {} });

export function useSiteMetadata(): SiteMetadata {
  return useContext(SiteMetadataContext);
}
