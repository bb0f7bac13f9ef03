import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { samePath, STORAGE_KEYS } from '../shared/paths.ts';
import { useLocation } from './context.ts';

export const DESKTOP_MIN_WIDTH = 996;

/** 'ssr' during server rendering and hydration, so the first client render matches the HTML. */
export function useWindowSize(): 'ssr' | 'desktop' | 'mobile' {
  const [size, setSize] = useState<'ssr' | 'desktop' | 'mobile'>('ssr');
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH + 1}px)`);
    const update = () => setSize(query.matches ? 'desktop' : 'mobile');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}

type ColorMode = 'light' | 'dark';

function readColorMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

function subscribeColorMode(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  // Another tab changed the stored mode: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme) return;
    document.documentElement.setAttribute('data-theme', event.newValue === 'dark' ? 'dark' : 'light');
  };
  window.addEventListener('storage', onStorage);
  return () => {
    observer.disconnect();
    window.removeEventListener('storage', onStorage);
  };
}

/** The colour mode lives on <html data-theme> (set before paint) and in localStorage `theme`. */
export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void } {
  const colorMode = useSyncExternalStore(subscribeColorMode, readColorMode, () => 'light' as ColorMode);
  const setColorMode = useCallback((mode: ColorMode) => {
    document.documentElement.setAttribute('data-theme', mode);
    try {
      localStorage.setItem(STORAGE_KEYS.theme, mode);
    } catch {
      // Storage can be disabled (private mode); the mode still applies to this page.
    }
  }, []);
  return { colorMode, setColorMode };
}

/** True when `href` names the current page (trailing slashes and hashes ignored). */
/** A link to a part of a page (`#…`) is never the current page: "Need help?" is not marked on the page it points into. */
export function useIsActive(href: string): boolean {
  const { pathname } = useLocation();
  return !href.includes('#') && samePath(href, pathname);
}

/** False on the server and while the browser hydrates (so both render alike), true once mounted. */
export function useIsMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
