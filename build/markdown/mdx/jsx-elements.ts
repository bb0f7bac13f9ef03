/**
 * rehype plugin for MDX pages, right after remark-rehype: intrinsic JSX elements (`<div>`,
 * `<details>`, `<iframe>`) become plain hast elements, so the rest of the pipeline (attribute
 * sanitising, heading anchors, link recording) treats them like Markdown's own. Tags outside the
 * allowlist are removed with a warning; an iframe must point at an allowed embed host.
 */
import { h } from 'hastscript';
import type { Element, ElementContent, Root } from 'hast';
import type { MdxJsxAttribute, MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { ALLOWED_TAGS } from '../raw-html.ts';
import { walk } from '../walk.ts';
import { linkWithBaseUrl } from '../../../src/shared/paths.ts';

/** Tags an MDX page may write beyond raw HTML's (their attributes are sanitised like any element's). */
const JSX_TAGS = new Set([...ALLOWED_TAGS, 'div', 'span', 'a', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'caption', 'blockquote', 'pre', 'hr', 'figure', 'figcaption', 'picture', 'source', 'video', 'audio', 'track', 'center', 'dl', 'dt', 'dd',
  's', 'u', 'q', 'cite', 'time', 'var', 'samp', 'section', 'aside', 'header', 'footer', 'nav', 'iframe', 'h1']);

export interface JsxElementOptions {
  /** Hosts an `<iframe>` may load (the CSP's frame-src lists the same). */
  embedHosts: string[];
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
      if (converted.tagName === 'iframe' && !checkEmbed(converted, options, file)) {
        parent.children.splice(index, 1);
        return index;
      }
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

/** An allowed iframe loads lazily and has a title; any other is removed with an error. */
function checkEmbed(iframe: Element, options: JsxElementOptions, file: VFile): boolean {
  const src = typeof iframe.properties.src === 'string' ? iframe.properties.src : '';
  const host = URL.canParse(src) ? new URL(src).host : '';
  if (!src.startsWith('https://') || !options.embedHosts.includes(host)) {
    const message = file.message(`<iframe> from "${host || src}" is not an allowed embed`, { place: iframe.position, ruleId: 'embed' });
    message.fatal = true;
    message.note = `Embed from one of ${options.embedHosts.join(', ')} over https, or add the host to embedHosts in the site config.`;
    return false;
  }
  iframe.properties.loading = 'lazy';
  iframe.properties.title ??= `Embedded content from ${host}`;
  iframe.properties.allowFullScreen ??= true;
  return true;
}
