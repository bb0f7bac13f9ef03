import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import type { Delete, Emphasis, Heading, InlineCode, PhrasingContent, Root, Strong, Text } from 'mdast';
import type { VFile } from 'vfile';
import type { TocEntry, TocText } from '../../src/shared/types.ts';
import { walk } from './walk.ts';

const CUSTOM_ID = /^\{#([\w-]+)\}\s*$/;

export interface HeadingIdOptions { minTocLevel: number; maxTocLevel: number }

/**
 * remark plugin: gives every heading an id as github-slugger makes it (duplicates get -1, -2 …),
 * honours a trailing `{#custom-id}`, and collects the table of contents into `file.data.toc`.
 */
export function remarkHeadingIds(options: HeadingIdOptions) {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];
    const usedIds = new Set<string>();
    walk(tree, (node) => {
      if (node.type !== 'heading') return;
      const heading = node as Heading;
      const customId = takeCustomId(heading);
      const text = toString(heading).trim();
      const id = customId ? customId : slugger.slug(text);
      if (customId) slugger.slug(customId); // reserve it, so a later identical heading is deduplicated
      if (usedIds.has(id)) {
        file.message(`heading id "${id}" is used twice on this page; links to it reach the first one`, { place: heading.position, ruleId: 'duplicate-heading-id' });
      }
      usedIds.add(id);
      heading.data = { ...heading.data, hProperties: { ...(heading.data?.hProperties ?? {}), id } };
      if (heading.depth >= options.minTocLevel && heading.depth <= options.maxTocLevel) {
        const formatted = tocText(heading.children);
        toc.push({ depth: heading.depth, id, value: text, ...(formatted.some((part) => typeof part !== 'string') ? { formatted: trimmed(formatted) } : {}) });
      }
    });
    file.data.toc = toc;
  };
}

const TOC_TAGS: Partial<Record<PhrasingContent['type'], Exclude<TocText, string>['tag']>> = { inlineCode: 'code', emphasis: 'em', strong: 'strong', delete: 'del' };

/** A heading's words as the table of contents shows them (Docusaurus's toc `value`): its formatting kept, a link's words without the link. */
function tocText(nodes: PhrasingContent[]): TocText[] {
  const parts: TocText[] = [];
  const add = (part: TocText) => {
    if (typeof part !== 'string') parts.push(part);
    else if (typeof parts.at(-1) === 'string') parts[parts.length - 1] += part;
    else if (part) parts.push(part);
  };
  for (const node of nodes) {
    const tag = TOC_TAGS[node.type];
    if (tag === 'code') add({ tag, children: [(node as InlineCode).value] });
    else if (tag) add({ tag, children: tocText((node as Emphasis | Strong | Delete).children) });
    else if (node.type === 'link' || node.type === 'linkReference') tocText(node.children).forEach(add);
    else add(toString(node));
  }
  return parts;
}

/** Without the spaces that open and close the heading, as its text is trimmed. */
function trimmed(parts: TocText[]): TocText[] {
  const [first, last] = [parts[0], parts.at(-1)];
  if (typeof first === 'string') parts[0] = first.trimStart();
  if (typeof last === 'string') parts[parts.length - 1] = last.trimEnd();
  return parts.filter((part) => part !== '');
}

function takeCustomId(heading: Heading): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return undefined;
  // Anchored at the last `{#`: an unanchored pattern took quadratic time on long runs of spaces.
  const start = last.value.lastIndexOf('{#');
  const match = start === -1 ? null : CUSTOM_ID.exec(last.value.slice(start));
  if (!match) return undefined;
  (last as Text).value = last.value.slice(0, start).trimEnd();
  return match[1];
}

declare module 'vfile' {
  interface DataMap { toc: TocEntry[] }
}
