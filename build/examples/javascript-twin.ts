/**
 * The JavaScript tab of a checked example, finished where it is converted (javascript-converter.ts):
 * the TypeScript turned into JavaScript, highlighted and serialized to HTML, so the thread compiling
 * the page only puts the string in place.
 */
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import type { Element } from 'hast';
import { toJavaScript, TypeScriptOnlySyntaxError, type TypeScriptOnlyConstruct } from './to-javascript.ts';
import { highlightedCodeBlock } from '../markdown/highlight.ts';

export interface TwinRequest {
  code: string;
  language: 'ts' | 'tsx';
  /** The TypeScript fence's meta string (title, flags, line ranges). */
  meta: string;
}

/** A twin, or what in the TypeScript has none. */
export type TwinResult = { html: string } | { constructs: TypeScriptOnlyConstruct[] };

export function twinResult(request: TwinRequest): TwinResult {
  try {
    return { html: javascriptTwinHtml(request) };
  } catch (error) {
    if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
    return { constructs: error.constructs };
  }
}

/** The JavaScript code block's HTML; throws TypeScriptOnlySyntaxError for syntax with no JavaScript twin. */
export function javascriptTwinHtml({ code, language, meta }: TwinRequest): string {
  const javascript = toJavaScript(code, language);
  const jsLanguage = language === 'tsx' ? 'jsx' : 'js';
  const codeElement: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${jsLanguage}`], dataMeta: javascriptMeta(meta, jsLanguage) }, children: [{ type: 'text', value: javascript }] };
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [codeElement] };
  // Its magic comments and language are the TypeScript block's, whose problems the page reports.
  return toHtml(highlightedCodeBlock(pre, codeElement, new VFile()));
}

/** `.js`/`.jsx` in its title, the same flags; line ranges name TypeScript lines, so they go. */
function javascriptMeta(meta: string, jsLanguage: 'js' | 'jsx'): string {
  return meta.replace(/\{[\d,\s-]+\}/g, '').replace(/(title=(["'])[^"']*?\.)tsx?(\2)/, (_, start: string, quote: string) => `${start}${jsLanguage}${quote}`);
}
