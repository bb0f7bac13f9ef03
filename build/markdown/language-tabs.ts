/**
 * rehype plugin: a type-checked TypeScript example (```ts check, ```ts run) is shown as TypeScript and
 * JavaScript tabs, one site-wide choice (groupId `language`). The JavaScript is made from the
 * TypeScript, and both are highlighted (build/examples/javascript-twin.ts), so the two never drift.
 * The tabs are the MDX `<Tabs>` component's markup, rendered once by React and stamped for every
 * example, which keeps these pages off the slower path of pages with components (mdx/render.ts).
 * The stamped HTML stands in the tree as a raw node: rehype-raw has parsed every other one by then,
 * so the page's serializers let raw HTML through (compile.ts, mdx/render.ts).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { javascriptTwin } from './javascript-twin.ts';
import { typeScriptOnlyMessage } from './to-javascript.ts';
import { isTypeChecked, parseCodeMeta } from './code-meta.ts';
import { codeLanguage, codeOf } from './highlight.ts';
import { TabItem, Tabs } from '../../src/theme/docusaurus/Tabs.tsx';
import { SKIP, walkElements } from './walk.ts';

export const LANGUAGE_GROUP = 'language';

/**
 * After rehype-raw (which would parse the tabs' HTML again) and before the highlighter: each checked
 * example is highlighted and converted here, and its tabs' HTML takes its place.
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
    for (const [number, { pre, code, language, parent, index }] of examples.entries()) {
      const twin = await javascriptTwin(pre, code, language, file);
      if (twin.constructs) {
        file.message(`the example has no JavaScript tab: ${typeScriptOnlyMessage(twin.constructs)}`, { place: pre.position, ruleId: 'language-tabs' });
      } else if (twin.syntaxError) {
        const fence = pre.position?.start;
        const place = fence && { line: fence.line + twin.syntaxError.line, column: fence.column - 1 + twin.syntaxError.column };
        file.message(`the example has no JavaScript tab: it does not parse as TypeScript: ${twin.syntaxError.reason}`, { place, ruleId: 'language-tabs' }).note = 'Fix the code so that it parses, or drop `check` from the fence to show it as TypeScript alone.';
      } else if (!file.data.islands?.includes('tabs')) file.data.islands = [...(file.data.islands ?? []), 'tabs'];
      parent.children[index] = { type: 'raw', value: twin.javascriptHtml === undefined ? twin.typescriptHtml : tabsHtml(number, twin.typescriptHtml, twin.javascriptHtml) };
    }
  };
}

/**
 * The page's `number`th example as TypeScript and JavaScript tabs. Both slots are filled in one pass
 * over the template, so a slot character in the example's own code (U+E005 in the TypeScript) is
 * code, not a place for the JavaScript tab.
 */
function tabsHtml(number: number, typescriptHtml: string, javascriptHtml: string): string {
  const { markup, idPrefix } = tabsTemplate();
  return markup.replaceAll(idPrefix, `language-tabs-${number}`).replace(SLOTS, (slot) => (slot === TYPESCRIPT_SLOT ? typescriptHtml : javascriptHtml));
}

const TYPESCRIPT_SLOT = '\uE004';
const JAVASCRIPT_SLOT = '\uE005';
const SLOTS = /\uE004|\uE005/g;
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
  return isTypeChecked(parseCodeMeta(code.properties.dataMeta as string | undefined)) ? language : undefined;
}
