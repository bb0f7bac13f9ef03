/**
 * The JSX runtime a site's React page renders with in the browser: React's, except that the page's
 * `<main>` is a `<div>`, as the build renders it (build/markdown/html-policy.ts): the theme's `<main>`
 * holds the page, and a page has one main landmark.
 */
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';

type Jsx = typeof reactJsx;

const inPage = (type: Parameters<Jsx>[0]) => (type === 'main' ? 'div' : type);

export const jsx: Jsx = (type, props, key) => reactJsx(inPage(type), props, key);
export const jsxs: Jsx = (type, props, key) => reactJsxs(inPage(type), props, key);
export { Fragment };
