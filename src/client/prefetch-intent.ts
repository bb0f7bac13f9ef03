/**
 * What a reader is about to open: links scrolled into view get their code preloaded, and a link under the
 * pointer or finger also gets its page body, so the click renders without waiting for the network.
 */
import type { RoutePointer } from './routes.ts';
import type { RouteChunk } from '../shared/types.ts';

/**
 * The runtime functions this module uses, handed in rather than imported: an import would make the
 * bundler move them into a chunk of their own, one more file on every first load.
 */
export interface RuntimeTools {
  canPrefetch(): boolean;
  internalPathname(anchor: HTMLAnchorElement, baseUrl: string): string | undefined;
  preloadChunks(pointer: RoutePointer): void;
  resolveRoute(baseUrl: string, pathname: string): Promise<RoutePointer | null>;
  loadChunk(url: string): Promise<RouteChunk>;
}

const bodiesLoaded = new Set<string>();

/** Fetches a route's pointer and preloads its chunks; every URL is fetched at most once. */
function prefetchPath({ canPrefetch, resolveRoute, preloadChunks }: RuntimeTools, baseUrl: string, pathname: string): void {
  if (!canPrefetch()) return;
  resolveRoute(baseUrl, pathname).then((pointer) => pointer && preloadChunks(pointer)).catch(() => {
    // A prefetch is a hint; the navigation itself reports failures.
  });
}

/** As prefetchPath, and also runs the route chunk and loads its body, which the navigation then finds cached. */
function prefetchPage({ canPrefetch, resolveRoute, loadChunk }: RuntimeTools, baseUrl: string, pathname: string): void {
  if (!canPrefetch() || bodiesLoaded.has(pathname)) return;
  bodiesLoaded.add(pathname);
  resolveRoute(baseUrl, pathname)
    .then((pointer) => pointer && loadChunk(pointer.chunk))
    .then((chunk) => chunk?.loadBody?.())
    .catch(() => bodiesLoaded.delete(pathname));
}

/** Prefetches on hover and touch (whole pages), and when links scroll into view (code). Returns a cleanup function. */
export function watchForIntent(tools: RuntimeTools, baseUrl: string): () => void {
  const { internalPathname } = tools;
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    const pathname = anchor && internalPathname(anchor, baseUrl);
    if (pathname && pathname !== location.pathname) prefetchPage(tools, baseUrl, pathname);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  const observer = 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const pathname = internalPathname(entry.target as HTMLAnchorElement, baseUrl);
          if (pathname && pathname !== location.pathname) prefetchPath(tools, baseUrl, pathname);
        }
      })
    : undefined;
  const observeLinks = () => document.querySelectorAll('a[href]').forEach((anchor) => observer?.observe(anchor));
  observeLinks();
  return () => {
    document.removeEventListener('mouseover', onIntent);
    document.removeEventListener('touchstart', onIntent);
    observer?.disconnect();
  };
}
