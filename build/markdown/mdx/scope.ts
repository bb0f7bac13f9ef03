/**
 * remark plugin for MDX pages, run first: binds the page's imports and `export const`s, evaluates
 * `{expressions}` into text, drops `{/* comments *\/}`, inlines Markdown partials, turns
 * `<CodeBlock>` into a code fence, and checks that every component a page uses is defined. What is
 * left for rendering are intrinsic JSX elements (jsx-elements.ts) and components (render.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Program } from 'estree';
import type { Code, Definition, Image, Link, Paragraph, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Position } from 'unist';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { normalizeAdmonitionTitles } from '../admonitions.ts';
import { mdx1Compat } from './compat.ts';
import { SKIP, walk } from '../walk.ts';
import { readEsm, type ImportBinding } from './esm.ts';
import { evaluateExpression, type Scope } from './evaluate.ts';
import { resolveImport, type ImportContext, type ResolvedImport } from './imports.ts';
import { CodeBlock, ISLAND_OF_COMPONENT } from './theme/index.ts';

export interface MdxOptions extends ImportContext {
  /** The config's components: tag name → module, for every page. */
  components: Record<string, string>;
  /** Absolute path of the page's file: imports are relative to it. */
  pageFile: string;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Bound to the names of an import that failed: its error is reported once, not again at each use. */
const FAILED_IMPORT = Symbol('failed import');

/** A partial bound to a name: `<Name />` is replaced by the partial's content. */
class PartialRef {
  constructor(readonly file: string) {}
}

interface State {
  file: VFile;
  scope: Map<string, unknown>;
  importer: string;
  /** Partials being inlined, outermost first, to catch one that includes itself. */
  chain: string[];
  /** Set inside a partial: messages point at the page's line that included it. */
  includedAt?: { position?: Position; name: string };
  parse: (text: string) => Root;
  options: MdxOptions;
}

/** Where a link or image inlined from a partial was written: links.ts resolves it from there and reports it there. */
export interface PartialOrigin {
  /** The partial, absolute. */
  file: string;
  /** The partial as messages show it (beside the page's own path). */
  displayPath: string;
  line?: number;
  column?: number;
  /** The page's line (in its body) of the element that included the outermost partial. */
  includedAtLine?: number;
}

declare module 'mdast' {
  interface Data {
    partial?: PartialOrigin;
  }
}

declare module 'vfile' {
  interface DataMap {
    /** The names an MDX page defines, for rendering its components. */
    mdxScope: Scope;
    /** Client islands the page's components need (`tabs`). */
    islands: string[];
    /** Files besides the page that its compile read (partials, modules): watch mode recompiles the page when one changes. */
    dependencies: string[];
    /** The line where each component is first used, for its render error. */
    componentLines: globalThis.Map<string, number>;
  }
}

export function remarkMdxScope(this: Processor, options: MdxOptions) {
  const parse = (text: string) => this.parse(text) as Root;
  return async (tree: Root, file: VFile) => {
    // `toc`, as MDX provides it; the render gets the real one, known once headings have their ids.
    const state: State = { file, scope: new Map([['toc', []]]), importer: options.pageFile, chain: [options.pageFile], parse, options };
    file.data.islands = [];
    file.data.dependencies = [];
    file.data.componentLines = new Map();
    await prepare(tree, state);
    file.data.mdxScope = state.scope;
  };
}

async function prepare(tree: Root, state: State): Promise<void> {
  unravelJsxParagraphs(tree);
  await bindEsm(tree, state);
  await bindConfigComponents(tree, state);
  const partials: { element: JsxElement; partial: PartialRef; parent: { children: unknown[] } }[] = [];
  walk(tree, (node, index, parent) => {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      parent.children.splice(index, 1, ...expressionAsText(node as never, state));
      return index;
    }
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    const element = node as JsxElement;
    if (element.name === null) {
      parent.children.splice(index, 1, ...(element.children as never[]));
      return index;
    }
    evaluateAttributes(element, state);
    const component = /^[a-z][\w-]*$/.test(element.name) ? undefined : lookupComponent(element, state);
    if (component instanceof PartialRef) partials.push({ element, partial: component, parent });
    if (component === CodeBlock) {
      parent.children[index] = codeBlockAsFence(element, state);
      return SKIP;
    }
  });
  for (const { element, partial, parent } of partials) await inlinePartial(element, partial, parent, state);
}

/**
 * A paragraph of nothing but JSX and expressions (`<TabItem value="a">Text</TabItem>` on one line)
 * is not a paragraph: its elements become blocks, as @mdx-js/mdx's "unravel" step makes them.
 */
function unravelJsxParagraphs(tree: Root): void {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'paragraph') return;
    const children = (node as Paragraph).children as { type: string; value?: string }[];
    const onlyJsx = children.some((child) => child.type === 'mdxJsxTextElement')
      && children.every((child) => child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression' || (child.type === 'text' && !child.value!.trim()));
    if (!onlyJsx) return;
    const blocks = children.filter((child) => child.type !== 'text').map((child) => ({ ...child, type: child.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression' }));
    parent.children.splice(index, 1, ...(blocks as never[]));
    return index;
  });
}

async function bindEsm(tree: Root, state: State): Promise<void> {
  const esmNodes = tree.children.filter((node) => node.type === 'mdxjsEsm');
  tree.children = tree.children.filter((node) => node.type !== 'mdxjsEsm');
  for (const node of esmNodes) {
    const program = node.data?.estree as Program | undefined;
    if (!program) continue;
    const { imports, exports, unsupported } = readEsm(program);
    for (const { description, position } of unsupported) fail(state, position ?? node.position, `${description} is not run at build time`, 'Keep to import lines and "export const name = value".');
    for (const binding of imports) {
      const resolved = await resolveImport(binding.source, state.importer, state.options).catch((error: Error) => ({ kind: 'problem' as const, message: `could not load "${binding.source}": ${error.message}`, fix: 'Fix the error in that file.' }));
      bindImport(binding, resolved, binding.position ?? node.position, state);
    }
    for (const { name, init, position } of exports) {
      const result = evaluateExpression(init, state.scope);
      if ('problem' in result) fail(state, position ?? node.position, `export "${name}" cannot be evaluated: ${result.problem}`, 'Use literals, and names defined above it.');
      else state.scope.set(name, result.value);
    }
  }
}

/** The config's components this page uses and does not import itself, bound like imports (the config opted in to their code). */
async function bindConfigComponents(tree: Root, state: State): Promise<void> {
  const used = new Map<string, JsxElement>();
  walk(tree, (node) => {
    const name = (node as JsxElement).name?.split('.')[0];
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && name && Object.hasOwn(state.options.components, name) && !state.scope.has(name) && !used.has(name)) used.set(name, node as JsxElement);
  });
  for (const [name, element] of used) {
    const source = state.options.components[name];
    const context = { siteDir: state.options.siteDir, allowComponentCode: true };
    const resolved = await resolveImport(source, path.join(state.options.siteDir, 'site.config'), context).catch((error: Error) => ({ kind: 'problem' as const, message: `could not load "${source}": ${error.message}`, fix: 'Fix the error in that file.' }));
    const described: ResolvedImport = resolved.kind === 'problem' ? { ...resolved, message: `components.${name} in the site config: ${resolved.message}` } : resolved;
    bindImport({ local: name, imported: 'default', source }, described, element.position, state);
  }
}

function bindImport(binding: ImportBinding, resolved: ResolvedImport, position: Position | undefined, state: State): void {
  if (resolved.kind === 'problem') {
    fail(state, position, resolved.message, resolved.fix);
    state.scope.set(binding.local, FAILED_IMPORT);
    return;
  }
  if (resolved.file) state.file.data.dependencies!.push(resolved.file);
  if (resolved.kind === 'partial') state.scope.set(binding.local, new PartialRef(resolved.file));
  else if (binding.imported === '*') state.scope.set(binding.local, resolved.exports);
  else if (binding.imported in resolved.exports) state.scope.set(binding.local, resolved.exports[binding.imported]);
  else fail(state, position, `"${binding.source}" has no export named "${binding.imported}"`, `Import one of: ${Object.keys(resolved.exports).join(', ') || '(none)'}.`);
}

function expressionAsText(node: { data?: { estree?: Program | null }; position?: Position }, state: State): RootContent[] {
  const statement = node.data?.estree?.body[0];
  if (!statement) return []; // {/* a comment */}
  if (statement.type !== 'ExpressionStatement') return [];
  const result = evaluateExpression(statement.expression, state.scope);
  if ('problem' in result) {
    fail(state, node.position, `expression cannot be evaluated: ${result.problem}`, 'Use a constant, or a name from an import or "export const" of this page.');
    return [];
  }
  const { value } = result;
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return [{ type: 'text', value: String(value) }];
  fail(state, node.position, `expression gives ${Array.isArray(value) ? 'a list' : 'an object'}, not text`, 'Make the expression a string or a number.');
  return [];
}

/** Attribute expressions are checked here, where the line is known; components get them again at render. */
function evaluateAttributes(element: JsxElement, state: State): void {
  const intrinsic = /^[a-z]/.test(element.name ?? '');
  element.attributes = element.attributes.flatMap((attribute): JsxElement['attributes'] => {
    const program = (attribute.type === 'mdxJsxExpressionAttribute' ? attribute.data?.estree : typeof attribute.value === 'object' ? attribute.value?.data?.estree : undefined) as Program | undefined;
    const statement = program?.body[0];
    if (!statement || statement.type !== 'ExpressionStatement') return [attribute];
    const result = evaluateExpression(statement.expression, state.scope);
    if ('problem' in result) {
      fail(state, element.position, `attribute of <${element.name}> cannot be evaluated: ${result.problem}`, 'Use a constant, or a name from an import or "export const" of this page.');
      return [];
    }
    return intrinsic ? literalAttributes(attribute, result.value) : [attribute];
  });
}

/** An intrinsic element's attributes as plain values: `disabled={true}` → `disabled`. */
function literalAttributes(attribute: JsxElement['attributes'][number], value: unknown): MdxJsxAttribute[] {
  if (attribute.type === 'mdxJsxExpressionAttribute') {
    return Object.entries(value as Record<string, unknown>).flatMap(([name, item]) => literalAttributes({ type: 'mdxJsxAttribute', name, value: null }, item));
  }
  if (value === false || value === null || value === undefined || typeof value === 'object') return [];
  return [{ type: 'mdxJsxAttribute', name: attribute.name, value: value === true ? null : String(value) }];
}

function lookupComponent(element: JsxElement, state: State): unknown {
  const [head, ...members] = element.name!.split('.');
  let value: unknown = state.scope.get(head);
  for (const member of members) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[member] : undefined;
  if (value === FAILED_IMPORT) return undefined;
  if (value === undefined) {
    fail(state, element.position, `unknown component <${element.name}>`, 'Import it at the top of the page (for example: import Tabs from \'@theme/Tabs\'), check its spelling, or map it in the config\'s components.');
  }
  const line = (state.includedAt?.position ?? element.position)?.start.line;
  if (line !== undefined && !state.file.data.componentLines!.has(element.name!)) state.file.data.componentLines!.set(element.name!, line);
  const island = ISLAND_OF_COMPONENT.get(value);
  if (island && !state.file.data.islands!.includes(island)) state.file.data.islands!.push(island);
  return value;
}

function codeBlockAsFence(element: JsxElement, state: State): Code {
  const attribute = (name: string) => element.attributes.find((item): item is MdxJsxAttribute => item.type === 'mdxJsxAttribute' && item.name === name);
  const text = (name: string) => (typeof attribute(name)?.value === 'string' ? attribute(name)!.value as string : undefined);
  const meta = [text('title') ? `title="${text('title')}"` : '', attribute('showLineNumbers') ? 'showLineNumbers' : ''].filter(Boolean).join(' ');
  const value = element.children.map((child) => childText(child, state)).join('').replace(/^\n|\n$/g, '');
  return { type: 'code', lang: text('language') ?? null, meta: meta || null, value, position: element.position };
}

/** The code of a `<CodeBlock>`: its text, or the string of a `{`template`}` child. */
function childText(node: unknown, state: State): string {
  const item = node as { type: string; value?: string; children?: unknown[] };
  if (item.type === 'text' || item.type === 'inlineCode') return item.value ?? '';
  if (item.type === 'mdxFlowExpression' || item.type === 'mdxTextExpression') return expressionAsText(item as never, state).map((text) => (text as { value: string }).value).join('');
  return (item.children ?? []).map((child) => childText(child, state)).join(item.type === 'paragraph' ? '' : '\n');
}

async function inlinePartial(element: JsxElement, partial: PartialRef, parent: { children: unknown[] }, state: State): Promise<void> {
  const name = element.name!;
  if (state.chain.includes(partial.file)) {
    fail(state, element.position, `<${name}> includes itself (${[...state.chain, partial.file].map((file) => path.basename(file)).join(' → ')})`, 'Remove the import that closes the loop.');
    return;
  }
  const source = readFileSync(partial.file, 'utf8');
  const frontMatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source)?.[0] ?? '';
  const tree = state.parse(mdx1Compat(normalizeAdmonitionTitles(source.slice(frontMatter.length))));
  const props = Object.fromEntries(element.attributes.flatMap((attribute) => (attribute.type === 'mdxJsxAttribute' && typeof attribute.value !== 'object' ? [[attribute.name, attribute.value ?? true]] : [])));
  const includedAt = state.includedAt ?? { position: element.position, name: path.relative(state.options.siteDir, partial.file) };
  await prepare(tree, { ...state, scope: new Map([['props', props]]), importer: partial.file, chain: [...state.chain, partial.file], includedAt });
  // Links and images resolve from the partial's own file, as in Docusaurus, and are reported at its
  // lines (a nested partial's were stamped when it was inlined). Every other node takes the page's line.
  const origin = {
    file: partial.file,
    displayPath: path.join(path.dirname(state.file.path), path.relative(path.dirname(state.options.pageFile), partial.file)),
    includedAtLine: includedAt.position?.start.line,
  };
  const lineOffset = frontMatter.split('\n').length - 1;
  walk(tree, (node) => {
    const target = node as Link | Image | Definition;
    if ((target.type === 'link' || target.type === 'image' || target.type === 'definition') && !target.data?.partial) {
      target.data = { ...target.data, partial: { ...origin, line: node.position && node.position.start.line + lineOffset, column: node.position?.start.column } };
    }
    node.position = element.position;
  });
  // The walk above has finished (inlining is async, the walk is not): find the element again.
  parent.children.splice(parent.children.indexOf(element), 1, ...tree.children);
}

function fail(state: State, position: Position | undefined, reason: string, fix: string): void {
  const where = state.includedAt;
  const message = state.file.message(where ? `in ${where.name}: ${reason}` : reason, { place: where?.position ?? position, ruleId: 'mdx' });
  message.fatal = true;
  message.note = fix;
}
