import { lazy } from 'react';
import type { RouteData } from '../../shared/types.ts';
import type { PageComponents } from '../App.tsx';
import { KeptFooter } from '../Footer.tsx';

/**
 * Pages other than docs load on demand, keeping them out of a docs page's first-load JavaScript.
 * The browser preloads the one it hydrates (see preloadPage) so hydration never suspends.
 */
const loaders = {
  home: () => import('./HomePage.tsx').then((module) => ({ default: module.HomePage })),
  errors: () => import('./ErrorsPage.tsx').then((module) => ({ default: module.ErrorsPage })),
  notFound: () => import('./NotFoundPage.tsx').then((module) => ({ default: module.NotFoundPage })),
};

export const lazyPages: PageComponents = {
  Footer: KeptFooter,
  HomePage: lazy(loaders.home),
  ErrorsPage: lazy(loaders.errors),
  NotFoundPage: lazy(loaders.notFound),
};

export function preloadPage(kind: RouteData['kind']): Promise<unknown> {
  return kind === 'doc' || kind === 'reactPage' ? Promise.resolve() : loaders[kind]();
}
