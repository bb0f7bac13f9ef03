/**
 * `@theme/Layout`, which every React page of a Docusaurus site wraps itself in. The navbar, footer and
 * `<main>` are our theme's, around the page's HTML; what the page asks of its `<head>` (`title`,
 * `description`) is collected while the page renders (mdx/render.ts) and becomes its route's.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** What a page's `<Layout>` set; filled in while the page renders. */
export interface LayoutHead { title?: string; description?: string }

export const LayoutHeadContext = createContext<LayoutHead | undefined>(undefined);

interface LayoutProps { title?: unknown; description?: unknown; wrapperClassName?: string; noFooter?: boolean; children?: ReactNode }

export function Layout({ title, description, wrapperClassName, children }: LayoutProps) {
  const head = useContext(LayoutHeadContext);
  // The page is rendered once, to a string: writing to the collector during that render is how the head gets out.
  if (head && typeof title === 'string') head.title = title;
  if (head && typeof description === 'string') head.description = description;
  return wrapperClassName ? <div className={wrapperClassName}>{children}</div> : <>{children}</>;
}
