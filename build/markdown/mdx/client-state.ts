/**
 * Whether a React page needs the browser. While the build renders it, the site's code marks it by
 * calling a state or effect hook, handing an element an event handler, rendering a class component,
 * or using what only a browser knows or shows (the location with its query string, `BrowserOnly`,
 * `useIsBrowser`, `<Redirect>`). The site's code reaches React and the theme only through the modules
 * made here (component-modules.ts), so the theme's own components, which render alike everywhere,
 * never mark a page.
 */
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';

let marked = false;

function marking<F extends (...args: never[]) => unknown>(fn: F): F {
  return ((...args: Parameters<F>) => {
    marked = true;
    return fn(...args);
  }) as F;
}

const STATE_HOOKS = ['useState', 'useReducer', 'useEffect', 'useLayoutEffect', 'useInsertionEffect', 'useSyncExternalStore', 'useTransition', 'useActionState', 'useOptimistic'] as const;

/** Theme exports that do something only in a browser. */
const BROWSER_EXPORTS: Record<string, string[]> = {
  '@docusaurus/BrowserOnly': ['default'],
  '@docusaurus/useIsBrowser': ['default'],
  // The build renders a page at its path alone: its query string and hash are the reader's.
  '@docusaurus/router': ['Redirect', 'useLocation', 'useHistory'],
};

const HANDLER = /^on[A-Z]/;

/** An element that only a browser makes live: a DOM element with a handler, or a class component. */
function watchElement(type: unknown, props: unknown): void {
  if (typeof type === 'string') {
    if (props && Object.entries(props).some(([name, value]) => HANDLER.test(name) && typeof value === 'function')) marked = true;
  } else if (typeof type === 'function' && (type.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) marked = true;
}

function watchingFactory<F extends (type: unknown, props: unknown, ...rest: never[]) => unknown>(factory: F): F {
  return ((type: unknown, props: unknown, ...rest: never[]) => {
    watchElement(type, props);
    return factory(type, props, ...rest);
  }) as F;
}

/** The modules as the site's code gets them: React, its JSX runtime and the theme's, each watched. */
export function watchedModules(modules: ReadonlyMap<string, Record<string, unknown>>): Map<string, Record<string, unknown>> {
  const react = { ...React, createElement: watchingFactory(React.createElement as never), ...Object.fromEntries(STATE_HOOKS.map((name) => [name, marking(React[name] as never)])) };
  const jsxRuntime = { ...JsxRuntime, jsx: watchingFactory(JsxRuntime.jsx as never), jsxs: watchingFactory(JsxRuntime.jsxs as never) };
  const watched = new Map<string, Record<string, unknown>>([['react', react], ['react/jsx-runtime', jsxRuntime], ['react/jsx-dev-runtime', jsxRuntime]]);
  for (const [name, exports] of modules) {
    const browserOnly = BROWSER_EXPORTS[name] ?? [];
    watched.set(name, Object.fromEntries(Object.entries(exports).map(([key, value]) => [key, browserOnly.includes(key) ? marking(value as never) : value])));
  }
  return watched;
}

/** Runs a render and says whether the site's code in it marked the page as needing the browser. */
export function renderNoticingState<T>(render: () => T): { result: T; stateful: boolean } {
  marked = false;
  try {
    const result = render();
    return { result, stateful: marked };
  } finally {
    marked = false;
  }
}
