/**
 * rehype plugins: a type-checked TypeScript example (```ts check) is shown as TypeScript and
 * JavaScript tabs, one site-wide choice (groupId `language`). The JavaScript is made from the
 * TypeScript, and both are highlighted, on the converter thread (build/examples/javascript-twin.ts)
 * while this one goes on with the page, so the two never drift. The tabs are the MDX `<Tabs>` component's markup, rendered
 * once by React and stamped for every example, which keeps these pages off the slower path of pages
 * with components (mdx/render.ts).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { javascriptTwins } from '../examples/javascript-converter.ts';
import type { TwinRequest, TwinResult } from '../examples/javascript-twin.ts';
import { typeScriptOnlyMessage } from '../examples/to-javascript.ts';
import { parseCodeMeta } from './code-meta.ts';
import { codeLanguage, codeOf } from './highlight.ts';
import { TabItem, Tabs } from './mdx/theme/Tabs.tsx';
import { SKIP, walkElements } from './walk.ts';

export const LANGUAGE_GROUP = 'language';

/** A checked example, from the first plugin to the page's HTML. */
export interface LanguageTabs {
  /** The empty element standing where the example's tabs go. */
  marker: Element;
  /** Its blocks, once rehypeFinishLanguageTabs has them; no JavaScript for TypeScript-only syntax. */
  typescriptHtml?: string;
  javascriptHtml?: string;
}

declare module 'vfile' {
  interface DataMap {
    languageTabs: LanguageTabs[];
    /** The converter's answer for the page's examples, in their order. */
    javascriptTwins: Promise<TwinResult[]>;
  }
}

/**
 * After rehype-raw (which would make new nodes of the markers): each checked example is sent to be
 * highlighted and converted, and an empty marker takes its place, so this thread does not highlight it.
 */
export function rehypeLanguageTabs() {
  return (tree: Root, file: VFile) => {
    const examples: LanguageTabs[] = [];
    const requests: TwinRequest[] = [];
    walkElements(tree, (pre, index, parent) => {
      const code = codeOf(pre);
      const language = code && checkedTypeScript(code);
      if (!code || !language) return;
      requests.push({ code: toString(code).replace(/\n$/, ''), language, meta: String(code.properties.dataMeta ?? '') });
      const marker: Element = { type: 'element', tagName: 'div', properties: {}, children: [], position: pre.position };
      parent.children[index] = marker;
      examples.push({ marker });
      return SKIP;
    });
    if (examples.length === 0) return;
    file.data.languageTabs = examples;
    file.data.javascriptTwins = javascriptTwins(requests);
    file.data.javascriptTwins.catch(() => {}); // awaited in rehypeFinishLanguageTabs
  };
}

/** Last: each marker becomes a placeholder that `withLanguageTabs` replaces with the example's tabs. */
export function rehypeFinishLanguageTabs() {
  return async (tree: Root, file: VFile) => {
    const examples = file.data.languageTabs ?? [];
    if (examples.length === 0) return;
    const twins = await file.data.javascriptTwins!;
    const numbers = new Map(examples.map((example, number) => [example.marker, number]));
    walkElements(tree, (marker, index, parent) => {
      const number = numbers.get(marker);
      if (number === undefined) return;
      const twin = twins[number];
      const fence = marker.position?.start;
      for (const { reason, line, column, ruleId, note } of twin.problems) {
        const place = fence && line !== undefined ? { line: fence.line - 1 + line, column: fence.column - 1 + (column ?? 1) } : marker.position;
        file.message(reason, { place, ruleId }).note = note;
      }
      if (twin.constructs) {
        file.message(`the example has no JavaScript tab: ${typeScriptOnlyMessage(twin.constructs)}`, { place: marker.position, ruleId: 'language-tabs' });
      } else if (!file.data.islands?.includes('tabs')) file.data.islands = [...(file.data.islands ?? []), 'tabs'];
      Object.assign(examples[number], { typescriptHtml: twin.typescriptHtml, javascriptHtml: twin.javascriptHtml });
      parent.children[index] = { type: 'text', value: placeholder(number) };
      return SKIP;
    });
  };
}

/** Private-use characters around a number: no page writes them, and no serializer escapes them. */
const placeholder = (number: number) => `\uE002${number}\uE003`;
const PLACEHOLDER = /\uE002(\d+)\uE003/g;

/** The page's HTML with each example's tabs in its placeholder. */
export function withLanguageTabs(html: string, examples: LanguageTabs[] | undefined): string {
  if (!examples?.length) return html;
  return html.replace(PLACEHOLDER, (_, number: string) => {
    const { typescriptHtml = '', javascriptHtml } = examples[Number(number)];
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

/** Whether a page's Markdown has a ```ts check (or tsx) fence, without parsing it. */
export function hasCheckedExample(markdown: string): boolean {
  return /^\s*(`{3,}|~{3,})tsx?\s[^\n]*\bcheck\b/m.test(markdown);
}

function checkedTypeScript(code: Element): 'ts' | 'tsx' | undefined {
  const language = codeLanguage(code);
  if (language !== 'ts' && language !== 'tsx') return undefined;
  return parseCodeMeta(code.properties.dataMeta as string | undefined).flags.has('check') ? language : undefined;
}
