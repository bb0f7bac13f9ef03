/**
 * A site's React page with state, as the browser renders it once the page is shown: inside what
 * Docusaurus's client API reads (the site's metadata, the reader's location, the site's navigation).
 * Its bundle (build/markdown/mdx/client-page.ts) renders this around the page's own component.
 */
import { useMemo, type ComponentType } from 'react';
import { useLocation as useReaderLocation, useNavigate } from '../context.ts';
import { RouterContext, type PageRouter } from './Router.tsx';
import { SiteMetadataContext, type SiteMetadata } from './site-context.ts';

export function ClientPage({ Page, site }: { Page: ComponentType; site: SiteMetadata }) {
  const { pathname, search, hash } = useReaderLocation();
  const navigate = useNavigate();
  const router = useMemo((): PageRouter => ({ location: { pathname, search, hash, state: undefined }, navigate }), [pathname, search, hash, navigate]);
  return (
    <SiteMetadataContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <Page />
      </RouterContext.Provider>
    </SiteMetadataContext.Provider>
  );
}
