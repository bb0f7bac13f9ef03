import * as pagefind from 'pagefind';
import type { PagefindIndex } from 'pagefind';

/**
 * Pagefind settings. Only the element marked `data-pagefind-body` (the doc body) is indexed, so
 * navbar, sidebar, TOC and footer never match; headings give results their section and anchor.
 */
export const SEARCH_INDEX_OPTIONS = { forceLanguage: 'en', keepIndexUrl: false, verbose: false } as const;

const KEYWORDS_META = /<meta name="keywords" content="([^"]*)">/;
const INDEXED_BODY = 'data-pagefind-body="">';

/**
 * What Pagefind is given of a page, which its client sends as JSON, then as base64, each a copy. Left
 * out is what it would parse only to skip (the index is the same: test/build/site.test.ts):
 * - what stands between `<body>` and the indexed body (navbar, sidebar, breadcrumbs): a quarter to a
 *   third of a doc page;
 * - the code blocks, `data-pagefind-ignore` (markdown/code-block-html.ts): their highlighting spans make
 *   them most of a doc's body, two thirds on this site, where checked examples have a JavaScript twin.
 * Added are the front-matter `keywords`, which name the APIs a page documents, at the top weight right
 * under the title (in the index only, not the page), so searching an API name ranks the page that
 * documents it first and links to the page rather than to one of its sections. Made of slices of the
 * page joined once: a string built in steps would be flattened, a fresh copy of the page, at each step.
 */
export function searchInput(html: string): string {
  const indexed = html.indexOf(INDEXED_BODY);
  const bodyStart = html.indexOf('>', html.indexOf('<body')) + 1;
  if (indexed === -1 || bodyStart === 0) return html;
  const keywords = KEYWORDS_META.exec(html.slice(0, bodyStart))?.[1];
  const titleEnd = html.indexOf('</h1>', indexed);
  const at = titleEnd === -1 ? indexed + INDEXED_BODY.length : titleEnd + '</h1>'.length;
  const weighted = keywords ? `<p data-pagefind-weight="10">${keywords}</p>` : '';
  return [html.slice(0, bodyStart), html.slice(html.lastIndexOf('<', indexed), at), weighted, ...slicesOutsideCodeBlocks(html, at)].join('');
}

/** Our code blocks' opening tag; the code inside is escaped, so no `<div` or `</div>` in it is markup. */
const CODE_BLOCK = /<div class="code-block[ "][^>]*data-pagefind-ignore=""/g;
const DIV_TAG = /<(\/?)div[\s>]/g;

/** `html` from `from` on, as slices around its code blocks. */
function slicesOutsideCodeBlocks(html: string, from: number): string[] {
  const slices: string[] = [];
  CODE_BLOCK.lastIndex = from;
  for (let block = CODE_BLOCK.exec(html); block; block = CODE_BLOCK.exec(html)) {
    slices.push(html.slice(from, block.index));
    from = endOfDiv(html, block.index);
    CODE_BLOCK.lastIndex = from;
  }
  slices.push(html.slice(from));
  return slices;
}

/** Where the `<div>` opening at `start` ends, after its matching `</div>`. */
function endOfDiv(html: string, start: number): number {
  let depth = 0;
  DIV_TAG.lastIndex = start;
  for (let tag = DIV_TAG.exec(html); tag; tag = DIV_TAG.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.indexOf('>', tag.index) + 1;
  }
  return html.length;
}

/** Half of a UTF-16 surrogate pair, without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text with each lone surrogate as U+FFFD, as the page's file has it (UTF-8 cannot hold one). A page
 * can make one (`title: "\uD800"` in front matter, `{'\uD800'}` in MDX); Pagefind's JSON reader refuses
 * the message that carries it, and its client threw out of a socket handler: a stack, no page named.
 */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** One Pagefind index, fed pages as they are rendered under their canonical URL; its files come back in memory. */
export class PagefindBundle {
  private constructor(private readonly index: PagefindIndex) {}

  static async create(): Promise<PagefindBundle> {
    const { index, errors } = await pagefind.createIndex(SEARCH_INDEX_OPTIONS);
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    return new PagefindBundle(index);
  }

  async addPage(permalink: string, html: string): Promise<void> {
    const added = await this.index.addHTMLFile({ url: permalink, content: wellFormed(searchInput(html)) });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index ${permalink}: ${added.errors.join('; ')}`);
  }

  /** The bundle's files, paths relative to its folder. */
  async files(): Promise<[string, Uint8Array][]> {
    const { files, errors } = await this.index.getFiles();
    if (errors.length > 0) throw new Error(`Pagefind could not write its index: ${errors.join('; ')}`);
    return files.map(({ path: file, content }) => [file, content]);
  }
}

/** Ends the Pagefind process every bundle shares. */
export function stopPagefind(): Promise<unknown> {
  return pagefind.close();
}
