import path from 'node:path';
import rehypeRaw from 'rehype-raw';
import remarkMdx from 'remark-mdx';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { toString } from 'mdast-util-to-string';
import { toHtml } from 'hast-util-to-html';
import { unified, type PluggableList } from 'unified';
import { VFile } from 'vfile';
import { VFileMessage } from 'vfile-message';
import type { Element as HastElement, Root as HastRoot, RootContent } from 'hast';
import type { Nodes as MdastNodes, Root as MdastRoot } from 'mdast';
import { ContentError, includedBy, throwIfAny, type Warning } from '../errors.ts';
import type { TocEntry } from '../../src/shared/types.ts';
import { normalizeAdmonitionTitles, remarkAdmonitions } from './admonitions.ts';
import { remarkGfm } from './gfm.ts';
import { remarkHeadingIds } from './heading-ids.ts';
import { rehypeHighlight, rehypeKeepCodeMeta } from './highlight.ts';
import { remarkLinks, type SourceLink } from './links.ts';
import type { LinkContext } from './link-context.ts';
import { rehypeEscapeDisallowedHtml } from './raw-html.ts';
import { applyHtmlPolicy, rehypeHtmlPolicy, type HtmlPolicyOptions } from './html-policy.ts';
import { rehypeAccessibleHtml } from './accessible-html.ts';
import { rehypePathnameLinks, rewritePathnameLinks } from './pathname-links.ts';
import { rehypeHeadingAnchors } from './heading-anchors.ts';
import { DEFAULT_PAGE_LIMITS, jsxNestingProblem, pageLimitProblem, type PageLimits } from './limits.ts';
import { withinTimeBudget } from './page-clock.ts';
import { rehypeIntrinsicJsx, type JsxElementOptions } from './mdx/jsx-elements.ts';
import { hasComponents, renderWithComponents } from './mdx/render.ts';
import { rehypeJsxAttributes } from './mdx/attributes.ts';
import { PageCode } from './mdx/page-code.ts';
import type { SiteMetadata } from '../../src/theme/docusaurus/site-context.ts';
import type { LayoutHead } from '../../src/theme/docusaurus/Layout.tsx';
import { DEFAULT_SANDBOX_LIMITS } from './mdx/sandbox/page-sandbox.ts';
import { remarkMdxScope } from './mdx/scope.ts';
import { mdx1Compat } from './mdx/compat.ts';
import { rehypeLanguageTabs } from './language-tabs.ts';
import { bundleClientPage } from './mdx/client-page.ts';
import type { PageAsset } from './doc-images.ts';

export interface MarkdownOptions extends LinkContext, JsxElementOptions, HtmlPolicyOptions {
  minTocLevel: number;
  maxTocLevel: number;
  limits?: PageLimits;
  /** Docusaurus's `markdown.format`: every file is MDX, none is, or by extension (`detect`). */
  format: 'mdx' | 'md' | 'detect';
  /** Checked TypeScript examples get a JavaScript tab (language-tabs.ts). */
  languageTabs: boolean;
  /** Tag name → module of the config's `components`, relative to `siteDir`. */
  components: Record<string, string>;
  /** MDX may import the site's own JavaScript components, which runs their code. */
  allowComponentCode: boolean;
  /** What Docusaurus's client API (`useDocusaurusContext`, `useBaseUrl`) tells components about the site. */
  site: SiteMetadata;
}

export interface MarkdownSource {
  /** Path below the docs folder, used to resolve relative `.md` links. */
  sourcePath: string;
  /** Path shown in messages. */
  displayPath: string;
  body: string;
  /** Lines of the file before `body` (front matter), added to every reported line. */
  lineOffset: number;
  /** The page's front matter: MDX expressions read it as `frontMatter`. */
  frontMatter?: Record<string, unknown>;
  /**
   * The body is the MDX that renders a React page (`import Page from './index.js'`, then `<Page />`):
   * MDX whatever the format, and its lines are not the file's, so messages name none.
   */
  reactPage?: boolean;
}

export interface CompiledMarkdown {
  /** The page body as HTML, the same string on the server and in the route's body chunk. */
  html: string;
  toc: TocEntry[];
  links: SourceLink[];
  /** Plain text of the first paragraph: the fallback description. */
  excerpt: string;
  warnings: Warning[];
  /** Client islands the page's components need (`tabs`); empty for most pages. */
  islands: string[];
  /** Other files the compile read (MDX partials and imported modules), absolute. */
  dependencies: string[];
  /** Images kept next to the doc, and the files of the component modules it imports, to copy into the site. */
  assets: PageAsset[];
  /** URLs of the stylesheets its component modules bring (their CSS modules and CSS). */
  stylesheets: string[];
  /** What a React page's `<Layout>` set: its title and description. */
  head?: LayoutHead;
  /** A React page with state: the URL of the module that renders it in the browser (mdx/client-page.ts). */
  clientPage?: string;
}

/** Compiles one Markdown body: one parse, every transform, the compact body for the theme. */
export async function compileMarkdown(source: MarkdownSource, options: MarkdownOptions): Promise<CompiledMarkdown> {
  const limits = options.limits ?? DEFAULT_PAGE_LIMITS;
  const overLimit = pageLimitProblem(source.body, source.displayPath, source.lineOffset, limits);
  if (overLimit) throw overLimit;
  return withinTimeBudget(source.displayPath, limits.maxPageSeconds, () => compileWithinLimits(source, options, limits));
}

async function compileWithinLimits(source: MarkdownSource, options: MarkdownOptions, limits: PageLimits): Promise<CompiledMarkdown> {
  const code = new PageCode(DEFAULT_SANDBOX_LIMITS, limits.maxPageOutputBytes);
  try {
    return await compileWithCode(source, options, code);
  } finally {
    code.dispose();
  }
}

async function compileWithCode(source: MarkdownSource, options: MarkdownOptions, code: PageCode): Promise<CompiledMarkdown> {
  const mdx = source.reactPage || isMdx(source.sourcePath, options.format);
  const text = normalizeAdmonitionTitles(source.body);
  const file = new VFile({ path: source.displayPath, value: mdx ? mdx1Compat(text) : text });
  const pagePath = options.permalinkBySourcePath.get(source.sourcePath) ?? options.baseUrl;
  const mdxOptions = { ...options, pageFile: path.join(options.docsDir, source.sourcePath), frontMatter: source.frontMatter ?? {}, code, pagePath };
  const checkMarkup = (tree: HastRoot, markupFile: VFile) => {
    rehypeIntrinsicJsx(options)(tree, markupFile);
    rewritePathnameLinks(tree, markupFile, options.baseUrl);
    applyHtmlPolicy(tree, markupFile, options);
  };
  const processor = unified()
    .use(remarkParse)
    .use(mdx ? [remarkMdx, [remarkMdxScope, mdxOptions]] as PluggableList : [])
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkAdmonitions)
    .use(remarkHeadingIds, options)
    .use(remarkLinks, options, source.sourcePath)
    .use(remarkRehype, { allowDangerousHtml: true, passThrough: MDX_NODE_TYPES })
    .use(mdx ? [[rehypeJsxAttributes, { code, checkMarkup }], [rehypeIntrinsicJsx, options]] as PluggableList : [])
    .use(rehypeKeepCodeMeta)
    .use(rehypeEscapeDisallowedHtml)
    .use(rehypeRawWhenNeeded)
    .use(options.languageTabs ? [rehypeLanguageTabs] : [])
    .use(rehypePathnameLinks, options)
    .use(rehypeHtmlPolicy, options)
    .use(rehypeHighlight)
    .use(rehypeHeadingAnchors)
    .use(rehypeAccessibleHtml);
  const mdast = parse(processor, file, mdx, source);
  const tooDeep = mdx ? jsxNestingProblem(mdast, source.displayPath, source.lineOffset) : undefined;
  if (tooDeep) throw tooDeep;
  const hast = (await processor.run(mdast, file).catch((error: unknown) => {
    // A shape the limits above did not foresee: still one error naming the page, never a bare stack overflow.
    if (error instanceof RangeError) throw new ContentError({ rule: 'markdown', message: `the page is too deeply nested to compile (${error.message})`, file: source.displayPath, fix: 'Flatten its lists, blockquotes and admonitions.' });
    throw error;
  })) as HastRoot;
  throwIfAny(fatalProblems(file, source));
  // Only MDX has components; walking a Markdown page for them cost ~0.25 ms.
  // The only raw nodes left are the language tabs' HTML (language-tabs.ts): rehype-raw parsed the page's own.
  const { html, head, stateful } = mdx && hasComponents(hast)
    ? renderWithComponents(hast, { code, file, displayPath: source.displayPath, policy: options, site: options.site, pagePath, lineOf: (id) => fileLine(source, file.data.componentLines?.get(id)) })
    : { html: toHtml(hast, { allowDangerousHtml: true }), head: undefined, stateful: false };
  throwIfAny(fatalProblems(file, source));
  const clientPage = source.reactPage && stateful ? await clientPageOf(mdxOptions.pageFile, options, file) : undefined;
  return {
    html,
    toc: file.data.toc ?? [],
    // A partial's link keeps the partial's line; the page's line that included it is offset like the page's own.
    links: (file.data.links ?? []).map((link) => (link.file
      ? { ...link, includedAt: offsetLine(link.includedAt, source.lineOffset) }
      : { ...link, line: fileLine(source, link.line) })),
    excerpt: firstParagraphText(mdast),
    warnings: problemsOf(file, source).filter((problem) => !problem.fatal).map(({ pageLine: _, fatal: __, ...warning }) => warning),
    islands: file.data.islands ?? [],
    dependencies: [...new Set(file.data.dependencies)],
    assets: [...(file.data.assets ?? []), ...(clientPage ? [clientPage.asset] : [])],
    stylesheets: [...new Set(file.data.stylesheets)],
    head,
    clientPage: clientPage?.url,
  };
}

/** A React page with state, bundled for the browser; one that cannot be is kept as rendered, with a warning. */
async function clientPageOf(pageFile: string, options: MarkdownOptions, file: VFile): Promise<{ url: string; asset: PageAsset } | undefined> {
  const bundle = await bundleClientPage(pageFile, options, options.site);
  if ('url' in bundle) return bundle;
  file.message(`the page has state, but it cannot run in the browser, so readers get it as the build rendered it: ${bundle.refused}`, { ruleId: 'react-page' });
  return undefined;
}

/** The compile's messages as problems, lines offset to the file's. */
function problemsOf(file: VFile, source: MarkdownSource) {
  return file.messages.map((message) => {
    // A link or image in an included partial: reported at the partial's line, naming the page's line that included it.
    const pageLine = fileLine(source, message.partial ? message.partial.includedAtLine : message.line ?? undefined);
    return {
      rule: `markdown/${message.ruleId ?? 'compile'}`,
      file: message.partial?.displayPath ?? source.displayPath,
      line: message.partial ? message.line ?? undefined : pageLine,
      column: pageLine === undefined ? undefined : message.column ?? undefined,
      message: message.partial ? `${message.reason} (${includedBy(source.displayPath, pageLine)})` : message.reason,
      fix: message.note ?? undefined,
      fatal: message.fatal === true,
      pageLine,
    };
  });
}

/** Every error of the compile so far, in page order. */
function fatalProblems(file: VFile, source: MarkdownSource): ContentError[] {
  return problemsOf(file, source).filter((problem) => problem.fatal).sort((a, b) => (a.pageLine ?? 0) - (b.pageLine ?? 0)).map(({ pageLine: _, fatal: __, ...problem }) => new ContentError(problem));
}

/** Left for rehype as they are: jsx-elements.ts and render.ts handle them. */
/** MDX syntax errors (an unclosed tag, a stray `{`) are the author's: one error with the line. */
function parse(processor: { parse(file: VFile): unknown }, file: VFile, mdx: boolean, source: MarkdownSource): MdastRoot {
  try {
    return processor.parse(file) as MdastRoot;
  } catch (error) {
    if (!mdx || !(error instanceof VFileMessage)) throw error;
    throw new ContentError({
      rule: 'mdx/syntax', message: `MDX syntax error: ${error.reason}`, file: source.displayPath,
      line: offsetLine(error.line ?? undefined, source.lineOffset), column: error.column ?? undefined,
      fix: 'Write < and { in text as \\< and \\{ (MDX reads them as JSX and expressions), or set markdown.format to "detect" to read .md files as plain Markdown.',
    });
  }
}

const MDX_NODE_TYPES: MdastNodes['type'][] = ['mdxJsxFlowElement', 'mdxJsxTextElement'];

function isMdx(sourcePath: string, format: MarkdownOptions['format']): boolean {
  return format === 'mdx' || (format === 'detect' && sourcePath.endsWith('.mdx'));
}

function offsetLine(line: number | undefined, offset: number): number | undefined {
  return line === undefined ? undefined : line + offset;
}

/** A line of the body as a line of the page's file; none for a React page, whose body the build wrote. */
function fileLine(source: MarkdownSource, line: number | undefined): number | undefined {
  return source.reactPage ? undefined : offsetLine(line, source.lineOffset);
}

/**
 * rehype-raw re-parses the whole tree with parse5; most pages have no raw HTML and skip it. The
 * one repair parse5 would make on them, a link inside a link, is made directly.
 */
function rehypeRawWhenNeeded() {
  const parseRaw = rehypeRaw({ passThrough: MDX_NODE_TYPES });
  return (tree: HastRoot, file: VFile) => (hasRawHtml(tree) ? parseRaw(tree, file) : unwrapNestedLinks(tree, false));
}

function unwrapNestedLinks<T extends HastRoot | HastElement>(node: T, insideLink: boolean): T {
  const children: RootContent[] = node.children;
  node.children = children.flatMap((child): RootContent[] => {
    if (child.type !== 'element') return [child];
    const isLink = child.tagName === 'a';
    unwrapNestedLinks(child, insideLink || isLink);
    return isLink && insideLink ? child.children : [child];
  }) as T['children'];
  return node;
}

function hasRawHtml(node: HastRoot | HastRoot['children'][number]): boolean {
  if (node.type === 'raw') return true;
  return 'children' in node && node.children.some((child) => hasRawHtml(child as HastRoot['children'][number]));
}

function firstParagraphText(tree: MdastRoot): string {
  const paragraph = tree.children.find((node) => node.type === 'paragraph');
  return paragraph ? toString(paragraph).replace(/\s+/g, ' ').trim() : '';
}
