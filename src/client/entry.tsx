import 'virtual:runtime-modules';
import { createRoot, hydrateRoot } from 'react-dom/client';
import site from 'virtual:site';
import { RUNTIME_MARKER } from '../shared/runtime.ts';
import type { SiteData } from '../shared/types.ts';
import { App } from '../theme/App.tsx';
import { LoadError } from '../theme/Loading.tsx';
import { lazyPages, preloadPage } from '../theme/pages/lazy.tsx';
import { startCopyButtons } from './copy-code.ts';
import { startKeyboardMarker } from './keyboard.ts';
import { normalizeUrl, Router } from './router.tsx';
import { loadChunk } from './routes.ts';
import { syncPreferredVersion } from './versions.ts';

const siteData = site as SiteData;
(window as unknown as Record<string, boolean>)[RUNTIME_MARKER] = true;

async function boot(): Promise<void> {
  startKeyboardMarker();
  startCopyButtons();
  syncPreferredVersion();
  const container = document.getElementById('__app')!;
  const chunkUrl = document.querySelector<HTMLMetaElement>('meta[name="route-chunk"]')!.content;
  try {
    const chunk = await loadChunk(chunkUrl);
    if (chunk.route.kind !== 'notFound') normalizeUrl(chunk.route.permalink);
    await preloadPage(chunk.route.kind);
    hydrateRoot(container, <Router site={siteData} initialChunk={chunk} />);
  } catch (error) {
    renderLoadError(container, error as Error);
  }
}

/** The page's own chunk failed: keep the layout, show what went wrong and a Retry button. */
function renderLoadError(container: HTMLElement, error: Error): void {
  const emptyChunk = { route: { kind: 'notFound' as const, permalink: location.pathname, title: '', description: '' } };
  const location_ = { pathname: location.pathname, search: location.search, hash: location.hash };
  createRoot(container).render(<App pages={lazyPages} site={siteData} chunk={emptyChunk} location={location_} overlay={<LoadError error={error} />} />);
}

void boot();
