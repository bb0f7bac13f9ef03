import { createElement, type ReactNode } from 'react';
import type { TocEntry, TocText } from '../shared/types.ts';

/** Only these tags: the parts are data, so a heading cannot put other markup into the table of contents. */
const TAGS = { code: 'code', em: 'em', strong: 'strong', del: 'del' } as const;

/** A table-of-contents entry's words, with the inline code and emphasis its heading has. */
export function TocEntryText({ entry }: { entry: TocEntry }): ReactNode {
  return entry.formatted ? parts(entry.formatted) : entry.value;
}

function parts(list: TocText[]): ReactNode[] {
  return list.map((part, index) => (typeof part === 'string' ? part : TAGS[part.tag] ? createElement(TAGS[part.tag], { key: index }, ...parts(part.children)) : null));
}
