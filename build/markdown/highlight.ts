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
import { parseCodeMeta } from './code-meta.ts';
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
      const codeElement = pre.tagName === 'pre' ? pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code') : undefined;
      if (!codeElement) return;
      const classes = (codeElement.properties.className as string[] | undefined) ?? [];
      const requested = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
      const meta = parseCodeMeta(codeElement.properties.dataMeta as string | undefined);
      const source = toString(codeElement).replace(/\n$/, '');
      const grammar = resolveGrammar(requested, file, pre);
      const tokens = grammar ? (refractor.highlight(source, grammar).children as ElementContent[]) : [{ type: 'text' as const, value: source }];
      parent.children[index] = codeBlock(requested || 'text', meta.title, lines(splitLines(tokens), meta.highlightLines));
      return SKIP;
    });
  };
}

function resolveGrammar(requested: string, file: VFile, node: Element): string | undefined {
  const normalized = requested.toLowerCase();
  if (PLAIN_LANGUAGES.has(normalized)) return undefined;
  const grammar = GRAMMAR_BY_LANGUAGE[normalized];
  if (!grammar) file.message(`code block language "${requested}" is not highlighted; shown as plain text (known: ${Object.keys(GRAMMAR_BY_LANGUAGE).join(', ')}, text)`, { place: node.position, ruleId: 'code-language' });
  return grammar;
}

/**
 * Prism tokens as one list per source line: a token that spans lines (a block comment, a template
 * string) is split into one copy per line, so every line can be its own element.
 */
function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const result: ElementContent[][] = [[]];
  for (const node of nodes) {
    const nodeLines = node.type === 'text'
      ? node.value.split('\n').map((value): ElementContent[] => (value ? [{ type: 'text', value }] : []))
      : node.type === 'element'
        ? splitLines(node.children).map((children): ElementContent[] => (children.length > 0 ? [{ ...node, children }] : []))
        : [[node]];
    result[result.length - 1].push(...nodeLines[0]);
    result.push(...nodeLines.slice(1));
  }
  return result;
}

function lines(tokenLines: ElementContent[][], highlightLines: Set<number>): Element {
  const children = tokenLines.flatMap((tokens, index): ElementContent[] => {
    const line = h('span', { className: highlightLines.has(index + 1) ? ['line', 'highlighted-line'] : ['line'] }, tokens);
    return index === 0 ? [line] : [{ type: 'text', value: '\n' }, line];
  });
  // tabindex: a scrollable block must be reachable by keyboard.
  return h('pre', { tabIndex: 0 }, [h('code', {}, children)]);
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
