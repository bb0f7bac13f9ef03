import { useEffect, useRef, useState } from 'react';

/** The fallback animation covers this fraction of the remaining distance on every frame. */
const STEP_FACTOR = 0.85;

/**
 * "Scroll back to top" on docs pages: shown once the reader is more than a screen down, hidden at the
 * top, and hidden while a code block's copy button passes underneath it, so it never covers one.
 */
export function BackToTop({ page }: { page: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const scrolledDown = useScrolledPastFirstScreen();
  const overCopyButton = useOverlapsCopyButton(button, page);
  const shown = scrolledDown && !overCopyButton;
  return (
    <button ref={button} type="button" className={shown ? 'back-to-top back-to-top-shown' : 'back-to-top'} aria-label="Scroll back to top" aria-hidden={!shown} tabIndex={shown ? 0 : -1} onClick={scrollToTop}>
      <span className="icon icon-arrow-up" />
    </button>
  );
}

function useScrolledPastFirstScreen(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > window.innerHeight);
    };
    const onScroll = () => { frame ||= requestAnimationFrame(update); };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return scrolled;
}

/** Watches the copy buttons of the page through an observer whose root is shrunk to the button's box. */
function useOverlapsCopyButton(button: React.RefObject<HTMLButtonElement | null>, page: string): boolean {
  const [overlaps, setOverlaps] = useState(false);
  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const under = new Set<Element>();
    const observe = () => {
      observer?.disconnect();
      under.clear();
      setOverlaps(false);
      const box = button.current?.getBoundingClientRect();
      if (!box) return;
      const rootMargin = `${-box.top}px ${box.right - window.innerWidth}px ${box.bottom - window.innerHeight}px ${-box.left}px`;
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) entry.isIntersecting ? under.add(entry.target) : under.delete(entry.target);
        setOverlaps(under.size > 0);
      }, { rootMargin });
      document.querySelectorAll('.copy-button').forEach((copy) => observer!.observe(copy));
    };
    observe();
    window.addEventListener('resize', observe);
    return () => {
      window.removeEventListener('resize', observe);
      observer?.disconnect();
    };
  }, [button, page]);
  return overlaps;
}

function scrollToTop(): void {
  if (CSS.supports('scroll-behavior', 'smooth')) {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    return;
  }
  const step = () => {
    const remaining = window.scrollY;
    if (remaining <= 0) return;
    window.scrollTo(0, Math.floor(remaining * (1 - STEP_FACTOR)));
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
