/**
 * What Docusaurus's client API tells a component about the site, here at build time: the page is
 * rendered inside this context (mdx/render.ts), and `useDocusaurusContext` and `useBaseUrl` read it.
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

export const SiteContext = createContext<SiteMetadata>({ title: '', tagline: '', url: '', baseUrl: '/', customFields: {} });

export function useSite(): SiteMetadata {
  return useContext(SiteContext);
}
