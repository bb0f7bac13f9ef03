import type { Element, ElementContent, Root } from 'hast';
import type { ContentNode } from '../../src/shared/types.ts';

/** hast elements our theme renders with a React component instead of a plain tag. */
const COMPONENT_TAGS: Record<string, string> = { 'code-block': 'CodeBlock' };
/** Parents whose whitespace-only text children are layout noise (and invalid inside tables for React). */
const BLOCK_PARENTS = new Set(['root', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'div', 'details', 'blockquote', 'section']);

/**
 * Turns hast into the compact ContentNode form the route chunk carries: strings for text,
 * [tag, props, ...children] for elements, with props already spelled the way React wants them.
 */
export function toContentNodes(tree: Root): ContentNode[] {
  return convertChildren(tree.children, 'root');
}

function convertChildren(children: (ElementContent | Root['children'][number])[], parentTag: string): ContentNode[] {
  const dropWhitespace = BLOCK_PARENTS.has(parentTag);
  return children.flatMap((child): ContentNode[] => {
    if (child.type === 'text') return child.value && !(dropWhitespace && child.value.trim() === '') ? [child.value] : [];
    if (child.type !== 'element') return [];
    const tag = COMPONENT_TAGS[child.tagName] ?? child.tagName;
    return [[tag, toReactProps(child), ...convertChildren(child.children, child.tagName)]];
  });
}

function toReactProps(element: Element): Record<string, unknown> | null {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.properties)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'className') props.className = Array.isArray(value) ? value.join(' ') : value;
    else if (name === 'align') props.className = joinClass(props.className, `align-${String(value)}`);
    else if (name === 'checked') props.defaultChecked = value;
    else if (/^data[A-Z]/.test(name)) props[`data-${kebab(name.slice(4))}`] = value;
    else if (/^aria[A-Z]/.test(name)) props[`aria-${name.slice(4).toLowerCase()}`] = value;
    else props[name] = Array.isArray(value) ? value.join(' ') : value;
  }
  return Object.keys(props).length > 0 ? props : null;
}

function joinClass(existing: unknown, added: string): string {
  return existing ? `${String(existing)} ${added}` : added;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter, offset) => (offset === 0 ? '' : '-') + letter.toLowerCase());
}
