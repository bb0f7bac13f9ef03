import type { ComponentType } from 'react';
import { useIsMounted } from './hooks.ts';

/**
 * A site's React page: the HTML the build rendered (while hydrating, the server's DOM is kept, as a
 * doc's body is); one with state then renders its own component in its place, live.
 */
export function ReactPage({ Component, body }: { Component?: ComponentType; body?: string }) {
  const mounted = useIsMounted();
  if (Component && mounted) return <div key="live" className="react-page" data-pagefind-body=""><Component /></div>;
  return <div key="built" className="react-page" data-pagefind-body="" dangerouslySetInnerHTML={{ __html: body ?? '' }} suppressHydrationWarning />;
}
