import type { AnchorHTMLAttributes } from 'react';
import { useIsActive } from './hooks.ts';

/**
 * A link to a page of the site. Client-side navigation is handled once, by the router's click
 * listener, so plain <a> elements in the page body navigate the same way.
 */
export function NavLink({ href, className, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const active = useIsActive(href);
  return (
    <a href={href} className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined} aria-current={active ? 'page' : undefined} {...rest}>
      {children}
    </a>
  );
}

export function ExternalLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
