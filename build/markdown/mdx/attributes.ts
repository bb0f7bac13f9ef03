/**
 * rehype plugin for MDX pages, right after remark-rehype, once the headings (and so `toc`) are known:
 * evaluates every JSX attribute expression in the sandbox of the page or partial that wrote it, expands
 * the page's own function components into the elements they return, and leaves every element ready
 * for the next steps: an HTML element with plain attribute values (jsx-elements.ts checks its tag), a
 * host component with its props in the page's table (render.ts reads them). Markup passed as a prop
 * (`<Term text={<b>Store</b>} />`) goes through the same checks and sanitizer as the page's own.
 */
import type { Expression, Program } from 'estree';
import type { Root } from 'hast';
import type { MdxJsxAttribute, MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { walk } from '../walk.ts';
import { ISLAND_OF_COMPONENT } from './theme/index.ts';
import { DescriptionProblem, describedNodes } from './described-elements.ts';
import type { PageCode } from './page-code.ts';
import { expressionCode, namesRead } from './sandbox/to-code.ts';
import { cssFromObject } from '../inline-style.ts';
import { isDataObject, isElementValue, isRefValue, type SandboxValue } from './sandbox/wire.ts';

type JsxElement = MdxJsxFlowElementHast | MdxJsxTextElementHast;

/** Markup given as a prop, checked and sanitized like the page: render.ts turns it into React. */
export class Markup {
  constructor(readonly tree: Root) {}
}

/** A host component as a prop value (`icon={Star}`): render.ts passes the component itself. */
export class ComponentProp {
  constructor(readonly id: number) {}
}

export interface JsxAttributeOptions {
  code: PageCode;
  /** The steps markup in a prop goes through, as the page's own does (jsx-elements.ts, html-policy.ts). */
  checkMarkup: (tree: Root, file: VFile) => void;
}

declare module 'vfile' {
  interface DataMap {
    /** The page's own sandbox (page-code.ts), when it has one: it gets the real `toc` here. */
    mdxPageScope: number;
  }
}

declare module 'hast' {
  interface Data {
    sandboxScope?: number;
    pageComponent?: string;
    componentId?: number;
    /** Set inside a partial: its path, for messages. */
    includedIn?: string;
  }
}

/** The attribute name render.ts reads a prop's table index from. */
export const PROP_PREFIX = '__p';
/** The element name render.ts reads a component's number from. */
export const COMPONENT_PREFIX = '__c';

export function rehypeJsxAttributes(options: JsxAttributeOptions) {
  return (tree: Root, file: VFile) => {
    const pageScope = file.data.mdxPageScope;
    if (pageScope !== undefined) options.code.sandbox(pageScope).define('toc', file.data.toc ?? [], () => -1);
    prepareElements(tree, file, options);
  };
}

function prepareElements(tree: Root, file: VFile, options: JsxAttributeOptions): void {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    const element = node as JsxElement;
    if (element.data?.pageComponent) {
      parent.children.splice(index, 1, ...expandPageComponent(element, file, options.code));
      return index;
    }
    const props = evaluateProps(element, file, options.code);
    if (!props) {
      parent.children.splice(index, 1);
      return index;
    }
    if (element.data?.componentId === undefined) element.attributes = htmlAttributes(element, props, file);
    else prepareComponent(element, props, file, options);
  });
}

/** Every attribute's value: text as written, expressions from the sandbox. Undefined after an error. */
function evaluateProps(element: JsxElement, file: VFile, code: PageCode): Record<string, SandboxValue> | undefined {
  const props: Record<string, SandboxValue> = {};
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && (attribute.value === null || attribute.value === undefined || typeof attribute.value === 'string')) {
      props[attribute.name] = attribute.value ?? true;
      continue;
    }
    const kept = attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'object' ? attribute.value?.data?.evaluated : undefined;
    const evaluated = kept === undefined ? undefined : code.value(kept);
    const expression = evaluated === undefined ? attributeExpression(attribute) : undefined;
    if (expression && usesFailedName(expression, element, code)) continue;
    const result = evaluated !== undefined ? { value: evaluated } : expression ? code.sandbox(element.data!.sandboxScope!).evaluate(expressionCode(expression)) : { value: null };
    if ('problem' in result) {
      fail(file, element, `attribute of <${displayName(element, code)}> cannot be evaluated: ${result.problem}`, 'Fix the expression; it runs at build time with the names this page imports and exports.');
      return undefined;
    }
    if (result.value === undefined) continue; // as in React: an undefined prop is not given
    if (attribute.type === 'mdxJsxAttribute') props[attribute.name] = result.value;
    else if (isDataObject(result.value)) Object.assign(props, result.value);
  }
  return props;
}

function attributeExpression(attribute: JsxElement['attributes'][number]): Expression | undefined {
  const program = (attribute.type === 'mdxJsxExpressionAttribute' ? attribute.data?.estree : typeof attribute.value === 'object' ? attribute.value?.data?.estree : undefined) as Program | undefined;
  const statement = program?.body[0];
  if (statement?.type !== 'ExpressionStatement') return undefined;
  // `{...props}` is an object expression holding one spread: its value is the spread object.
  const expression = statement.expression;
  return attribute.type === 'mdxJsxExpressionAttribute' && expression.type === 'ObjectExpression' && expression.properties[0]?.type === 'SpreadElement' ? expression.properties[0].argument : expression;
}

function usesFailedName(expression: Expression, element: JsxElement, code: PageCode): boolean {
  const failed = code.failedNames(element.data!.sandboxScope!);
  return failed.size > 0 && [...namesRead(expression)].some((name) => failed.has(name));
}

/** An HTML element's attributes as plain values: `disabled={true}` → `disabled`; objects are dropped, with a warning. */
function htmlAttributes(element: JsxElement, props: Record<string, SandboxValue>, file: VFile): MdxJsxAttribute[] {
  return Object.entries(props).flatMap(([name, value]): MdxJsxAttribute[] => {
    if (value === false || value === null) return [];
    if (name === 'style' && typeof value === 'object' && !Array.isArray(value) && !isElementValue(value) && !isRefValue(value)) {
      // As React writes it; the HTML policy then keeps the allowed declarations, with a warning for the rest.
      return [{ type: 'mdxJsxAttribute', name, value: cssFromObject(value as Record<string, unknown>) }];
    }
    if (typeof value === 'object') {
      file.message(`"${name}" of <${element.name}> was removed: an HTML attribute takes text, not ${Array.isArray(value) ? 'a list' : 'an object'}`, { place: element.position, ruleId: 'html-policy' });
      return [];
    }
    return [{ type: 'mdxJsxAttribute', name, value: value === true ? null : String(value) }];
  });
}

/** A host component's props go into the page's table; its attributes become references to them. */
function prepareComponent(element: JsxElement, props: Record<string, SandboxValue>, file: VFile, options: JsxAttributeOptions): void {
  const id = element.data!.componentId!;
  noteComponentUse(element, id, file, options.code);
  element.name = `${COMPONENT_PREFIX}${id}`;
  element.attributes = Object.entries(props).flatMap(([name, value]): JsxElement['attributes'] => {
    let prop: unknown;
    try {
      prop = propValue(value, element, file, options);
    } catch (error) {
      if (!(error instanceof DescriptionProblem)) throw error;
      if (!error.reported) fail(file, element, `"${name}" of <${displayName(element, options.code)}> gives ${error.message}`, error.fix ?? 'Give the prop text, a number, JSX or data.');
      return [];
    }
    const index = options.code.props.push(prop) - 1;
    const estree: Program = { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'Identifier', name: `${PROP_PREFIX}${index}` } }] };
    return [{ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: '', data: { estree } } }];
  });
}

/** A prop as render.ts passes it: data as it is, components by number, markup checked like the page's. */
function propValue(value: SandboxValue, element: JsxElement, file: VFile, options: JsxAttributeOptions): unknown {
  if (isRefValue(value)) return new ComponentProp(value.ref);
  if (isElementValue(value)) {
    const tree: Root = { type: 'root', children: describedNodes(value, true, element.position, options.code).map((node) => ({ ...node, data: { ...node.data, includedIn: element.data?.includedIn } })) as never };
    prepareElements(tree, file, options);
    options.checkMarkup(tree, file);
    return new Markup(tree);
  }
  if (Array.isArray(value)) return value.map((item) => propValue(item, element, file, options));
  if (isDataObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, propValue(item, element, file, options)]));
  return value;
}

/** A function of the page's own runs in the sandbox with the element's props; its result takes the element's place. */
function expandPageComponent(element: JsxElement, file: VFile, code: PageCode): JsxElement['children'] {
  try {
    code.content.call();
  } catch (error) {
    if (!(error instanceof DescriptionProblem)) throw error;
    if (!error.reported) fail(file, element, `<${element.name}> is over the page's limit: ${error.message}`, error.fix!);
    return [];
  }
  const scope = element.data!.sandboxScope!;
  const props = element.attributes.map((attribute) => {
    const expression = attributeExpression(attribute);
    if (attribute.type === 'mdxJsxExpressionAttribute') return expression ? `...(${expressionCode(expression)})` : '';
    return `${JSON.stringify(attribute.name)}: ${expression ? `(${expressionCode(expression)})` : JSON.stringify(attribute.value ?? true)}`;
  });
  const children = element.children.length > 0 ? ', __slot(0)' : '';
  const result = code.sandbox(scope).evaluate(`__jsx(${element.data!.pageComponent}, {${props.join(', ')}}${children})`);
  if ('problem' in result) {
    fail(file, element, `<${element.name}> failed to render: ${result.problem}`, 'Fix the component, or the props the page passes it.');
    return [];
  }
  try {
    return describedNodes(result.value ?? null, element.type === 'mdxJsxFlowElement', element.position, code, [element.children]) as never;
  } catch (error) {
    if (!(error instanceof DescriptionProblem)) throw error;
    if (!error.reported) fail(file, element, `<${element.name}> gives ${error.message}`, error.fix ?? 'Return JSX, a string or null from the component.');
    return [];
  }
}

/** The client island a component needs, and the line of its first use for its render error. */
function noteComponentUse(element: JsxElement, id: number, file: VFile, code: PageCode): void {
  const island = ISLAND_OF_COMPONENT.get(code.component(id));
  if (island && !file.data.islands!.includes(island)) file.data.islands!.push(island);
  const line = element.position?.start.line;
  if (line !== undefined && !file.data.componentLines!.has(id)) file.data.componentLines!.set(id, line);
}

function displayName(element: JsxElement, code: PageCode): string {
  return element.data?.componentId === undefined ? element.name ?? 'element' : code.componentName(element.data.componentId);
}

function fail(file: VFile, element: JsxElement, reason: string, fix: string): void {
  const where = element.data?.includedIn;
  const message = file.message(where ? `in ${where}: ${reason}` : reason, { place: element.position, ruleId: 'mdx' });
  message.fatal = true;
  message.note = fix;
}
