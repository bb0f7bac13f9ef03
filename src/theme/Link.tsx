import type { AnchorHTMLAttributes } from 'react';
import { useIsActive } from './hooks.ts';

/**
 * A link to a page of the site. Client-side navigation is handled once, by the router's click
 * listener, so plain <a> elements in the page body navigate the same way.
 */
export function NavLink({ href, className, children, inSection = false, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; inSection?: boolean }) {
  const onPage = useIsActive(href);
  const active = onPage || inSection;
  return (
    <a href={href} className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined} aria-current={onPage ? 'page' : undefined} {...rest}>
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
