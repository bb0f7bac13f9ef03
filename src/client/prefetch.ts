import { isExternalUrl } from '../shared/paths.ts';
import { loadChunk, resolveRoute, type RoutePointer } from './routes.ts';

const prefetched = new Set<string>();

interface NetworkInformation { saveData?: boolean; effectiveType?: string }

/** Never spend a reader's data on guesses over a slow connection or with data saver on. */
export function canPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData || connection?.effectiveType?.includes('2g'));
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
  // A target, `_self` too, asks for the browser's own navigation (Docusaurus's `pathname://` links: a path that is no page of ours).
  if (anchor.hasAttribute('download') || anchor.hasAttribute('target')) return undefined;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return undefined;
  if (/\.(?!html$)[a-z\d]+$/i.test(url.pathname)) return undefined; // a file such as /img/logo.svg
  return url.pathname;
}

/**
 * Prefetching guesses the reader's next page, so its code is not first-load code: it loads once the page
 * is idle, and not at all with data saver on or over 2G. Returns a cleanup function.
 */
export function startPrefetching(baseUrl: string): () => void {
  if (!canPrefetch()) return () => {};
  let stop: (() => void) | undefined;
  let stopped = false;
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
  whenIdle(() => {
    import('./prefetch-intent.ts').then((module) => {
      if (!stopped) stop = module.watchForIntent({ canPrefetch, internalPathname, preloadChunks, resolveRoute, loadChunk }, baseUrl);
    }, () => {
      // Prefetching is a hint; navigation works without it.
    });
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
