import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RouteChunk, SiteData } from '../shared/types.ts';
import { cleanPathname, pageTitle } from '../shared/paths.ts';
import { App } from '../theme/App.tsx';
import type { Location } from '../theme/context.ts';
import { Loading } from '../theme/Loading.tsx';
import { lazyPages, preloadPage } from '../theme/pages/lazy.tsx';
import { loadAnalyticsWhenIdle } from './analytics.ts';
import { internalPathname, preloadChunks, startPrefetching } from './prefetch.ts';
import { startProgress } from './progress.ts';
import { loadChunk, notFoundPointer, resolveRoute } from './routes.ts';
import { scrollToHash } from './scroll.ts';

interface HistoryState { scrollY?: number }

/** `body` is undefined only for the page the server rendered, whose body DOM is kept as it is. */
interface View { chunk: RouteChunk; body?: string; location: Location; scroll: 'top' | 'hash' | { y: number } | 'none' }

function currentLocation(): Location {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

/** Loads the chunk (and a doc's body) of a path: its own, the not-found page's, or a thrown error. */
async function pageForPath(baseUrl: string, pathname: string): Promise<{ chunk: RouteChunk; body?: string }> {
  const pointer = (await resolveRoute(baseUrl, pathname)) ?? (await notFoundPointer(baseUrl));
  if (!pointer) throw new Error(`No page at ${pathname}`);
  preloadChunks(pointer);
  const chunk = await loadChunk(pointer.chunk);
  const [body] = await Promise.all([chunk.loadBody?.(), preloadPage(chunk.route.kind)]);
  return { chunk, body };
}

/** The client app: the current page, client-side navigation, scroll restoration, prefetching. */
export function Router({ site, initialChunk }: { site: SiteData; initialChunk: RouteChunk }) {
  const [view, setView] = useState<View>({ chunk: initialChunk, location: currentLocation(), scroll: scrollAfterReload() });
  const [loading, setLoading] = useState(false);
  const navigationId = useRef(0);
  /** While a page loads, the old one may be replaced by the loading view and scroll to 0: not a position to keep. */
  const navigating = useRef(false);

  const show = useCallback(async (url: URL, scroll: View['scroll'], push: boolean) => {
    const id = ++navigationId.current;
    navigating.current = true;
    const done = startProgress();
    const spinnerTimer = setTimeout(() => id === navigationId.current && setLoading(true), 200);
    try {
      const { chunk, body } = await pageForPath(site.baseUrl, url.pathname);
      if (id !== navigationId.current) return;
      if (push) window.history.pushState({} satisfies HistoryState, '', url.href);
      setView({ chunk, body, location: currentLocation(), scroll });
    } catch {
      // The chunk could not load (a new deployment, a network error): let the browser load the page.
      if (id === navigationId.current) window.location.assign(url.href);
    } finally {
      clearTimeout(spinnerTimer);
      if (id === navigationId.current) {
        setLoading(false);
        navigating.current = false;
      }
      done();
    }
  }, [site.baseUrl]);

  const navigate = useCallback((href: string) => {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    rememberScroll();
    if (url.pathname === window.location.pathname && url.search === window.location.search) {
      window.history.pushState({} satisfies HistoryState, '', url.href);
      setView((previous) => ({ ...previous, location: currentLocation(), scroll: url.hash ? 'hash' : 'top' }));
      return;
    }
    void show(url, url.hash ? 'hash' : 'top', true);
  }, [show]);

  useLinkInterception(site.baseUrl, navigate);
  useEffect(() => startPrefetching(site.baseUrl), [site.baseUrl, view.chunk]);
  useHistoryScroll(show, navigating);
  useLayoutEffect(() => applyScroll(view), [view]);
  useEffect(() => updateHead(view.chunk, site), [view.chunk, site]);
  // Lets tests and tools know the page is interactive; only then may analytics load.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    loadAnalyticsWhenIdle(site.analytics);
  }, [site.analytics]);

  return <App pages={lazyPages} site={site} chunk={view.chunk} body={view.body} location={view.location} navigate={navigate} overlay={loading ? <Loading /> : undefined} />;
}

/**
 * Scroll positions live in history entries: kept up to date as the reader scrolls, and Back/Forward
 * show the page they return to at its position (the router renders it first, then scrolls).
 */
function useHistoryScroll(show: (url: URL, scroll: View['scroll'], push: boolean) => Promise<void>, navigating: { current: boolean }): void {
  useEffect(() => {
    // The router restores scroll positions itself, after the page it goes back to has rendered.
    window.history.scrollRestoration = 'manual';
    // Kept up to date as the reader scrolls, so a reload (F5, or watch mode after a save) comes back here:
    // when a scroll ends, or (without scrollend: Safari) 150 ms after the last scroll event.
    let scrollTimer: ReturnType<typeof setTimeout> | undefined;
    const keepPosition = () => navigating.current || rememberScroll();
    const scrollEnds = 'onscrollend' in window;
    const onScroll = scrollEnds ? keepPosition : () => {
      clearTimeout(scrollTimer);
      scrollTimer = setTimeout(keepPosition, 150);
    };
    window.addEventListener(scrollEnds ? 'scrollend' : 'scroll', onScroll, { passive: true });
    const onPopState = (event: PopStateEvent) => {
      const scrollY = (event.state as HistoryState | null)?.scrollY;
      void show(new URL(window.location.href), scrollY === undefined ? 'hash' : { y: scrollY }, false);
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener(scrollEnds ? 'scrollend' : 'scroll', onScroll);
      clearTimeout(scrollTimer);
    };
  }, [show]);
}

function updateHead({ route }: RouteChunk, site: SiteData): void {
  document.title = pageTitle(route, site);
  document.querySelector('meta[name="description"]')?.setAttribute('content', route.description);
}

function applyScroll(view: View): void {
  if (view.scroll === 'none') return;
  if (view.scroll === 'top') window.scrollTo(0, 0);
  else if (view.scroll === 'hash') {
    if (!scrollToHash(view.location.hash)) window.scrollTo(0, 0);
  } else window.scrollTo(0, view.scroll.y);
}

/** A reloaded page (or one reached by Back from another site) returns to where its reader was. */
function scrollAfterReload(): View['scroll'] {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const scrollY = (window.history.state as HistoryState | null)?.scrollY;
  return scrollY !== undefined && (navigation?.type === 'reload' || navigation?.type === 'back_forward') ? { y: scrollY } : 'none';
}

/** Stores the scroll position in the current history entry, so Back and reload can restore it. */
function rememberScroll(): void {
  const state = (window.history.state ?? {}) as HistoryState;
  window.history.replaceState({ ...state, scrollY: window.scrollY }, '');
}

/** One click listener for every internal link on the page, the Markdown body's included. */
function useLinkInterception(baseUrl: string, navigate: (href: string) => void): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !internalPathname(anchor, baseUrl)) return;
      const url = new URL(anchor.href);
      // A link to a heading of this page: the browser scrolls and keeps history by itself.
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      event.preventDefault();
      navigate(url.href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [baseUrl, navigate]);
}

/** `/api/store.html` or `/api/store/index.html` → `/api/store` (the page's own path), without a reload. */
export function normalizeUrl(permalink: string): void {
  const current = window.location.pathname;
  const clean = cleanPathname(current);
  if (clean === current) return;
  const sameRoute = clean.replace(/\/$/, '') === permalink.replace(/\/$/, '');
  window.history.replaceState(window.history.state, '', (sameRoute ? permalink : clean) + window.location.search + window.location.hash);
}
