import type { ReactNode } from 'react';
import type { RouteChunk, SiteData } from '../shared/types.ts';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { LocationContext, NavigateContext, SiteContext, type Location, type Navigate } from './context.ts';
import { DocPage } from './DocPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { ErrorsPage } from './pages/ErrorsPage.tsx';
import { HomePage, type HomeCopy } from './pages/HomePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

export const MAIN_CONTENT_ID = '__main';

export interface AppProps {
  site: SiteData;
  chunk: RouteChunk;
  location: Location;
  navigate?: Navigate;
  /** Shown instead of the page while a route chunk loads or after it failed. */
  overlay?: ReactNode;
}

/** The whole page below <body>: the same tree on the server and in the browser. */
export function App({ site, chunk, location, navigate, overlay }: AppProps) {
  const tree = (
    <SiteContext.Provider value={site}>
      <LocationContext.Provider value={location}>
        <a className="skip-to-content" href={`#${MAIN_CONTENT_ID}`}>Skip to main content</a>
        <AnnouncementBar />
        <header className="site-header"><Navbar sidebar={chunk.sidebar} /></header>
        <main id={MAIN_CONTENT_ID} className="main-wrapper" tabIndex={-1}>
          {overlay ?? (
            <ErrorBoundary resetKey={chunk.route.permalink}>
              <Page chunk={chunk} />
            </ErrorBoundary>
          )}
        </main>
        <Footer />
      </LocationContext.Provider>
    </SiteContext.Provider>
  );
  return navigate ? <NavigateContext.Provider value={navigate}>{tree}</NavigateContext.Provider> : tree;
}

function Page({ chunk }: { chunk: RouteChunk }) {
  const { route, sidebar } = chunk;
  switch (route.kind) {
    case 'doc':
      return <DocPage route={route as Parameters<typeof DocPage>[0]['route']} sidebar={sidebar} />;
    case 'home':
      return <HomePage copy={route.pageProps as unknown as HomeCopy} />;
    case 'errors':
      return <ErrorsPage errors={route.pageProps as Record<string, string>} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}
