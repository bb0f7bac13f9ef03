import type { Element, Root as HastRoot } from 'hast';
import type { Node, Parent } from 'unist';

/** Returned by a visitor: leave this node's children unvisited. */
export const SKIP = Symbol('skip');

/** Nothing (go on into the children), SKIP, or the index of the sibling to visit next after editing `parent.children`. */
export type WalkResult = void | typeof SKIP | number;

/**
 * Depth first, parents before children, like unist-util-visit without its per-node bookkeeping
 * (building ancestor arrays and test functions for every node was ~15% of compiling a page).
 */
export function walk(parent: Parent, visitor: (node: Node, index: number, parent: Parent) => WalkResult): void {
  const children = parent.children;
  let index = 0;
  while (index < children.length) {
    const node = children[index];
    const result = visitor(node, index, parent);
    if (typeof result === 'number') {
      index = result;
      continue;
    }
    if (result !== SKIP && 'children' in node) walk(node as Parent, visitor);
    index++;
  }
}

/** `walk` over the elements of a hast tree. */
export function walkElements(root: HastRoot | Element, visitor: (element: Element, index: number, parent: HastRoot | Element) => WalkResult): void {
  walk(root, (node, index, parent) => (node.type === 'element' ? visitor(node as Element, index, parent as HastRoot | Element) : undefined));
}
