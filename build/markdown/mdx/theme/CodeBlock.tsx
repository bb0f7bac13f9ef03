/**
 * `@theme/CodeBlock` as a site's components render it: the same highlighted block, title bar and copy
 * button as a fenced code block (markdown/highlight.ts). On an MDX page itself, `<CodeBlock>` becomes
 * a fence before rendering (mdx/scope.ts), so it also gets the language tabs.
 */
import { Children, isValidElement, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Element } from 'hast';
import { VFile } from 'vfile';
import { highlightedCodeBlock } from '../../highlight.ts';

interface CodeBlockProps {
  children?: ReactNode;
  language?: string;
  /** `language-js`, as MDX passes a fence's language to a `pre > code` override. */
  className?: string;
  title?: string;
  showLineNumbers?: boolean;
  /** The fence's meta (`{1,3} title="a.js"`). */
  metastring?: string;
}

export function CodeBlock({ children, language, className, title, showLineNumbers, metastring }: CodeBlockProps) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  const meta = [metastring, title ? `title="${title.replace(/"/g, "'")}"` : '', showLineNumbers ? 'showLineNumbers' : ''].filter(Boolean).join(' ');
  const code: Element = { type: 'element', tagName: 'code', properties: { className: lang ? [`language-${lang}`] : [], dataMeta: meta || undefined }, children: [{ type: 'text', value: textOf(children).replace(/\n$/, '') }] };
  const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [code] };
  // Its warnings (an unknown language) have no page line to point at: the block shows as plain text.
  return toJsxRuntime(highlightedCodeBlock(pre, code, new VFile()), { Fragment, jsx, jsxs, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom' });
}

function textOf(children: ReactNode): string {
  return Children.toArray(children).map((child) => {
    if (typeof child === 'string' || typeof child === 'number') return String(child);
    return isValidElement(child) ? textOf((child.props as { children?: ReactNode }).children) : '';
  }).join('');
}
