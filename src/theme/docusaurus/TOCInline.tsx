/** `@theme/TOCInline`: the page's table of contents as a nested list, where the author puts it (`<TOCInline toc={toc} />`). */
import type { ReactNode } from 'react';
import type { TocEntry } from '../../shared/types.ts';
import { TocEntryText } from '../TocText.tsx';

interface TOCInlineProps {
  toc?: TocEntry[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
}

export function TOCInline({ toc = [], minHeadingLevel = 2, maxHeadingLevel = 3 }: TOCInlineProps) {
  const entries = toc.filter((entry) => entry.depth >= minHeadingLevel && entry.depth <= maxHeadingLevel);
  return <div className="toc-inline">{nested(entries, 0)}</div>;
}

/** Entries deeper than the first become a list inside the entry before them. */
function nested(entries: TocEntry[], start: number): ReactNode {
  if (start >= entries.length) return null;
  const depth = entries[start].depth;
  const items: ReactNode[] = [];
  let index = start;
  while (index < entries.length && entries[index].depth >= depth) {
    const entry = entries[index];
    let end = index + 1;
    while (end < entries.length && entries[end].depth > depth) end++;
    items.push(<li key={entry.id}><a href={`#${entry.id}`}><TocEntryText entry={entry} /></a>{end > index + 1 ? nested(entries.slice(index + 1, end), 0) : null}</li>);
    index = end;
  }
  return <ul>{items}</ul>;
}
