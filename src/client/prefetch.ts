import { isExternalUrl } from '../shared/paths.ts';
import { resolveRoute, type RoutePointer } from './routes.ts';

const prefetched = new Set<string>();

interface NetworkInformation { saveData?: boolean; effectiveType?: string }

/** Never spend a reader's data on guesses over a slow connection or with data saver on. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
}

/** Fetches a route's pointer and preloads its chunks; every URL is fetched at most once. */
export function prefetchPath(baseUrl: string, pathname: string): void {
  if (!canPrefetch()) return;
  resolveRoute(baseUrl, pathname).then((pointer) => pointer && preloadChunks(pointer)).catch(() => {
    // A prefetch is a hint; the navigation itself reports failures.
  });
}

export function preloadChunks(pointer: RoutePointer): void {
  for (const url of [pointer.chunk, ...pointer.preloads]) {
    if (prefetched.has(url)) continue;
    prefetched.add(url);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.appendChild(link);
  }
}

/** The pathname an anchor navigates to inside the site, or undefined for anything else. */
export function internalPathname(anchor: HTMLAnchorElement, baseUrl: string): string | undefined {
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') || isExternalUrl(href) && new URL(href, location.href).origin !== location.origin) return undefined;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return undefined;
  if (/\.(?!html$)[a-z\d]+$/i.test(url.pathname)) return undefined; // a file such as /img/logo.svg
  return url.pathname;
}

/** Prefetches on hover and touch, and when links scroll into view. Returns a cleanup function. */
export function startPrefetching(baseUrl: string): () => void {
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    const pathname = anchor && internalPathname(anchor, baseUrl);
    if (pathname && pathname !== location.pathname) prefetchPath(baseUrl, pathname);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  const observer = 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const pathname = internalPathname(entry.target as HTMLAnchorElement, baseUrl);
          if (pathname && pathname !== location.pathname) prefetchPath(baseUrl, pathname);
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
