/**
 * A value from the sandbox as nodes of the page's tree: text, and MDX JSX elements for the element
 * descriptions in it. The nodes are the ones the author could have written as JSX in the page, so
 * everything downstream checks them the same way: the tag allowlist and iframe hosts
 * (jsx-elements.ts), the HTML sanitizer (html-policy.ts), component rendering (render.ts). The
 * shape is the same in Markdown's tree and in HTML's, so one converter serves both.
 */
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Text } from 'mdast';
import type { Position } from 'unist';
import { isElementValue, isRefValue, type SandboxElement, type SandboxObject, type SandboxValue } from './sandbox/wire.ts';

export type JsxNode = MdxJsxFlowElement | MdxJsxTextElement;
export type DescribedNode = JsxNode | Text;

declare module 'mdast-util-mdx-jsx' {
  interface MdxJsxAttributeValueExpressionData {
    /** The attribute's value, evaluated already by the sandbox. */
    evaluated?: SandboxValue;
  }
}

declare module 'mdast' {
  interface Data {
    /** A host component's number (page-code.ts): the element renders it, whatever its name says. */
    componentId?: number;
  }
}

/** Raised with the end of a sentence: "expression gives <reason>". */
export class DescriptionProblem extends Error {}

/** HTML tag names (and custom elements): the allowlist decides later which are allowed. */
const TAG_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * The nodes a value describes, each at `position` (the expression's place: messages about any of
 * them name its line). `slots` holds, for a page's function component called by the host, the
 * element's own children: the component's `{children}` are replaced by them, keeping their places.
 */
export function describedNodes(value: SandboxValue, flow: boolean, position: Position | undefined, slots: unknown[][] = []): DescribedNode[] {
  const nodes = nodesOf(value, flow, slots);
  placeAt(nodes, position);
  return nodes;
}

function placeAt(nodes: { position?: Position; children?: unknown[] }[], position: Position | undefined): void {
  for (const node of nodes) {
    node.position ??= position;
    if (node.children) placeAt(node.children as never, position);
  }
}

function nodesOf(value: SandboxValue, flow: boolean, slots: unknown[][]): DescribedNode[] {
  if (value === null || typeof value === 'boolean') return [];
  if (typeof value === 'string' || typeof value === 'number') return [{ type: 'text', value: String(value) }];
  if (Array.isArray(value)) return value.flatMap((item) => nodesOf(item, flow, slots));
  if (isElementValue(value)) return elementNodes(value.element, flow, slots);
  if (isRefValue(value)) throw new DescriptionProblem('a component itself, not an element: write it as a tag');
  throw new DescriptionProblem('an object, which is not text or markup');
}

function elementNodes(element: SandboxElement, flow: boolean, slots: unknown[][]): DescribedNode[] {
  if (element.kind === 'fragment') return element.children.flatMap((child) => nodesOf(child, flow, slots));
  if (element.kind === 'slot') return structuredClone(slots[element.index] ?? []) as DescribedNode[];
  const children = element.children.flatMap((child) => nodesOf(child, flow, slots));
  const type = flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement';
  if (element.kind === 'intrinsic') {
    if (!TAG_NAME.test(element.name)) throw new DescriptionProblem(`an element named "${element.name.slice(0, 40)}", which is not an HTML tag`);
    return [{ type, name: element.name, attributes: describedAttributes(element.props), children } as JsxNode];
  }
  return [{ type, name: `component ${element.id}`, attributes: describedAttributes(element.props), children, data: { componentId: element.id } } as JsxNode];
}

/** Props as attributes: text as text, anything else kept as its evaluated value. */
function describedAttributes(props: SandboxObject): MdxJsxAttribute[] {
  return Object.entries(props).filter(([name]) => name !== 'key' && name !== 'children').map(([name, value]) => (typeof value === 'string'
    ? { type: 'mdxJsxAttribute', name, value }
    : { type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: '', data: { evaluated: value } } }));
}
