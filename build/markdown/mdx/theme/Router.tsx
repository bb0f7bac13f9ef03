/**
 * `@docusaurus/router` (React Router 5's `useLocation`, `useHistory`, `Redirect`, `matchPath`) as a page
 * sees it at build time: the page is rendered once, for its own URL, as Docusaurus's server render sees
 * it, so the location is the page's permalink with no query string and no hash, and nothing navigates.
 */
import { createContext, useContext } from 'react';

/** React Router's location: the page's path; a build-time render has no query string, hash or state. */
export interface PageLocation { pathname: string; search: string; hash: string; state: undefined }

/** The permalink of the page being rendered (mdx/render.ts provides it). */
export const PagePathContext = createContext<string>('/');

export function pageLocation(pathname: string): PageLocation {
  return { pathname, search: '', hash: '', state: undefined };
}

const ignore = () => {};

/** `useHistory()`'s history, at build time: the page's location, and navigation that does nothing (a render has no reader to move). */
export function pageHistory(pathname: string) {
  const location = pageLocation(pathname);
  return {
    length: 1, action: 'POP' as const, location,
    push: ignore, replace: ignore, go: ignore, goBack: ignore, goForward: ignore,
    listen: () => ignore, block: () => ignore,
    createHref: (to: string | { pathname?: string; search?: string; hash?: string }) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
  };
}

export function useLocation(): PageLocation {
  return pageLocation(useContext(PagePathContext));
}

export function useHistory() {
  return pageHistory(useContext(PagePathContext));
}

/** `<Redirect>` renders nothing, as in Docusaurus's server render; a page that is never hydrated never redirects. */
export function Redirect(_props: { to: unknown; push?: boolean; from?: string }) {
  return null;
}

interface MatchOptions { path?: string | string[]; exact?: boolean; strict?: boolean; sensitive?: boolean }

/**
 * React Router 5's `matchPath` for the paths sites write: literal segments and `:name` parameters
 * (`/errors/:code`), with `exact`, `strict` and `sensitive`. Regular-expression parts are not supported.
 */
export function matchPath(pathname: string, options: string | string[] | MatchOptions = {}) {
  const { path, exact = false, strict = false, sensitive = false } = typeof options === 'string' || Array.isArray(options) ? { path: options } : options;
  for (const pattern of path === undefined ? [] : Array.isArray(path) ? path : [path]) {
    const names: string[] = [];
    const source = pattern.replace(/[.+*?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+?)';
    });
    const trailing = strict ? '' : '\\/?';
    const found = new RegExp(`^${source.replace(/\\?\/$/, '')}${trailing}${exact ? '$' : '(?=\\/|$)'}`, sensitive ? '' : 'i').exec(pathname);
    if (!found) continue;
    const url = pattern === '/' && found[0] === '' ? '/' : found[0];
    const isExact = pathname === url;
    if (exact && !isExact) continue;
    return { path: pattern, url, isExact, params: Object.fromEntries(names.map((name, index) => [name, decoded(found[index + 1])])) };
  }
  return null;
}

/** A parameter as written when its escapes are malformed (`%zz`). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
