import { pathBelowBase, routePointerPath } from '../shared/paths.ts';
import type { RouteChunk } from '../shared/types.ts';

/** What a route pointer file holds: the content-hashed chunk and the chunks it imports. */
export interface RoutePointer { chunk: string; preloads: string[] }

export const ROUTE_CACHE_LIMIT = 10_000;
const NOT_FOUND_KEY = '__not_found';

/** pathname → its pointer (null: no such page). Bounded: the oldest entry goes first. */
const pointerCache = new Map<string, Promise<RoutePointer | null>>();

export function normalizePathname(pathname: string): string {
  return pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
}

export function resolveRoute(baseUrl: string, pathname: string): Promise<RoutePointer | null> {
  const key = normalizePathname(pathname);
  const cached = pointerCache.get(key);
  if (cached) return cached;
  const pending = fetchPointer(baseUrl, key);
  pointerCache.set(key, pending);
  if (pointerCache.size > ROUTE_CACHE_LIMIT) pointerCache.delete(pointerCache.keys().next().value!);
  pending.catch(() => pointerCache.delete(key)); // a network error may be temporary
  return pending;
}

export function routeCacheSize(): number {
  return pointerCache.size;
}

async function fetchPointer(baseUrl: string, pathname: string): Promise<RoutePointer | null> {
  const relative = pathBelowBase(pathname, baseUrl);
  let response = await fetch(`${baseUrl}${routePointerPath(relative)}`);
  // `/usage` and `/usage/` name the same page; try the other spelling before giving up.
  if (response.status === 404) {
    const other = relative.endsWith('/') ? relative.replace(/\/+$/, '') : `${relative}/`;
    if (other !== '') response = await fetch(`${baseUrl}${routePointerPath(other)}`);
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Loading the route ${pathname} failed: HTTP ${response.status}`);
  return (await response.json()) as RoutePointer;
}

export function notFoundPointer(baseUrl: string): Promise<RoutePointer | null> {
  const cached = pointerCache.get(NOT_FOUND_KEY);
  if (cached) return cached;
  const pending = fetch(`${baseUrl}__routes/${NOT_FOUND_KEY}.json`).then((response) => {
    if (!response.ok) throw new Error(`Loading the not-found page failed: HTTP ${response.status}`);
    return response.json() as Promise<RoutePointer>;
  });
  pointerCache.set(NOT_FOUND_KEY, pending);
  return pending;
}

export async function loadChunk(url: string): Promise<RouteChunk> {
  try {
    return ((await import(/* @vite-ignore */ url)) as { default: RouteChunk }).default;
  } catch (error) {
    throw new Error(`Loading chunk ${url} failed.`, { cause: error });
  }
}

