/**
 * Both tabs of a checked example, on the thread compiling its page: the TypeScript highlighted, and
 * the JavaScript made from it, highlighted; each serialized to HTML, which the page's HTML takes in
 * place of the example (markdown/language-tabs.ts).
 */
import { VFile } from 'vfile';
import type { Element } from 'hast';
import { toString } from 'hast-util-to-string';
import { ExampleSyntaxError, toJavaScript, typeScriptOnlyConstructs, TypeScriptOnlySyntaxError, type TypeScriptOnlyConstruct } from './to-javascript.ts';
import { withoutTypeQueries } from './type-queries.ts';
import { codeBlockToHtml } from './code-block-html.ts';
import { highlightedCodeBlock } from './highlight.ts';

export interface TwinResult {
  typescriptHtml: string;
  /** Absent when the TypeScript has syntax with no JavaScript twin, named in `constructs`, or does not parse (`syntaxError`). */
  javascriptHtml?: string;
  constructs?: TypeScriptOnlyConstruct[];
  syntaxError?: ExampleSyntaxError;
}

/** `pre` is the example's fence, `code` its code element; the TypeScript block's problems go to the page's `file`. */
export async function javascriptTwin(pre: Element, code: Element, language: 'ts' | 'tsx', file: VFile): Promise<TwinResult> {
  const typescriptHtml = codeBlockToHtml(highlightedCodeBlock(pre, code, file));
  const typescript = toString(code).replace(/\n$/, '');
  try {
    return { typescriptHtml, javascriptHtml: javascriptTwinHtml(typescript, language, String(code.properties.dataMeta ?? '')) };
  } catch (error) {
    if (error instanceof ExampleSyntaxError) return { typescriptHtml, syntaxError: error };
    if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
    const named = await typeScriptOnlyConstructs(typescript, language);
    // Where TypeScript sees nothing to name, amaro's own words say what it refused.
    return { typescriptHtml, constructs: named.length > 0 ? named : [{ name: error.message, line: error.line }] };
  }
}

/** The JavaScript code block's HTML, without the `^?` type queries; throws where toJavaScript does. */
function javascriptTwinHtml(typescript: string, language: 'ts' | 'tsx', meta: string): string {
  const jsLanguage = language === 'tsx' ? 'jsx' : 'js';
  const javascript = withoutTypeQueries(toJavaScript(typescript, language));
  const code: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${jsLanguage}`], dataMeta: javascriptMeta(meta, jsLanguage) }, children: [{ type: 'text', value: javascript }] };
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [code] };
  // Its magic comments are the TypeScript block's, whose problems the page reports.
  return codeBlockToHtml(highlightedCodeBlock(pre, code, new VFile()));
}

/** `.js`/`.jsx` in its title, the same flags; line ranges name TypeScript lines, so they go. */
function javascriptMeta(meta: string, jsLanguage: 'js' | 'jsx'): string {
  return meta.replace(/\{[\d,\s-]+\}/g, '').replace(/(title=(["'])[^"']*?\.)tsx?(\2)/, (_, start: string, quote: string) => `${start}${jsLanguage}${quote}`);
}
