import { createCssVariablesTheme, createHighlighter, type Highlighter } from 'shiki';
import { transformerStyleToClass } from '@shikijs/transformers';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { parseCodeMeta } from './code-meta.ts';

const LANGUAGES = ['ts', 'tsx', 'js', 'jsx', 'json', 'bash', 'shell', 'diff', 'html', 'css', 'yaml', 'md'];
const LANGUAGE_ALIASES: Record<string, string> = {
  typescript: 'ts', javascript: 'js', sh: 'bash', zsh: 'bash', console: 'bash', jsonc: 'json', yml: 'yaml', markdown: 'md',
};
const PLAIN_LANGUAGES = new Set(['', 'text', 'txt', 'plain', 'plaintext']);

/**
 * Token colours are CSS variables (set for light and dark in site.css), so each block is tokenized
 * once instead of once per colour mode: highlighting takes a third of the time of two themes.
 */
const CODE_THEME = createCssVariablesTheme({ name: 'css-variables', variablePrefix: '--shiki-', fontStyle: true });

/** One highlighter for the whole build (loading grammars is the slow part), with a class-based theme. */
export interface CodeHighlighter { highlighter: Highlighter; styleToClass: ReturnType<typeof transformerStyleToClass> }

let shared: Promise<CodeHighlighter> | undefined;

export function getCodeHighlighter(): Promise<CodeHighlighter> {
  shared ??= createHighlighter({ themes: [CODE_THEME], langs: LANGUAGES }).then((highlighter) => ({
    highlighter,
    // Classes instead of inline styles keep pages small and allow a strict Content-Security-Policy.
    styleToClass: transformerStyleToClass({ classPrefix: 'hl-' }),
  }));
  return shared;
}

/** The CSS for the classes the highlighter has emitted so far. */
export async function highlightCss(): Promise<string> {
  return (await getCodeHighlighter()).styleToClass.getCSS();
}

/** rehype plugin, before rehype-raw (which drops `data`): keeps a fence's meta string as a property. */
export function rehypeKeepCodeMeta() {
  return (tree: Root) => {
    visit(tree, 'element', (element: Element) => {
      if (element.tagName === 'code' && element.data?.meta) element.properties.dataMeta = element.data.meta;
    });
  };
}

/**
 * rehype plugin: every `pre > code` becomes a highlighted code block with its optional title and a
 * copy button (the browser runtime handles its clicks).
 */
export function rehypeHighlight(code: CodeHighlighter) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (pre: Element, index, parent) => {
      const codeElement = pre.tagName === 'pre' ? pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code') : undefined;
      if (!codeElement || !parent || index === undefined) return;
      const classes = (codeElement.properties.className as string[] | undefined) ?? [];
      const requested = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
      const meta = parseCodeMeta(codeElement.properties.dataMeta as string | undefined);
      const source = toString(codeElement).replace(/\n$/, '');
      const language = resolveLanguage(requested, file, pre);
      parent.children[index] = codeBlock(requested || 'text', meta.title, highlight(code, source, language, meta.highlightLines));
    });
  };
}

function resolveLanguage(requested: string, file: VFile, node: Element): string {
  const normalized = requested.toLowerCase();
  if (PLAIN_LANGUAGES.has(normalized)) return 'text';
  const language = LANGUAGE_ALIASES[normalized] ?? normalized;
  if (LANGUAGES.includes(language)) return language;
  file.message(`code block language "${requested}" is not highlighted; shown as plain text (known: ${LANGUAGES.join(', ')}, text)`, node.position);
  return 'text';
}

function codeBlock(language: string, title: string | undefined, highlighted: ElementContent[]): Element {
  const titleBar: Element[] = title ? [h('div', { className: ['code-block-title'] }, [{ type: 'text', value: title }])] : [];
  const copyButton = h('button', { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy', dataPagefindIgnore: '' }, [{ type: 'text', value: 'Copy' }]);
  return h('div', { className: ['code-block', `language-${language}`] }, [...titleBar, h('div', { className: ['code-block-body'] }, [...highlighted, copyButton])]);
}

function h(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

function highlight({ highlighter, styleToClass }: CodeHighlighter, source: string, language: string, highlightLines: Set<number>): ElementContent[] {
  const hast = highlighter.codeToHast(source, {
    lang: language,
    theme: CODE_THEME.name!,
    transformers: [
      {
        line(node, line) {
          if (highlightLines.has(line)) this.addClassToHast(node, 'highlighted-line');
        },
      },
      styleToClass,
    ],
  });
  return hast.children as ElementContent[];
}
