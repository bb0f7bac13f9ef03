/**
 * `@docusaurus/router` (React Router 5's `useLocation`, `useHistory`, `Redirect`, `matchPath`) as a page
 * sees it. At build time the page is rendered once, for its own URL, as Docusaurus's server render sees
 * it: the location is the page's permalink with no query string and no hash, and nothing navigates.
 * In the browser (a React page with state, ClientPage.tsx) it is the reader's location, and
 * navigation is the site's client-side navigation.
 */
import { createContext, useContext, useEffect } from 'react';

/** React Router's location: a build-time render has no query string, hash or state. */
export interface PageLocation { pathname: string; search: string; hash: string; state: undefined }

/** Where the page is, and (in the browser) how to go elsewhere. */
export interface PageRouter { location: PageLocation; navigate?: (href: string) => void }

export const RouterContext = createContext<PageRouter>({ location: pageLocation('/') });

export function pageLocation(pathname: string): PageLocation {
  return { pathname, search: '', hash: '', state: undefined };
}

type To = string | { pathname?: string; search?: string; hash?: string };

const hrefOf = (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`);

const ignore = () => {};

/** `useHistory()`'s history: the page's location; its navigation is the site's, or does nothing at build time. */
export function pageHistory({ location, navigate }: PageRouter) {
  const go = (to: To) => navigate?.(hrefOf(to));
  return {
    length: 1, action: 'POP' as const, location,
    push: go, replace: go, go: ignore, goBack: ignore, goForward: ignore,
    listen: () => ignore, block: () => ignore,
    createHref: hrefOf,
  };
}

export function useLocation(): PageLocation {
  return useContext(RouterContext).location;
}

export function useHistory() {
  return pageHistory(useContext(RouterContext));
}

/** `<Redirect>` renders nothing; once mounted in the browser it goes to `to` (a build-time render never moves). */
export function Redirect({ to }: { to: unknown; push?: boolean; from?: string }) {
  const { navigate } = useContext(RouterContext);
  useEffect(() => {
    if (navigate) navigate(hrefOf(to as To));
  }, [navigate, to]);
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
