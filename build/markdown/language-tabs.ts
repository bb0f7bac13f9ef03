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
import { loadJavaScriptConverter, toJavaScript, TypeScriptOnlySyntaxError } from '../examples/to-javascript.ts';
import { parseCodeMeta } from './code-meta.ts';
import { GENERATED_TABS, GENERATED_TAB_ITEM } from './mdx/theme/index.ts';
import { SKIP, walkElements } from './walk.ts';

export const LANGUAGE_GROUP = 'language';

export function rehypeLanguageTabs() {
  return async (tree: Root, file: VFile) => {
    let found = false;
    walkElements(tree, (pre) => {
      found ||= codeOf(pre) !== undefined && checkedTypeScript(codeOf(pre)!) !== undefined;
    });
    if (!found) return;
    await loadJavaScriptConverter();
    walkElements(tree, (pre, index, parent) => {
      const code = codeOf(pre);
      const language = code && checkedTypeScript(code);
      if (!code || !language) return;
      let javascript: string;
      try {
        javascript = toJavaScript(toString(code).replace(/\n$/, ''), language);
      } catch (error) {
        if (!(error instanceof TypeScriptOnlySyntaxError)) throw error;
        file.message(`the example has no JavaScript tab: ${error.message}`, { place: pre.position, ruleId: 'language-tabs' });
        return SKIP;
      }
      parent.children[index] = tabs([
        tab('ts', 'TypeScript', pre),
        tab('js', 'JavaScript', javascriptBlock(code, javascript, language)),
      ]) as never;
      if (!file.data.islands?.includes('tabs')) file.data.islands = [...(file.data.islands ?? []), 'tabs'];
      return SKIP;
    });
  };
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
