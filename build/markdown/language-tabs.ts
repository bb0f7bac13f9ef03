/**
 * rehype plugin, before highlighting: a type-checked TypeScript example (```ts check) is shown as
 * TypeScript and JavaScript tabs, one site-wide choice (groupId `language`). The JavaScript is made
 * here from the TypeScript (build/examples/to-javascript.ts), so the two never drift. The tabs are
 * the MDX `<Tabs>` component, rendered by React like an MDX page's (mdx/render.ts).
 */
import { toString } from 'hast-util-to-string';
import type { Element, ElementContent, Root } from 'hast';
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { convertToJavaScript } from '../examples/javascript-converter.ts';
import { TypeScriptOnlySyntaxError } from '../examples/to-javascript.ts';
import { parseCodeMeta } from './code-meta.ts';
import { GENERATED_TABS, GENERATED_TAB_ITEM } from './mdx/theme/index.ts';
import { walkElements } from './walk.ts';

export const LANGUAGE_GROUP = 'language';

export function rehypeLanguageTabs() {
  return async (tree: Root, file: VFile) => {
    const examples: { pre: Element; code: Element; language: 'ts' | 'tsx'; index: number; parent: Root | Element }[] = [];
    walkElements(tree, (pre, index, parent) => {
      const code = codeOf(pre);
      const language = code && checkedTypeScript(code);
      if (code && language) examples.push({ pre, code, language, index, parent });
    });
    const conversions = await Promise.allSettled(examples.map(({ code, language }) => convertToJavaScript(toString(code).replace(/\n$/, ''), language)));
    examples.forEach(({ pre, code, language, index, parent }, position) => {
      const conversion = conversions[position];
      if (conversion.status === 'rejected') {
        if (!(conversion.reason instanceof TypeScriptOnlySyntaxError)) throw conversion.reason;
        file.message(`the example has no JavaScript tab: ${conversion.reason.message}`, { place: pre.position, ruleId: 'language-tabs' });
        return;
      }
      parent.children[index] = tabs([tab('ts', 'TypeScript', pre), tab('js', 'JavaScript', javascriptBlock(code, conversion.value, language))]) as never;
      if (!file.data.islands?.includes('tabs')) file.data.islands = [...(file.data.islands ?? []), 'tabs'];
    });
  };
}

/** Whether a page's Markdown has a ```ts check (or tsx) fence, without parsing it. */
export function hasCheckedExample(markdown: string): boolean {
  return /^\s*(`{3,}|~{3,})tsx?\s[^\n]*\bcheck\b/m.test(markdown);
}

function codeOf(pre: Element): Element | undefined {
  return pre.tagName === 'pre' ? pre.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code') : undefined;
}

function checkedTypeScript(code: Element): 'ts' | 'tsx' | undefined {
  const language = ((code.properties.className as string[] | undefined) ?? []).find((name) => name.startsWith('language-'))?.slice('language-'.length);
  if (language !== 'ts' && language !== 'tsx') return undefined;
  return parseCodeMeta(code.properties.dataMeta as string | undefined).flags.has('check') ? language : undefined;
}

/** The JavaScript twin: `.js`/`.jsx` in its title, the same flags; line ranges name TypeScript lines, so they go. */
function javascriptBlock(code: Element, javascript: string, language: 'ts' | 'tsx'): Element {
  const meta = String(code.properties.dataMeta ?? '').replace(/\{[\d,\s-]+\}/g, '').replace(/(title=(["'])[^"']*?\.)tsx?(\2)/, (_, start: string, quote: string) => `${start}${language === 'tsx' ? 'jsx' : 'js'}${quote}`);
  const jsCode: Element = { type: 'element', tagName: 'code', properties: { className: [`language-${language === 'tsx' ? 'jsx' : 'js'}`], dataMeta: meta }, children: [{ type: 'text', value: javascript }] };
  return { type: 'element', tagName: 'pre', properties: {}, children: [jsCode] };
}

function tabs(children: MdxJsxFlowElementHast[]): MdxJsxFlowElementHast {
  return { type: 'mdxJsxFlowElement', name: GENERATED_TABS, attributes: [attribute('groupId', LANGUAGE_GROUP)], children };
}

function tab(value: string, label: string, content: ElementContent): MdxJsxFlowElementHast {
  return { type: 'mdxJsxFlowElement', name: GENERATED_TAB_ITEM, attributes: [attribute('value', value), attribute('label', label)], children: [content] };
}

function attribute(name: string, value: string): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}
