import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { SiteVersion } from '../../shared/types.ts';

const loadSearchModal = () => import('./SearchModal.tsx');
const SearchModal = lazy(loadSearchModal);

/**
 * The navbar search box. The modal and Pagefind load on first use (or on hover/focus, as a
 * prefetch), so a plain page view downloads nothing for search. `scope`: on a versioned site, the
 * version of the page being read (else the last), whose docs the search finds.
 */
export function SearchButton({ scope }: { scope?: SiteVersion }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useSearchShortcuts(() => setOpen(true));
  return (
    <>
      <button ref={buttonRef} type="button" className="search-button" aria-haspopup="dialog"
        onClick={() => setOpen(true)} onMouseEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch}>
        <span className="icon icon-search" aria-hidden="true" />
        <span className="search-button-label">Search</span>
        <kbd className="search-button-key">{useShortcutLabel()}</kbd>
      </button>
      {open ? (
        <Suspense fallback={<div className="search-modal-backdrop" />}>
          <SearchModal onClose={close} scope={scope} />
        </Suspense>
      ) : null}
    </>
  );
}

/** "Ctrl K", or "⌘ K" on Apple systems (after hydration: the server cannot know the reader's system). */
function useShortcutLabel(): string {
  const [label, setLabel] = useState('Ctrl K');
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setLabel('⌘ K');
  }, []);
  return label;
}

function prefetch() {
  loadSearchModal().then((module) => module.preloadPagefind()).catch(() => {
    // The modal shows the error when it is opened.
  });
}

/** Ctrl+K / ⌘K anywhere, and "/" outside text fields, open search. */
function useSearchShortcuts(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
      const isShortcut = (event.key === 'k' && (event.metaKey || event.ctrlKey)) || (event.key === '/' && !typing);
      if (!isShortcut) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
