import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const loadSearchModal = () => import('./SearchModal.tsx');
const SearchModal = lazy(loadSearchModal);

/**
 * The navbar search box. The modal and Pagefind load on first use (or on hover/focus, as a
 * prefetch), so a plain page view downloads nothing for search.
 */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useSearchShortcuts(() => setOpen(true));
  return (
    <>
      <button ref={buttonRef} type="button" className="search-button" aria-label="Search" aria-haspopup="dialog"
        onClick={() => setOpen(true)} onMouseEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch}>
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true"><path fill="none" stroke="currentColor" strokeWidth="2" d="m14 14 5 5M8.5 15a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13z" /></svg>
        <span className="search-button-label">Search</span>
        <kbd className="search-button-key">Ctrl K</kbd>
      </button>
      {open ? (
        <Suspense fallback={<div className="search-modal-backdrop" />}>
          <SearchModal onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
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
