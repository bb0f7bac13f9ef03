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
    /**
     * The attribute's value, evaluated already by the sandbox, by its number in the page's table of values
     * (page-code.ts): the tree is copied with structuredClone (remark-rehype, slots), which would turn an
     * ElementValue into plain data.
     */
    evaluated?: number;
  }
}

declare module 'mdast' {
  interface Data {
    /** A host component's number (page-code.ts): the element renders it, whatever its name says. */
    componentId?: number;
  }
}

/** Raised with the end of a sentence: "expression gives <reason>", and what to do when it is not the usual. */
export class DescriptionProblem extends Error {
  constructor(message: string, readonly fix?: string, readonly reported = false) {
    super(message);
  }
}

/**
 * What the page's code and partials may add to the page, all told: as much text and markup as the
 * page may write (maxPageOutputBytes), and so many uses of partials and of its own components. A
 * component that repeats its children doubles them at each level it is nested (`<T><T>…</T></T>`),
 * and so does a partial that includes the next one twice: 12 levels of 18 MB of children ran the
 * build out of memory, 40 levels of one word (or 25 partials) past its time budget.
 * Past either, the first element or expression over it is an error; the rest are cut without one.
 */
export class ContentBudget {
  private bytes = 0;
  private calls = 0;
  private includes = 0;
  /** Set once the page is over either limit: it has failed, and the rest of its code need not run. */
  exhausted = false;

  /** A partial costs a parse and, with code, a sandbox (~2 ms); a call of a page's component, ~0.1 ms. */
  constructor(readonly maxBytes: number, readonly maxCalls = 10_000, readonly maxIncludes = 1_000) {}

  /** Counts one call of a page's own component by the host. */
  call(): void {
    if (this.exhausted || ++this.calls > this.maxCalls) this.over(`more than ${this.maxCalls.toLocaleString('en')} calls of the page's own components (each copy a component makes of its children counts)`, REPEATS);
  }

  /** Counts one partial included, and its text. */
  include(bytes: number): void {
    if (this.exhausted || ++this.includes > this.maxIncludes) this.over(`more than ${this.maxIncludes.toLocaleString('en')} partials included in one page (each copy a partial makes by including another twice counts)`, REPEATS);
    this.add(bytes);
  }

  /** Counts text and markup the page's code adds. */
  add(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) this.over(`more than the ${(this.maxBytes / 1024 / 1024).toFixed(1)} MB of text and markup a page may write`, 'Look for a component, partial or expression that repeats content, or raise maxPageOutputBytes in site.config.ts.');
  }

  private over(reason: string, fix: string): never {
    const first = !this.exhausted;
    this.exhausted = true;
    throw new DescriptionProblem(reason, fix, !first);
  }
}

const REPEATS = 'Look for a component that puts its children in twice, or a partial that includes another twice, nested in itself; or split the page.';

/** What a node costs the budget: its text, and a little for each element (its tags and attributes). */
const ELEMENT_BYTES = 32;

function sizeOf(nodes: unknown[]): number {
  let size = 0;
  const pending = [...nodes] as { value?: unknown; children?: unknown[] }[];
  while (pending.length > 0) {
    const node = pending.pop()!;
    size += typeof node.value === 'string' ? node.value.length : ELEMENT_BYTES;
    if (node.children) pending.push(...(node.children as never[]));
  }
  return size;
}

/** HTML tag names (and custom elements): the allowlist decides later which are allowed. */
const TAG_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * The nodes a value describes, each at `position` (the expression's place: messages about any of
 * them name its line). `slots` holds, for a page's function component called by the host, the
 * element's own children: the component's `{children}` are replaced by them, keeping their places.
 */
export function describedNodes(value: SandboxValue, flow: boolean, position: Position | undefined, code: DescribingCode, slots: unknown[][] = []): DescribedNode[] {
  const nodes = nodesOf(value, flow, { budget: code.content, keepValue: (kept) => code.keepValue(kept), slots, slotSizes: new Map() });
  placeAt(nodes, position);
  return nodes;
}

/** What of the page's code (page-code.ts) describing needs: its budget, and its table of evaluated values. */
export interface DescribingCode {
  content: ContentBudget;
  keepValue(value: SandboxValue): number;
}

interface Describing {
  budget: ContentBudget;
  keepValue: (value: SandboxValue) => number;
  slots: unknown[][];
  /** Each slot's size, measured once: the budget is spent before a copy is made. */
  slotSizes: Map<number, number>;
}

function placeAt(nodes: { position?: Position; children?: unknown[] }[], position: Position | undefined): void {
  for (const node of nodes) {
    node.position ??= position;
    if (node.children) placeAt(node.children as never, position);
  }
}

function nodesOf(value: SandboxValue, flow: boolean, describing: Describing): DescribedNode[] {
  if (value === null || typeof value === 'boolean') return [];
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    describing.budget.add(text.length);
    return [{ type: 'text', value: text }];
  }
  if (Array.isArray(value)) return value.flatMap((item) => nodesOf(item, flow, describing));
  if (isElementValue(value)) return elementNodes(value.element, flow, describing);
  if (isRefValue(value)) throw new DescriptionProblem('a component itself, not an element: write it as a tag');
  throw new DescriptionProblem('an object, which is not text or markup');
}

function elementNodes(element: SandboxElement, flow: boolean, describing: Describing): DescribedNode[] {
  if (element.kind === 'fragment') return element.children.flatMap((child) => nodesOf(child, flow, describing));
  if (element.kind === 'slot') {
    const slot = describing.slots[element.index] ?? [];
    if (!describing.slotSizes.has(element.index)) describing.slotSizes.set(element.index, sizeOf(slot));
    describing.budget.add(describing.slotSizes.get(element.index)!);
    return structuredClone(slot) as DescribedNode[];
  }
  describing.budget.add(ELEMENT_BYTES + JSON.stringify(element.props).length);
  const children = element.children.flatMap((child) => nodesOf(child, flow, describing));
  const type = flow ? 'mdxJsxFlowElement' : 'mdxJsxTextElement';
  if (element.kind === 'intrinsic') {
    if (!TAG_NAME.test(element.name)) throw new DescriptionProblem(`an element named "${element.name.slice(0, 40)}", which is not an HTML tag`);
    return [{ type, name: element.name, attributes: describedAttributes(element.props, describing), children } as JsxNode];
  }
  return [{ type, name: `component ${element.id}`, attributes: describedAttributes(element.props, describing), children, data: { componentId: element.id } } as JsxNode];
}

/** Props as attributes: text as text, anything else kept in the page's table of evaluated values. */
function describedAttributes(props: SandboxObject, describing: Describing): MdxJsxAttribute[] {
  return Object.entries(props).filter(([name]) => name !== 'key' && name !== 'children').map(([name, value]) => (typeof value === 'string'
    ? { type: 'mdxJsxAttribute', name, value }
    : { type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: '', data: { evaluated: describing.keepValue(value) } } }));
}
