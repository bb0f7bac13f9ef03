import { useEffect, useState } from 'react';
import type { TocEntry } from '../shared/types.ts';
import { TocEntryText } from './TocText.tsx';

interface TocTree extends TocEntry { children: TocTree[] }

/** The page's h2–h4 headings; the one being read is highlighted as the reader scrolls. */
export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const activeId = useActiveHeading(toc);
  if (toc.length === 0) return null;
  return (
    <nav aria-label="Table of contents" className="toc">
      <p className="toc-title">On this page</p>
      <TocList entries={nest(toc)} activeId={activeId} />
    </nav>
  );
}

/**
 * Below 1280 px the TOC column gives way to the text: the same list sits under the title, collapsed
 * until the reader opens it.
 */
export function TableOfContentsCollapsible({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <details className="toc-collapsible" data-pagefind-ignore="">
      <summary>On this page</summary>
      <TocList entries={nest(toc)} />
    </details>
  );
}

function TocList({ entries, activeId }: { entries: TocTree[]; activeId?: string }) {
  return (
    <ul className="toc-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`} className={entry.id === activeId ? 'toc-link toc-link-active' : 'toc-link'}><TocEntryText entry={entry} /></a>
          {entry.children.length > 0 ? <TocList entries={entry.children} activeId={activeId} /> : null}
        </li>
      ))}
    </ul>
  );
}

function nest(toc: TocEntry[]): TocTree[] {
  const roots: TocTree[] = [];
  const stack: TocTree[] = [];
  for (const entry of toc) {
    const node: TocTree = { ...entry, children: [] };
    while (stack.length > 0 && stack.at(-1)!.depth >= entry.depth) stack.pop();
    (stack.at(-1)?.children ?? roots).push(node);
    stack.push(node);
  }
  return roots;
}

/** The last heading whose top has scrolled above a line just under the navbar. */
function useActiveHeading(toc: TocEntry[]): string | undefined {
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  useEffect(() => {
    const update = () => {
      const line = 100;
      let current: string | undefined = toc[0]?.id;
      for (const entry of toc) {
        const element = document.getElementById(entry.id);
        if (element && element.getBoundingClientRect().top <= line) current = entry.id;
      }
      setActiveId(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [toc]);
  return activeId;
}
