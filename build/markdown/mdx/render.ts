/**
 * An MDX page with components becomes HTML the way the unified ecosystem bridges to React:
 * hast-util-to-jsx-runtime turns the tree into React elements (names and attribute expressions
 * evaluated in the page's scope, as scope.ts checked them) and react-dom renders them to a string.
 */
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { toHtml } from 'hast-util-to-html';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import type { Expression } from 'estree';
import { ContentError } from '../../errors.ts';
import { evaluateExpression, type Scope } from './evaluate.ts';

/** True when the tree still holds JSX elements, which only React can render. */
export function hasComponents(tree: { type: string; children?: unknown[] }): boolean {
  const visit = (node: { type: string; children?: unknown[] }): boolean => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
    || (node.children ?? []).some((child) => visit(child as never));
  return visit(tree);
}

/** A component's error, with the component's name. */
class ComponentFailure extends Error {
  constructor(readonly component: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** `lineOf` gives the line where a component is first used, for its error. */
export function renderWithComponents(tree: Root, scope: Scope, displayPath: string, lineOf: (component: string) => number | undefined): string {
  const rendered: string[] = [];
  setAsidePlainElements(tree, rendered);
  const named = new Map<unknown, unknown>();
  const evaluater = {
    evaluateExpression: (expression: Expression) => {
      const result = evaluateExpression(expression, scope);
      const value = 'value' in result ? result.value : undefined;
      const isName = expression.type === 'Identifier' || expression.type === 'MemberExpression';
      return isName && isFunctionComponent(value) ? nameErrors(value, componentName(expression), named) : value;
    },
    evaluateProgram: () => undefined,
  };
  mergeAdjacentText(tree);
  try {
    const html = renderToString(toJsxRuntime(tree, { Fragment, jsx, jsxs, createEvaluater: () => evaluater, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom', filePath: displayPath }));
    return html.replace(PLACEHOLDER, (_, index: string) => rendered[Number(index)]);
  } catch (error) {
    const component = error instanceof ComponentFailure ? error.component : undefined;
    const what = component ? `<${component}>` : 'a component';
    throw new ContentError({ rule: 'mdx/render', message: `${what} failed to render: ${(error as Error).message}`, file: displayPath, line: component ? lineOf(component) : undefined, fix: 'Fix the component, or the props the page passes it.' });
  }
}

/** Private-use characters no page writes around a number: where a plain element's HTML goes back. */
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

/**
 * React only needs to render the components; the rest of the page (highlighted code is most of it)
 * is turned into HTML by hast-util-to-html, about 8× faster, and each such element is put in the
 * React tree as a placeholder text that the finished HTML gets back.
 */
function setAsidePlainElements(tree: Root, rendered: string[]): void {
  const withComponents = new Set<unknown>();
  markComponentAncestors(tree, withComponents);
  const setAside = (node: { children?: Root['children'] }) => {
    node.children = node.children?.map((child) => {
      if (withComponents.has(child)) {
        setAside(child as never);
        return child;
      }
      if (child.type !== 'element' && child.type !== 'raw') return child;
      rendered.push(toHtml(child, { allowDangerousHtml: true })); // raw: only the language tabs' HTML is left (compile.ts)
      return { type: 'text', value: `\uE000${rendered.length - 1}\uE001` };
    });
  };
  setAside(tree);
}

/** Adds every component and every node with a component below it to `found`; says if `node` is one. */
function markComponentAncestors(node: { type: string; children?: unknown[] }, found: Set<unknown>): boolean {
  let has = node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
  for (const child of node.children ?? []) has = markComponentAncestors(child as never, found) || has;
  if (has) found.add(node);
  return has;
}

/** `Version {v}.` is three text nodes; one node renders without React's `<!-- -->` separators. */
function mergeAdjacentText(node: { children?: { type: string; value?: string; children?: unknown[] }[] }): void {
  const children = node.children;
  if (!children) return;
  node.children = children.reduce<typeof children>((merged, child) => {
    const previous = merged.at(-1);
    if (child.type === 'text' && previous?.type === 'text') previous.value = `${previous.value}${child.value}`;
    else merged.push(child);
    return merged;
  }, []);
  for (const child of node.children) mergeAdjacentText(child as never);
}

function isFunctionComponent(value: unknown): value is (props: object) => unknown {
  return typeof value === 'function' && !(value.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent;
}

/** The same component with its errors named; made once per component, so React sees one type. */
function nameErrors(component: (props: object) => unknown, name: string, named: Map<unknown, unknown>): unknown {
  if (!named.has(component)) {
    named.set(component, (props: object) => {
      try {
        return component(props);
      } catch (error) {
        throw error instanceof ComponentFailure ? error : new ComponentFailure(name, error);
      }
    });
  }
  return named.get(component);
}

function componentName(expression: Expression): string {
  if (expression.type === 'Identifier') return expression.name;
  if (expression.type === 'MemberExpression' && expression.property.type === 'Identifier') return `${componentName(expression.object as Expression)}.${expression.property.name}`;
  return 'component';
}
