import { createElement, type ReactNode } from 'react';

interface HeadingProps { as: 'h2' | 'h3' | 'h4' | 'h5' | 'h6'; id?: string; className?: string; 'data-anchor-label'?: string; children?: ReactNode }

/** A content heading with a "#" link to itself, so every section can be shared. */
export function Heading({ as, id, className, 'data-anchor-label': label, children }: HeadingProps) {
  return createElement(as, { id, className: className ? `anchor ${className}` : 'anchor' },
    children,
    id ? <a className="hash-link" data-pagefind-ignore="" href={`#${id}`} aria-label={`Direct link to ${label ?? id}`} title="Direct link to this heading">#</a> : null,
  );
}
