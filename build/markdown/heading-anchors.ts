import { toString } from 'hast-util-to-string';
import type { Root } from 'hast';
import { walkElements } from './walk.ts';

const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** rehype plugin: every h2–h6 with an id gets a "#" link to itself, so any section can be shared. */
export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    walkElements(tree, (heading) => {
      const id = heading.properties.id;
      if (!HEADINGS.has(heading.tagName) || typeof id !== 'string') return;
      const label = toString(heading).trim();
      heading.properties.className = ['anchor', ...((heading.properties.className as string[] | undefined) ?? [])];
      heading.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${label}`, title: 'Direct link to this heading', dataPagefindIgnore: '' },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}
