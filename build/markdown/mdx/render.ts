/**
 * An MDX page with components becomes HTML the way the unified ecosystem bridges to React:
 * hast-util-to-jsx-runtime turns the tree into React elements and react-dom renders them to a
 * string. attributes.ts left each component named by its number and each prop as an index into the
 * page's table (page-code.ts): nothing is evaluated here. What the components render passes the
 * HTML policy (html-policy.ts) like the rest of the page.
 */
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { createElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { toHtml } from 'hast-util-to-html';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ElementContent, Root, RootContent } from 'hast';
import type { Expression } from 'estree';
import type { VFile } from 'vfile';
import { ContentError } from '../../errors.ts';
import { sanitizedHtmlTree, type HtmlPolicyOptions } from '../html-policy.ts';
import { COMPONENT_PREFIX, ComponentProp, Markup, PROP_PREFIX } from './attributes.ts';
import type { PageCode } from './page-code.ts';
import { renderNoticingState } from './client-state.ts';
import { SiteMetadataContext, type SiteMetadata } from '../../../src/theme/docusaurus/site-context.ts';
import { LayoutHeadContext, type LayoutHead } from '../../../src/theme/docusaurus/Layout.tsx';
import { pageLocation, RouterContext } from '../../../src/theme/docusaurus/Router.tsx';

/** True when the tree still holds JSX elements, which only React can render. */
export function hasComponents(tree: { type: string; children?: unknown[] }): boolean {
  const visit = (node: { type: string; children?: unknown[] }): boolean => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
    || (node.children ?? []).some((child) => visit(child as never));
  return visit(tree);
}

/** A component's error, with the component's name. */
class ComponentFailure extends Error {
  constructor(readonly component: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface RenderContext {
  code: PageCode;
  file: VFile;
  displayPath: string;
  policy: HtmlPolicyOptions;
  /** What the site tells components through Docusaurus's client API. */
  site: SiteMetadata;
  /** The page's permalink: its location for `@docusaurus/router`. */
  pagePath: string;
  /** The line where a component (by number) is first used, for its error. */
  lineOf: (component: number) => number | undefined;
}

export interface RenderedPage {
  html: string;
  /** What a `<Layout>` in it asked of the page's head (a React page's title and description). */
  head?: LayoutHead;
  /** The site's code in it used state, effects or event handlers: it does something only in a browser (client-state.ts). */
  stateful: boolean;
}

export function renderWithComponents(tree: Root, context: RenderContext): RenderedPage {
  const rendered: string[] = [];
  const marker = new Marker();
  setAsidePlainElements(tree, rendered, marker);
  mergeAdjacentText(tree);
  const toReact = reactConverter(context.code);
  const head: LayoutHead = {};
  try {
    const page = createElement(LayoutHeadContext.Provider, { value: head }, toReact(tree));
    const located = createElement(RouterContext.Provider, { value: { location: pageLocation(context.pagePath) } }, page);
    const { result, stateful } = renderNoticingState(() => renderToString(createElement(SiteMetadataContext.Provider, { value: context.site }, located)));
    const markup = result.replace(HOISTED_RESOURCES, '');
    const html = sanitizedHtmlTree(markup, context.file, context.policy);
    restoreSetAside(html, marker, rendered);
    return { html: toHtml(html, { allowDangerousHtml: true }), head: Object.keys(head).length > 0 ? head : undefined, stateful };
  } catch (error) {
    const component = error instanceof ComponentFailure ? error.component : undefined;
    const what = component === undefined ? 'a component' : `<${context.code.componentName(component)}>`;
    throw new ContentError({ rule: 'mdx/render', message: `${what} failed to render: ${(error as Error).message}`, file: context.displayPath, line: component === undefined ? undefined : context.lineOf(component), fix: 'Fix the component, or the props the page passes it.' });
  }
}

/** A tree as React elements: components and props looked up in the page's tables. */
function reactConverter(code: PageCode): (tree: Root) => ReactNode {
  const named = new Map<number, unknown>();
  const prop = (value: unknown): unknown => {
    if (value instanceof Markup) return convert(value.tree);
    if (value instanceof ComponentProp) return code.component(value.id);
    if (Array.isArray(value)) return value.map(prop);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, prop(item)]));
    return value;
  };
  const evaluater = {
    evaluateExpression: (expression: Expression) => {
      const name = expression.type === 'Identifier' ? expression.name : '';
      if (name.startsWith(COMPONENT_PREFIX)) return namedComponent(Number(name.slice(COMPONENT_PREFIX.length)), code, named);
      if (name.startsWith(PROP_PREFIX)) return prop(code.props[Number(name.slice(PROP_PREFIX.length))]);
      return undefined;
    },
    evaluateProgram: () => undefined,
  };
  const convert = (tree: Root): ReactNode => toJsxRuntime(tree, { Fragment, jsx, jsxs, createEvaluater: () => evaluater, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom' });
  return convert;
}

/** React 19 puts resource hints before what it renders (`<link rel="preload" as="image">` for each image): not the page's content. */
const HOISTED_RESOURCES = /^(?:<link [^>]*\/>)+/;

/**
 * Where a plain element's HTML goes back: text no page can write, since its middle is random and new
 * for each render. Only text is searched for it (restoreSetAside), never an attribute: HTML put back
 * into an attribute value (a component may put its children's text there) would end the attribute at
 * the first quote of the HTML's text.
 */
class Marker {
  private readonly nonce = randomBytes(12).toString('hex');
  readonly pattern = new RegExp(`\uE000${this.nonce}:(\\d+)\uE001`, 'g');

  text(index: number): string {
    return `\uE000${this.nonce}:${index}\uE001`;
  }
}

/** Every marker in the tree's text becomes the HTML it stands for, as a raw node where React put the text. */
function restoreSetAside(node: { children: (RootContent | ElementContent)[] }, marker: Marker, rendered: string[]): void {
  node.children = node.children.flatMap((child): (RootContent | ElementContent)[] => {
    if (child.type === 'element') restoreSetAside(child, marker, rendered);
    if (child.type !== 'text' || !child.value.includes('\uE000')) return [child];
    // split with one capture group: text, index, text, index, …, text
    return child.value.split(marker.pattern).flatMap((part, index): (RootContent | ElementContent)[] => {
      if (index % 2 === 1) return [{ type: 'raw', value: rendered[Number(part)] }];
      return part ? [{ type: 'text', value: part }] : [];
    });
  });
}

/**
 * React only needs to render the components; the rest of the page (highlighted code is most of it)
 * is turned into HTML by hast-util-to-html, about 8× faster, and each such element is put in the
 * React tree as a marker text that the finished HTML gets back.
 */
function setAsidePlainElements(tree: Root, rendered: string[], marker: Marker): void {
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
      return { type: 'text', value: marker.text(rendered.length - 1) };
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

/** The component with its errors named; made once per component, so React sees one type. */
function namedComponent(id: number, code: PageCode, named: Map<number, unknown>): unknown {
  const component = code.component(id);
  if (typeof component !== 'function' || (component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) return component;
  if (!named.has(id)) {
    named.set(id, (props: object) => {
      try {
        return (component as (props: object) => unknown)(props);
      } catch (error) {
        throw error instanceof ComponentFailure ? error : new ComponentFailure(id, error);
      }
    });
  }
  return named.get(id);
}
