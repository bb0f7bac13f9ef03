/**
 * Both tabs of a checked example, made where it is converted (javascript-converter.ts): the
 * TypeScript highlighted, and the JavaScript made from it, highlighted; each serialized to HTML, so
 * the thread compiling the page only puts the strings in place.
 */
import { VFile } from 'vfile';
import type { Element } from 'hast';
import type { Position } from 'unist';
import { toJavaScript, TypeScriptOnlySyntaxError, type TypeScriptOnlyConstruct } from './to-javascript.ts';
import { codeBlockToHtml } from '../markdown/code-block-html.ts';
import { highlightedCodeBlock } from '../markdown/highlight.ts';

export interface TwinRequest {
  code: string;
  language: 'ts' | 'tsx';
  /** The TypeScript fence's meta string (title, flags, line ranges). */
  meta: string;
}

/** A problem of the TypeScript block (an unmatched magic comment), for the page to report; lines and columns count from the fence at 1:1. */
export interface CodeBlockProblem { reason: string; line?: number; column?: number; ruleId?: string; note?: string }

export interface TwinResult {
  typescriptHtml: string;
  problems: CodeBlockProblem[];
  /** Absent when the TypeScript has syntax with no JavaScript twin, named in `constructs`. */
  javascriptHtml?: string;
  constructs?: TypeScriptOnlyConstruct[];
}

/** Where the fence is taken to be: its problems are moved to the page's lines there (language-tabs.ts). */
const FENCE_AT_START: Position = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

export function twinResult(request: TwinRequest): TwinResult {
  const file = new VFile();
  const typescriptHtml = codeBlockHtml(request.code, request.language, request.meta, file, FENCE_AT_START);
  const problems = file.messages.map(({ reason, line, column, ruleId, note }) => ({ reason, line: line ?? undefined, column: column ?? undefined, ruleId: ruleId ?? undefined, note: note ?? undefined }));
  try {
    return { typescriptHtml, problems, javascriptHtml: javascriptTwinHtml(request) };
  } catch (error) {
    if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
    return { typescriptHtml, problems, constructs: error.constructs };
  }
}

/** The JavaScript code block's HTML; throws TypeScriptOnlySyntaxError for syntax with no JavaScript twin. */
function javascriptTwinHtml({ code, language, meta }: TwinRequest): string {
  const jsLanguage = language === 'tsx' ? 'jsx' : 'js';
  // Its magic comments are the TypeScript block's, whose problems the page reports.
  return codeBlockHtml(toJavaScript(code, language), jsLanguage, javascriptMeta(meta, jsLanguage), new VFile());
}

function codeBlockHtml(code: string, language: string, meta: string, file: VFile, position?: Position): string {
  const codeElement: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${language}`], dataMeta: meta }, children: [{ type: 'text', value: code }] };
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [codeElement], position };
  return codeBlockToHtml(highlightedCodeBlock(pre, codeElement, file));
}

/** `.js`/`.jsx` in its title, the same flags; line ranges name TypeScript lines, so they go. */
function javascriptMeta(meta: string, jsLanguage: 'js' | 'jsx'): string {
  return meta.replace(/\{[\d,\s-]+\}/g, '').replace(/(title=(["'])[^"']*?\.)tsx?(\2)/, (_, start: string, quote: string) => `${start}${jsLanguage}${quote}`);
}
