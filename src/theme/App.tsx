import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteChunk, SiteData } from '../shared/types.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { LocationContext, NavigateContext, SiteContext, type Location, type Navigate } from './context.ts';
import { DocPage } from './DocPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Navbar } from './Navbar.tsx';
import type { HomeCopy } from './pages/HomePage.tsx';
import { ReactPage } from './ReactPage.tsx';

export const MAIN_CONTENT_ID = '__main';

/**
 * The non-docs pages: imported directly on the server, lazily in the browser (see pages/lazy.tsx); and the
 * footer, rendered on the server and kept as it is in the browser.
 */
export interface PageComponents {
  Footer: ComponentType;
  HomePage: ComponentType<{ copy: HomeCopy }>;
  ErrorsPage: ComponentType<{ errors: Record<string, string> }>;
  NotFoundPage: ComponentType;
}

export interface AppProps {
  pages: PageComponents;
  site: SiteData;
  chunk: RouteChunk;
  /** The body HTML of a doc or a React page; undefined while hydrating (the server's DOM is kept). */
  body?: string;
  location: Location;
  navigate?: Navigate;
  /** Shown instead of the page while a route chunk loads or after it failed. */
  overlay?: ReactNode;
}

/** The whole page below <body>: the same tree on the server and in the browser. */
export function App({ pages, site, chunk, body, location, navigate, overlay }: AppProps) {
  const tree = (
    <SiteContext.Provider value={site}>
      <LocationContext.Provider value={location}>
        <a className="skip-to-content" href={`#${MAIN_CONTENT_ID}`}>Skip to main content</a>
        <AnnouncementBar />
        <header className="site-header"><Navbar sidebar={chunk.sidebar} place={{ section: chunk.route.section, sidebar: chunk.route.sidebarName, version: chunk.route.version, versions: chunk.route.versions }} /></header>
        <main id={MAIN_CONTENT_ID} className="main-wrapper" tabIndex={-1}>
          {overlay ?? (
            <ErrorBoundary resetKey={chunk.route.permalink}>
              <Suspense fallback={null}>
                {chunk.route.stylesheets?.map((href) => <link key={href} rel="stylesheet" href={href} precedence="page" />)}
                <Page pages={pages} chunk={chunk} body={body} />
              </Suspense>
            </ErrorBoundary>
          )}
        </main>
        <pages.Footer />
      </LocationContext.Provider>
    </SiteContext.Provider>
  );
  return navigate ? <NavigateContext.Provider value={navigate}>{tree}</NavigateContext.Provider> : tree;
}

function Page({ pages, chunk, body }: { pages: PageComponents; chunk: RouteChunk; body?: string }) {
  const { route, sidebar } = chunk;
  const { HomePage, ErrorsPage, NotFoundPage } = pages;
  switch (route.kind) {
    case 'doc':
      return <DocPage route={route as Parameters<typeof DocPage>[0]['route']} sidebar={sidebar} body={body} />;
    case 'reactPage':
      // Only the runtime of a site with React pages has this part (build/client/theme-parts.ts).
      REACT_PAGE: return <ReactPage key={route.permalink} Component={chunk.Component} body={body} />;
      return null;
    case 'home':
      return <HomePage copy={route.pageProps as unknown as HomeCopy} />;
    case 'errors':
      return <ErrorsPage errors={route.pageProps as Record<string, string>} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

