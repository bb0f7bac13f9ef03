import { STORAGE_KEYS } from '../shared/paths.ts';

/** The docs versions this build has; a stored preference for any other version is stale. */
const DOCS_PLUGIN_ID = 'default';

export function syncPreferredVersion(): void {
  const versions = (document.documentElement.dataset.docsVersions ?? 'current').split(',');
  const key = STORAGE_KEYS.preferredVersion(DOCS_PLUGIN_ID);
  try {
    const stored = localStorage.getItem(key);
    if (stored !== null && !versions.includes(stored)) localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing to clean up.
  }
}
