import { lazy, Suspense, useEffect, useState } from 'react';

const BackToTop = lazy(() => import('./BackToTop.tsx').then((module) => ({ default: module.BackToTop })));

/**
 * The back-to-top button is of no use before the reader scrolls, so its code loads on the first scroll
 * and stays out of the page's first-load JavaScript.
 */
export function BackToTopOnScroll({ page }: { page: string }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    // The page may have scrolled before this part of it hydrated (restored position, an early reader).
    if (window.scrollY > 0) return onScroll();
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return scrolled ? <Suspense fallback={null}><BackToTop page={page} /></Suspense> : null;
}
