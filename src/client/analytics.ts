/**
 * Loads the site's analytics script once the page is interactive, when the browser is idle, so it never
 * competes with hydration. The CSP allows exactly this script's origin (build/security-headers.ts).
 */
export function loadAnalyticsWhenIdle(src: string | undefined): void {
  if (!src || document.querySelector('script[data-analytics]')) return;
  const load = () => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.analytics = '';
    document.head.append(script);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 1);
}
