import { refractor } from 'refractor/core';
import bash from 'refractor/bash';
import css from 'refractor/css';
import diff from 'refractor/diff';
import json from 'refractor/json';
import markdown from 'refractor/markdown';
import markup from 'refractor/markup';
import tsx from 'refractor/tsx';
import yaml from 'refractor/yaml';
import { toString } from 'hast-util-to-string';
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { parseCodeMeta, type CodeMeta } from './code-meta.ts';
import { highlightTokens } from './prism-tokens.ts';
import { applyMagicComments, type UnmatchedDirective } from './magic-comments.ts';
import { SKIP, walkElements } from './walk.ts';

// tsx registers jsx, typescript and javascript, which it extends.
for (const language of [bash, css, diff, json, markdown, markup, tsx, yaml]) refractor.register(language);

/** Fence names we highlight, mapped to the Prism grammar that highlights them. */
const GRAMMAR_BY_LANGUAGE: Record<string, string> = {
  ts: 'typescript', typescript: 'typescript', tsx: 'tsx', js: 'javascript', javascript: 'javascript', jsx: 'jsx',
  json: 'json', jsonc: 'json', bash: 'bash', sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', diff: 'diff',
  html: 'markup', xml: 'markup', css: 'css', yaml: 'yaml', yml: 'yaml', md: 'markdown', markdown: 'markdown',
};
const PLAIN_LANGUAGES = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/** rehype plugin, before rehype-raw (which drops `data`): keeps a fence's meta string as a property. */
export function rehypeKeepCodeMeta() {
  return (tree: Root) => {
    walkElements(tree, (element) => {
      if (element.tagName === 'code' && element.data?.meta) element.properties.dataMeta = element.data.meta;
    });
  };
}

/**
 * rehype plugin: every `pre > code` becomes a highlighted code block with its optional title and a
 * copy button (the browser runtime handles its clicks). Tokens carry Prism's `token <type>` classes,
 * coloured for light and dark in site.css.
 */
export function rehypeHighlight() {
  return (tree: Root, file: VFile) => {
    walkElements(tree, (pre, index, parent) => {
      const codeElement = codeOf(pre);
      if (!codeElement) return;
      parent.children[index] = highlightedCodeBlock(pre, codeElement, file);
      return SKIP;
    });
  };
}

/** The `code` element of a `pre`, if it has one. */
export function codeOf(pre: Element): Element | undefined {
  return pre.tagName === 'pre' ? pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code') : undefined;
}

/** The fence's language, from the `code` element's `language-*` class. */
export function codeLanguage(codeElement: Element): string | undefined {
  const classes = (codeElement.properties.className as string[] | undefined) ?? [];
  return classes.find((name) => name.startsWith('language-'))?.slice('language-'.length);
}

/** A `pre > code` as a code block; problems (an unknown language, an unmatched magic comment) go to `file`. */
export function highlightedCodeBlock(pre: Element, codeElement: Element, file: VFile): Element {
  const requested = codeLanguage(codeElement) ?? '';
  const meta = parseCodeMeta(codeElement.properties.dataMeta as string | undefined);
  const grammar = resolveGrammar(requested, file, pre);
  const { code, highlightLines } = highlighting(toString(codeElement).replace(/\n$/, ''), meta, grammar, file, pre);
  const tokens = grammar ? highlightTokens(code, grammar) : [{ type: 'text' as const, value: code }];
  return codeBlock(requested || 'text', meta.title ?? outputTitle(meta), lines(splitLines(tokens), highlightLines, meta.lineNumbersStart));
}

/** An `output` fence (what the run block above it prints) is labelled, unless it has a title of its own. */
function outputTitle(meta: CodeMeta): string | undefined {
  return meta.flags.has('output') ? 'Output' : undefined;
}

function resolveGrammar(requested: string, file: VFile, node: Element): string | undefined {
  const normalized = requested.toLowerCase();
  if (PLAIN_LANGUAGES.has(normalized)) return undefined;
  const grammar = GRAMMAR_BY_LANGUAGE[normalized];
  if (!grammar) file.message(`code block language "${requested}" is not highlighted; shown as plain text (known: ${Object.keys(GRAMMAR_BY_LANGUAGE).join(', ')}, text)`, { place: node.position, ruleId: 'code-language' });
  return grammar;
}

/**
 * The lines named in the meta (`{1,3-5}`), or else those the magic comments name, which are then removed
 * from the code. As in Docusaurus, a block whose meta names lines shows its comments as written.
 */
function highlighting(source: string, meta: CodeMeta, grammar: string | undefined, file: VFile, pre: Element): { code: string; highlightLines: Set<number> } {
  if (meta.highlightLines.size > 0) return { code: source, highlightLines: meta.highlightLines };
  const result = applyMagicComments(source, grammar);
  for (const unmatched of result.unmatched) warnUnmatched(unmatched, file, pre);
  return result;
}

function warnUnmatched({ directive, sourceLine, column }: UnmatchedDirective, file: VFile, pre: Element): void {
  const fence = pre.position?.start;
  const place = fence && { line: fence.line + 1 + sourceLine, column: fence.column - 1 + column };
  const message = directive === 'highlight-start'
    ? file.message('"highlight-start" has no matching "highlight-end"; the lines after it are highlighted to the end of the code block', { place, ruleId: 'code-highlight' })
    : file.message('"highlight-end" has no matching "highlight-start"; it highlights nothing', { place, ruleId: 'code-highlight' });
  message.note = directive === 'highlight-start'
    ? 'Add a "highlight-end" comment after the last line to highlight.'
    : 'Add a "highlight-start" comment before the first line to highlight, or remove this one.';
}

/**
 * Prism tokens as one list per source line: a token that spans lines (a block comment, a template
 * string) is split into one copy per line, so every line can be its own element.
 */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const result: ElementContent[][] = [[]];
  for (const node of nodes) {
    if (!hasNewline(node)) {
      if (!isEmpty(node)) result[result.length - 1].push(node);
      continue;
    }
    const nodeLines = node.type === 'text'
      ? node.value.split('\n').map((value): ElementContent[] => (value ? [{ type: 'text', value }] : []))
      : splitLines((node as Element).children).map((children): ElementContent[] => (children.length > 0 ? [{ ...node as Element, children }] : []));
    result[result.length - 1].push(...nodeLines[0]);
    result.push(...nodeLines.slice(1));
  }
  return result;
}

/** Most tokens sit on one line and are kept as they are. */
function hasNewline(node: ElementContent): boolean {
  if (node.type === 'text') return node.value.includes('\n');
  return node.type === 'element' && node.children.some(hasNewline);
}

/** A token with no text at all is dropped, as the split of its children would drop it. */
function isEmpty(node: ElementContent): boolean {
  if (node.type === 'text') return !node.value;
  return node.type === 'element' && node.children.every(isEmpty);
}

/**
 * One `span.line` per line. Line numbers are CSS counters (site.css), so they are neither selected nor
 * copied; a block numbered from another line than 1 carries each number as `data-line`, since the CSP
 * allows no inline style to start the counter elsewhere.
 */
function lines(tokenLines: ElementContent[][], highlightLines: Set<number>, lineNumbersStart: number | undefined): Element {
  const children = tokenLines.flatMap((tokens, index): ElementContent[] => {
    const properties: Element['properties'] = { className: highlightLines.has(index + 1) ? ['line', 'highlighted-line'] : ['line'] };
    if (lineNumbersStart !== undefined && lineNumbersStart !== 1) properties.dataLine = lineNumbersStart + index;
    const line = h('span', properties, tokens);
    return index === 0 ? [line] : [{ type: 'text', value: '\n' }, line];
  });
  // tabindex: a scrollable block must be reachable by keyboard.
  return h('pre', { tabIndex: 0 }, [h('code', lineNumbersStart === undefined ? {} : { className: ['line-numbers'] }, children)]);
}

function codeBlock(language: string, title: string | undefined, pre: Element): Element {
  const titleBar: Element[] = title ? [h('div', { className: ['code-block-title'] }, [{ type: 'text', value: title }])] : [];
  const copyButton = h('button', { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy' }, [{ type: 'text', value: 'Copy' }]);
  // Search indexes prose, not code, as the DocSearch index of the original site does: code words
  // (`const`, `state`, `return`) would match nearly every page, and they were 37% of Pagefind's work.
  return h('div', { className: ['code-block', `language-${language}`], dataPagefindIgnore: '' }, [...titleBar, h('div', { className: ['code-block-body'] }, [pre, copyButton])]);
}

function h(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}
