import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import { walkElements } from './walk.ts';

/**
 * rehype plugin: what GFM's HTML lacks for assistive technology. A task-list checkbox is named by
 * its item's text; a table, which scrolls sideways when wide, can be reached and scrolled by keyboard.
 */
export function rehypeAccessibleHtml() {
  return (tree: Root) => {
    walkElements(tree, (element) => {
      if (element.tagName === 'table') {
        element.properties.tabIndex = 0;
      } else if (element.tagName === 'li' && hasClass(element, 'task-list-item')) {
        const checkbox = element.children.find((child): child is Element => child.type === 'element' && child.tagName === 'input');
        if (checkbox) checkbox.properties.ariaLabel = toString(element).trim();
      }
    });
  };
}

function hasClass(element: Element, name: string): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes(name);
}
