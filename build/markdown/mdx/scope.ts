/**
 * remark plugin for MDX pages, run first: binds the page's imports and `export const`s, evaluates
 * `{expressions}` (in the page's sandbox: sandbox/page-sandbox.ts) into text or elements, drops
 * `{/* comments *\/}`, inlines Markdown partials, turns `<CodeBlock>` into a code fence, and checks
 * that every element name is a component: a theme component, an opted-in module's export, the
 * config's components, or a function of the page's own. Attribute expressions are evaluated later,
 * once the headings (and so `toc`) are known (attributes.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Expression, Program } from 'estree';
import type { Code, Definition, Image, Link, Paragraph, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Position } from 'unist';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { normalizeAdmonitionTitles } from '../admonitions.ts';
import { mdx1Compat } from './compat.ts';
import { SKIP, walk } from '../walk.ts';
import { readEsm, type ImportBinding } from './esm.ts';
import { resolveImport, type ImportContext, type ResolvedImport } from './imports.ts';
import { CodeBlock, sandboxCallables } from './theme/index.ts';
import { DescriptionProblem, describedNodes } from './described-elements.ts';
import { expressionCode, namesRead } from './sandbox/to-code.ts';
import { isDataObject } from './sandbox/wire.ts';
import type { PageCode } from './page-code.ts';
import type { SiteMetadata } from '../../../src/theme/docusaurus/site-context.ts';

export interface MdxOptions extends ImportContext {
  /** The config's components: tag name → module, for every page. */
  components: Record<string, string>;
  /** Absolute path of the page's file: imports are relative to it. */
  pageFile: string;
  /** The page's front matter, which its expressions read as `frontMatter`. */
  frontMatter: Record<string, unknown>;
  code: PageCode;
  site: SiteMetadata;
  /** The page's permalink: what `useLocation()` gives its code. */
  pagePath: string;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** What a name of the page stands for. `page` names live in the sandbox: exports, JSON imports, props. */
type Binding = { kind: 'host'; value: unknown } | { kind: 'partial'; file: string } | { kind: 'page' } | { kind: 'failed' };

interface State {
  file: VFile;
  names: Map<string, Binding>;
  /** The sandbox of this page or partial, when it has code; its number goes on its elements. */
  scopeId?: number;
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
    /** The sandbox (page-code.ts) an element's attribute expressions are evaluated in. */
    sandboxScope?: number;
    /** The element is a function of the page's own, by this name: attributes.ts calls it in the sandbox. */
    pageComponent?: string;
    /** Set on elements of a partial: its path, for messages. */
    includedIn?: string;
  }
}

declare module 'vfile' {
  interface DataMap {
    /** Client islands the page's components need (`tabs`). */
    islands: string[];
    /** Files besides the page that its compile read (partials, modules): watch mode recompiles the page when one changes. */
    dependencies: string[];
    /** URLs of the stylesheets of the component modules the page imports (their CSS modules and CSS). */
    stylesheets: string[];
    /** The line where each component (by its number in page-code.ts) is first used, for its render error. */
    componentLines: globalThis.Map<number, number>;
  }
}

export function remarkMdxScope(this: Processor, options: MdxOptions) {
  const parse = (text: string) => this.parse(text) as Root;
  return async (tree: Root, file: VFile) => {
    file.data.islands = [];
    file.data.dependencies = [];
    file.data.componentLines = new Map();
    const state: State = { file, names: new Map(), importer: options.pageFile, chain: [options.pageFile], parse, options };
    if (hasCode(tree)) {
      state.scopeId = await options.code.openSandbox();
      // `toc`, as MDX provides it; attributes.ts gives the real one, known once headings have their ids.
      defineData(state, 'toc', []);
      defineData(state, 'frontMatter', options.frontMatter);
      file.data.mdxPageScope = state.scopeId;
    }
    await prepare(tree, state);
  };
}

/** True when the tree has anything for the sandbox: ESM, expressions, attribute expressions. */
function hasCode(tree: Root): boolean {
  let found = false;
  walk(tree, (node) => {
    if (found) return SKIP;
    if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') found = true;
    else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') found = (node as JsxElement).attributes.some((attribute) => attribute.type === 'mdxJsxExpressionAttribute' || typeof attribute.value === 'object');
  });
  return found;
}

async function prepare(tree: Root, state: State): Promise<void> {
  unravelJsxParagraphs(tree);
  await bindEsm(tree, state);
  await bindConfigComponents(tree, state);
  const partials: { element: JsxElement; file: string; parent: { children: unknown[] } }[] = [];
  walk(tree, (node, index, parent) => {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      parent.children.splice(index, 1, ...expressionNodes(node as never, state));
      return index;
    }
    if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
    const element = node as JsxElement;
    if (element.name === null && element.data?.componentId === undefined) {
      parent.children.splice(index, 1, ...(element.children as never[]));
      return index;
    }
    if (state.scopeId !== undefined) element.data = { ...element.data, sandboxScope: state.scopeId };
    if (state.includedAt) element.data = { ...element.data, includedIn: state.includedAt.name };
    if (element.data?.componentId === undefined && /^[a-z][\w-]*$/.test(element.name!)) return;
    const found = lookupComponent(element, state);
    if (found && 'partial' in found) partials.push({ element, file: found.partial, parent });
    if (found && 'host' in found && found.host === CodeBlock) {
      parent.children[index] = codeBlockAsFence(element, state);
      return SKIP;
    }
  });
  for (const { element, file, parent } of partials) await inlinePartial(element, file, parent, state);
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
  const programs = esmNodes.map((node) => ({ node, esm: node.data?.estree ? readEsm(node.data.estree as Program) : undefined }));
  // Imports first, as JavaScript hoists them: an export may use a name imported below it.
  for (const { node, esm } of programs) {
    for (const { description, position } of esm?.unsupported ?? []) fail(state, position ?? node.position, `${description} is not run at build time`, 'Keep to import lines and "export const name = value".');
    for (const binding of esm?.imports ?? []) {
      const resolved = await resolveImport(binding.source, state.importer, state.options).catch((error: Error) => loadProblem(binding.source, error));
      bindImport(binding, resolved, binding.position ?? node.position, state);
    }
  }
  for (const { node, esm } of programs) {
    for (const { name, init, position } of esm?.exports ?? []) {
      if (usesFailedName(init, state)) {
        markFailed(state, name);
        continue;
      }
      const problem = state.options.code.sandbox(state.scopeId!).defineComputed(name, expressionCode(init));
      if (problem) fail(state, position ?? node.position, `export "${name}" cannot be evaluated: ${problem}`, 'Fix the expression; it runs at build time with the names this page imports and exports.');
      if (problem) markFailed(state, name);
      else state.names.set(name, { kind: 'page' });
    }
  }
}

/** The config's components this page uses and does not import itself, bound like imports (the config opted in to their code). */
async function bindConfigComponents(tree: Root, state: State): Promise<void> {
  const used = new Map<string, JsxElement>();
  walk(tree, (node) => {
    const name = (node as JsxElement).name?.split('.')[0];
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && name && Object.hasOwn(state.options.components, name) && !state.names.has(name) && !used.has(name)) used.set(name, node as JsxElement);
  });
  for (const [name, element] of used) {
    const source = state.options.components[name];
    const { siteDir, docsDir, staticDirs, baseUrl } = state.options;
    const context = { siteDir, docsDir, staticDirs, baseUrl, allowComponentCode: true };
    const resolved = await resolveImport(source, path.join(state.options.siteDir, 'site.config'), context).catch((error: Error) => loadProblem(source, error));
    const described: ResolvedImport = resolved.kind === 'problem' ? { ...resolved, message: `components.${name} in the site config: ${resolved.message}` } : resolved;
    bindImport({ local: name, imported: 'default', source }, described, element.position, state);
  }
}

/** A module that failed to load, on one line (esbuild's message lists its errors on lines of their own). */
function loadProblem(source: string, error: Error): ResolvedImport {
  return { kind: 'problem', message: `could not load "${source}": ${error.message.replace(/\s*\n\s*/g, ' ')}`, fix: 'Fix the error in that file.' };
}

function bindImport(binding: ImportBinding, resolved: ResolvedImport, position: Position | undefined, state: State): void {
  if (resolved.kind === 'problem') {
    fail(state, position, resolved.message, resolved.fix);
    markFailed(state, binding.local);
    return;
  }
  if (resolved.file) state.file.data.dependencies!.push(resolved.file);
  if (resolved.kind === 'module' && resolved.component) useComponentFiles(resolved.component, state.file);
  if (resolved.kind === 'partial') {
    state.names.set(binding.local, { kind: 'partial', file: resolved.file });
    return;
  }
  const exports: Record<string, unknown> = resolved.exports;
  const value = binding.imported === '*' ? exports : exports[binding.imported];
  if (binding.imported !== '*' && !(binding.imported in exports)) {
    fail(state, position, `"${binding.source}" has no export named "${binding.imported}"`, `Import one of: ${Object.keys(resolved.exports).join(', ') || '(none)'}.`);
    markFailed(state, binding.local);
    return;
  }
  const problem = defineData(state, binding.local, value);
  if (problem) fail(state, position, `"${binding.source}" cannot be used by the page: ${problem}`, 'Keep imported data to JSON-like values nested at most 64 levels deep.');
  // Data (a JSON file) lives in the sandbox; modules (components, namespaces) stay on the host too.
  state.names.set(binding.local, resolved.kind === 'data' ? { kind: 'page' } : { kind: 'host', value });
}

/** A component module's files: what it read (watch mode recompiles the page when one changes), the files it copies and its stylesheet. */
function useComponentFiles({ files, assets, stylesheet }: NonNullable<Extract<ResolvedImport, { kind: 'module' }>['component']>, file: VFile): void {
  file.data.dependencies!.push(...files);
  (file.data.assets ??= []).push(...assets);
  if (stylesheet) (file.data.stylesheets ??= []).push(stylesheet);
}

/** A name whose import or export failed: reported once, and expressions using it are skipped. */
function markFailed(state: State, name: string): void {
  state.names.set(name, { kind: 'failed' });
  if (state.scopeId !== undefined) state.options.code.failedNames(state.scopeId).add(name);
}

/** Copies a host value into the page's sandbox, when it has one; functions go in as component numbers. */
function defineData(state: State, name: string, value: unknown): string | undefined {
  if (state.scopeId === undefined) return undefined;
  return state.options.code.sandbox(state.scopeId).define(name, value, (component) => state.options.code.register(component, name), sandboxCallables(state.options.site, state.options.pagePath));
}

/** An `{expression}` as the nodes its value makes: text, elements, or nothing. */
function expressionNodes(node: { type: string; data?: { estree?: Program | null }; position?: Position }, state: State): RootContent[] {
  const statement = node.data?.estree?.body[0];
  if (!statement || statement.type !== 'ExpressionStatement') return []; // {/* a comment */}
  // A used-up content budget has failed the page already (described-elements.ts): nothing more is added to it.
  if (usesFailedName(statement.expression, state) || state.options.code.content.exhausted) return [];
  const result = state.options.code.sandbox(state.scopeId!).evaluate(expressionCode(statement.expression));
  if ('problem' in result) {
    fail(state, node.position, `expression cannot be evaluated: ${result.problem}`, 'Fix the expression; it runs at build time with the names this page imports and exports.');
    return [];
  }
  if (result.value === undefined) {
    state.file.message('expression gives undefined: nothing is shown', { place: node.position, ruleId: 'mdx-undefined' });
    return [];
  }
  try {
    return describedNodes(result.value, node.type === 'mdxFlowExpression', node.position, state.options.code) as RootContent[];
  } catch (error) {
    if (!(error instanceof DescriptionProblem)) throw error;
    if (!error.reported) fail(state, node.position, `expression gives ${error.message}`, error.fix ?? 'Make the expression a string, a number, or JSX.');
    return [];
  }
}

function usesFailedName(expression: Expression, state: State): boolean {
  const failed = state.options.code.failedNames(state.scopeId!);
  return failed.size > 0 && [...namesRead(expression)].some((name) => failed.has(name));
}

type FoundComponent = { host: unknown } | { partial: string } | { page: string };

/** What an element's name stands for; a name that is not a component is an error at its line. */
function lookupComponent(element: JsxElement, state: State): FoundComponent | undefined {
  const found = findComponent(element, state);
  if (found && 'host' in found) element.data = { ...element.data, componentId: element.data?.componentId ?? state.options.code.register(found.host, element.name!) };
  if (found && 'page' in found) element.data = { ...element.data, pageComponent: found.page };
  return found;
}

function findComponent(element: JsxElement, state: State): FoundComponent | undefined {
  if (element.data?.componentId !== undefined) return { host: state.options.code.component(element.data.componentId) };
  const name = element.name!;
  const [head, ...members] = name.split('.');
  const binding = state.names.get(head);
  if (binding?.kind === 'failed') return undefined;
  if (binding?.kind === 'partial' && members.length === 0) return { partial: binding.file };
  if (binding?.kind === 'page') {
    const type = state.options.code.sandbox(state.scopeId!).typeOf(name);
    if (type === 'function') return { page: name };
    return notAComponent(element, state, type === 'undefined' ? undefined : type);
  }
  let value = binding?.kind === 'host' ? binding.value : undefined;
  for (const member of members) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[member] : undefined;
  if (typeof value === 'function' || isComponentObject(value)) return { host: value };
  return notAComponent(element, state, value === undefined ? undefined : typeof value);
}

function notAComponent(element: JsxElement, state: State, type: string | undefined): undefined {
  if (type === undefined) {
    fail(state, element.position, `unknown component <${element.name}>`, 'Import it at the top of the page (for example: import Tabs from \'@theme/Tabs\'), check its spelling, or map it in the config\'s components.');
  } else {
    fail(state, element.position, `<${element.name}> is not a component: "${element.name}" is ${type === 'object' ? 'an object' : `a ${type}`}`, 'Use a theme component, a component of the site\'s own (--allow-component-code) or a function of this page; for an HTML element, write its tag (<div>).');
  }
  return undefined;
}

/** React's memo() and forwardRef() components are objects. */
function isComponentObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { $$typeof?: unknown }).$$typeof === 'symbol';
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
  if (item.type === 'mdxFlowExpression' || item.type === 'mdxTextExpression') return expressionNodes(item as never, state).map((child) => childText(child, state)).join('');
  return (item.children ?? []).map((child) => childText(child, state)).join(item.type === 'paragraph' ? '' : '\n');
}

async function inlinePartial(element: JsxElement, file: string, parent: { children: unknown[] }, state: State): Promise<void> {
  const name = element.name!;
  if (state.chain.includes(file)) {
    fail(state, element.position, `<${name}> includes itself (${[...state.chain, file].map((item) => path.basename(item)).join(' → ')})`, 'Remove the import that closes the loop.');
    return;
  }
  const source = readFileSync(file, 'utf8');
  try {
    state.options.code.content.include(source.length);
  } catch (error) {
    if (!(error instanceof DescriptionProblem)) throw error;
    if (!error.reported) fail(state, element.position, `<${name}> is over the page's limit: ${error.message}`, error.fix!);
    return;
  }
  const frontMatter = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source)?.[0] ?? '';
  const tree = state.parse(mdx1Compat(normalizeAdmonitionTitles(source.slice(frontMatter.length))));
  const props = partialProps(element, state);
  const includedAt = state.includedAt ?? { position: element.position, name: path.relative(state.options.siteDir, file) };
  const partialState: State = { ...state, names: new Map([['props', { kind: 'page' }]]), scopeId: undefined, importer: file, chain: [...state.chain, file], includedAt };
  if (hasCode(tree)) {
    partialState.scopeId = await state.options.code.openSandbox();
    defineData(partialState, 'toc', []);
    defineData(partialState, 'props', props);
  }
  await prepare(tree, partialState);
  // Links and images resolve from the partial's own file, as in Docusaurus, and are reported at its
  // lines (a nested partial's were stamped when it was inlined). Every other node takes the page's line.
  const origin = {
    file,
    displayPath: path.join(path.dirname(state.file.path), path.relative(path.dirname(state.options.pageFile), file)),
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

/** The props a partial is given: its attributes, expressions evaluated in the including page's sandbox. */
function partialProps(element: JsxElement, state: State): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of element.attributes) {
    const estree = (attribute.type === 'mdxJsxExpressionAttribute' ? attribute.data?.estree : typeof attribute.value === 'object' ? attribute.value?.data?.estree : undefined) as Program | undefined;
    const statement = estree?.body[0];
    if (!statement || statement.type !== 'ExpressionStatement') {
      if (attribute.type === 'mdxJsxAttribute') props[attribute.name] = attribute.value ?? true;
      continue;
    }
    if (usesFailedName(statement.expression, state)) continue;
    const result = state.options.code.sandbox(state.scopeId!).evaluate(expressionCode(statement.expression));
    if ('problem' in result) fail(state, element.position, `attribute of <${element.name}> cannot be evaluated: ${result.problem}`, 'Fix the expression; it runs at build time with the names this page imports and exports.');
    else if (attribute.type === 'mdxJsxAttribute') props[attribute.name] = result.value;
    else if (isDataObject(result.value)) Object.assign(props, result.value);
  }
  return props;
}

function fail(state: State, position: Position | undefined, reason: string, fix: string): void {
  const where = state.includedAt;
  const message = state.file.message(where ? `in ${where.name}: ${reason}` : reason, { place: where?.position ?? position, ruleId: 'mdx' });
  message.fatal = true;
  message.note = fix;
}
