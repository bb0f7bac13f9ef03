/**
 * rehype plugin: a type-checked TypeScript example (```ts check) is shown as TypeScript and
 * JavaScript tabs, one site-wide choice (groupId `language`). The JavaScript is made from the
 * TypeScript, and both are highlighted (build/examples/javascript-twin.ts), so the two never drift.
 * The tabs are the MDX `<Tabs>` component's markup, rendered once by React and stamped for every
 * example, which keeps these pages off the slower path of pages with components (mdx/render.ts).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { javascriptTwin } from '../examples/javascript-twin.ts';
import { typeScriptOnlyMessage } from '../examples/to-javascript.ts';
import { parseCodeMeta } from './code-meta.ts';
import { codeLanguage, codeOf } from './highlight.ts';
import { TabItem, Tabs } from './mdx/theme/Tabs.tsx';
import { SKIP, walkElements } from './walk.ts';

export const LANGUAGE_GROUP = 'language';

/** A checked example's blocks as HTML; no JavaScript for TypeScript-only syntax or code that does not parse. */
export interface LanguageTabs { typescriptHtml: string; javascriptHtml?: string }

declare module 'vfile' {
  interface DataMap {
    languageTabs: LanguageTabs[];
  }
}

/**
 * After rehype-raw (which would make new nodes of the placeholders) and before the highlighter: each
 * checked example is highlighted and converted here, and a placeholder that `withLanguageTabs`
 * replaces with its tabs takes its place.
 */
export function rehypeLanguageTabs() {
  return async (tree: Root, file: VFile) => {
    const examples: { pre: Element; code: Element; language: 'ts' | 'tsx'; parent: Element | Root; index: number }[] = [];
    walkElements(tree, (pre, index, parent) => {
      const code = codeOf(pre);
      const language = code && checkedTypeScript(code);
      if (code && language) examples.push({ pre, code, language, parent, index });
      return code && language ? SKIP : undefined;
    });
    const tabs: LanguageTabs[] = [];
    for (const { pre, code, language, parent, index } of examples) {
      const twin = await javascriptTwin(pre, code, language, file);
      if (twin.constructs) {
        file.message(`the example has no JavaScript tab: ${typeScriptOnlyMessage(twin.constructs)}`, { place: pre.position, ruleId: 'language-tabs' });
      } else if (twin.syntaxError) {
        const fence = pre.position?.start;
        const place = fence && { line: fence.line + twin.syntaxError.line, column: fence.column - 1 + twin.syntaxError.column };
        file.message(`the example has no JavaScript tab: it does not parse as TypeScript: ${twin.syntaxError.reason}`, { place, ruleId: 'language-tabs' }).note = 'Fix the code so that it parses, or drop `check` from the fence to show it as TypeScript alone.';
      } else if (!file.data.islands?.includes('tabs')) file.data.islands = [...(file.data.islands ?? []), 'tabs'];
      parent.children[index] = { type: 'text', value: placeholder(tabs.length) };
      tabs.push({ typescriptHtml: twin.typescriptHtml, javascriptHtml: twin.javascriptHtml });
    }
    if (tabs.length > 0) file.data.languageTabs = tabs;
  };
}

/** Private-use characters around a number: no page writes them, and no serializer escapes them. */
const placeholder = (number: number) => `\uE002${number}\uE003`;
const PLACEHOLDER = /\uE002(\d+)\uE003/g;

/** The page's HTML with each example's tabs in its placeholder. */
export function withLanguageTabs(html: string, examples: LanguageTabs[] | undefined): string {
  if (!examples?.length) return html;
  return html.replace(PLACEHOLDER, (_, number: string) => {
    const { typescriptHtml, javascriptHtml } = examples[Number(number)];
    if (javascriptHtml === undefined) return typescriptHtml;
    const { markup, idPrefix } = tabsTemplate();
    return markup.replaceAll(idPrefix, `language-tabs-${number}`).replace(TYPESCRIPT_SLOT, () => typescriptHtml).replace(JAVASCRIPT_SLOT, () => javascriptHtml);
  });
}

const TYPESCRIPT_SLOT = '\uE004';
const JAVASCRIPT_SLOT = '\uE005';
let template: { markup: string; idPrefix: string } | undefined;

/** `<Tabs groupId="language">` with TypeScript and JavaScript items, rendered once, slots for the code. */
function tabsTemplate(): { markup: string; idPrefix: string } {
  if (!template) {
    const items = [createElement(TabItem, { key: 'ts', value: 'ts', label: 'TypeScript' }, TYPESCRIPT_SLOT), createElement(TabItem, { key: 'js', value: 'js', label: 'JavaScript' }, JAVASCRIPT_SLOT)];
    const markup = renderToString(createElement(Tabs, { groupId: LANGUAGE_GROUP }, items));
    template = { markup, idPrefix: /id="([^"]+)-tab-0"/.exec(markup)![1] };
  }
  return template;
}

function checkedTypeScript(code: Element): 'ts' | 'tsx' | undefined {
  const language = codeLanguage(code);
  if (language !== 'ts' && language !== 'tsx') return undefined;
  return parseCodeMeta(code.properties.dataMeta as string | undefined).flags.has('check') ? language : undefined;
}
