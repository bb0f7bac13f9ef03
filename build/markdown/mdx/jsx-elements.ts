/**
 * rehype plugin for MDX pages, after attributes.ts: intrinsic JSX elements (`<div>`, `<details>`,
 * `<iframe>`) become plain hast elements, so the rest of the pipeline (the HTML policy, heading
 * anchors, link recording) treats them like Markdown's own. Tags outside the allowlist are removed
 * with a warning.
 */
import { h } from 'hastscript';
import type { Element, ElementContent, Root } from 'hast';
import type { MdxJsxAttribute, MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { ALLOWED_TAGS } from '../raw-html.ts';
import { SVG_TAGS } from '../html-policy.ts';
import { walk } from '../walk.ts';
import { linkWithBaseUrl } from '../../../src/shared/paths.ts';

/** Tags an MDX page may write beyond raw HTML's (their attributes are sanitised like any element's). */
const JSX_TAGS = new Set([...ALLOWED_TAGS, 'div', 'span', 'a', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'caption', 'blockquote', 'pre', 'hr', 'figure', 'figcaption', 'picture', 'source', 'video', 'audio', 'track', 'center', 'dl', 'dt', 'dd',
  's', 'u', 'q', 'cite', 'time', 'var', 'samp', 'section', 'aside', 'header', 'footer', 'nav', 'iframe', 'h1', ...SVG_TAGS]);

export interface JsxElementOptions {
  baseUrl: string;
}

type JsxElementHast = MdxJsxFlowElementHast | MdxJsxTextElementHast;

export function rehypeIntrinsicJsx(options: JsxElementOptions) {
  return (tree: Root, file: VFile) => {
    walk(tree, (node, index, parent) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const element = node as JsxElementHast;
      if (!element.name || !/^[a-z]/.test(element.name)) return;
      if (!JSX_TAGS.has(element.name)) {
        file.message(`<${element.name}> is not allowed in a page and was removed`, { place: element.position, ruleId: 'jsx-tag' });
        parent.children.splice(index, 1);
        return index;
      }
      const converted = toElement(element);
      // Docusaurus renders an MDX <a> with its Link, which puts the baseUrl in front of a path from the site root.
      if (converted.tagName === 'a' && typeof converted.properties.href === 'string') converted.properties.href = linkWithBaseUrl(converted.properties.href, options.baseUrl);
      recordLinks(converted, file);
      parent.children[index] = converted;
    });
  };
}

function toElement(element: JsxElementHast): Element {
  const properties = Object.fromEntries(element.attributes.flatMap((attribute) => {
    const { name, value } = attribute as MdxJsxAttribute;
    return typeof value === 'object' && value !== null ? [] : [[name, value ?? true]];
  }));
  const converted = h(element.name!, properties);
  converted.children = element.children as ElementContent[];
  converted.position = element.position;
  return converted;
}

/** An element's href or src goes to the link checker with its line, as a Markdown link does. */
function recordLinks(element: Element, file: VFile): void {
  for (const name of ['href', 'src']) {
    const url = element.properties[name];
    if (typeof url === 'string' && url) (file.data.links ??= []).push({ url, line: element.position?.start.line });
  }
}

