import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import type { Heading, Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import type { TocEntry } from '../../src/shared/types.ts';
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
        toc.push({ depth: heading.depth, id, value: text });
      }
    });
    file.data.toc = toc;
  };
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
