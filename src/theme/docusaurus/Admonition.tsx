/** `@theme/Admonition` and `@theme/Details`: the same markup as `:::note` blocks and raw `<details>`. */
import type { ReactNode } from 'react';
import { ADMONITION_TYPES } from '../../shared/admonitions.ts';

export function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const known = (ADMONITION_TYPES as readonly string[]).includes(type) ? type : 'note';
  return (
    <div className={`admonition admonition-${known}`}>
      <p className="admonition-heading">{title ?? known[0].toUpperCase() + known.slice(1)}</p>
      <div className="admonition-content">{children}</div>
    </div>
  );
}

export function Details({ summary, children, open }: { summary?: ReactNode; children?: ReactNode; open?: boolean }) {
  return (
    <details open={open}>
      {summary === undefined ? null : <summary>{summary}</summary>}
      {children}
    </details>
  );
}
