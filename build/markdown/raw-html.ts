import type { Root } from 'hast';
import type { Literal } from 'unist';
import type { VFile } from 'vfile';
import { walk, walkElements } from './walk.ts';

/** Raw HTML an author may write in Markdown; any other tag is shown as text. */
export const ALLOWED_TAGS = new Set(['details', 'summary', 'kbd', 'sup', 'sub', 'br', 'img', 'abbr', 'mark', 'small', 'ins', 'del', 'b', 'i', 'em', 'strong', 'code', 'p', 'ul', 'ol', 'li']);
const TAG = /<\/?([a-zA-Z][\w-]*)/g;

/** rehype plugin, before rehype-raw: raw HTML with a tag outside the allowlist is escaped, with a warning. */
export function rehypeEscapeDisallowedHtml() {
  return (tree: Root, file: VFile) => {
    walk(tree, (found, index, parent) => {
      if (found.type !== 'raw') return;
      const node = found as Literal & { value: string };
      const value = node.value.replace(/<!--[\s\S]*?-->/g, '');
      const disallowed = [...value.matchAll(TAG)].map((match) => match[1].toLowerCase()).filter((tag) => !ALLOWED_TAGS.has(tag));
      if (disallowed.length === 0 && !/<!/.test(value)) {
        node.value = value;
        return;
      }
      file.message(`raw HTML <${disallowed[0] ?? '!'}> is not allowed and is shown as text`, { place: node.position, ruleId: 'raw-html' });
      parent.children[index] = { type: 'text', value: node.value } as never;
    });
  };
}

const URL_PROPERTIES = ['href', 'src'];
const SAFE_URL = /^(?![\s\u0000-\u001f]*(javascript|vbscript|data):)/i;
const SAFE_IMAGE_DATA = /^\s*data:image\/(png|gif|jpe?g|webp|avif);/i;

/**
 * An id spelled like a DOM property would replace it on `window` (`<p id="addEventListener">`); DOM
 * property names are camelCase JavaScript identifiers, and `constructor` and `__proto__`.
 */
const CLOBBERING_ID = /^(?=[A-Za-z_$][\w$]*$)(?:.*[A-Z]|constructor$|__proto__$)/;

/**
 * rehype plugin, after rehype-raw: no event handlers, no inline styles, no script URLs in the
 * output, no `name` and no DOM-property-like id (DOM clobbering: `<img name="querySelector">`
 * replaces `document.querySelector`); images load lazily (React would otherwise preload every one).
 */
export function rehypeSanitizeAttributes() {
  return (tree: Root, file: VFile) => {
    walkElements(tree, (element) => {
      if (element.tagName === 'img') element.properties.loading ??= 'lazy';
      for (const name of Object.keys(element.properties)) {
        if (/^on/i.test(name) || name === 'style' || name === 'name') delete element.properties[name];
      }
      const id = element.properties.id;
      if (typeof id === 'string' && CLOBBERING_ID.test(id)) {
        delete element.properties.id;
        file.message(`id "${id}" was removed: an id spelled like a DOM property can replace it on window`, { place: element.position, ruleId: 'dom-property-id' });
      }
      for (const name of URL_PROPERTIES) {
        const value = element.properties[name];
        if (typeof value !== 'string') continue;
        const isImageData = element.tagName === 'img' && name === 'src' && SAFE_IMAGE_DATA.test(value);
        // Browsers drop tabs and newlines anywhere in a URL, so `java&#9;script:` is a script URL too.
        if (!SAFE_URL.test(value.replace(/[\t\n\r]/g, '')) && !isImageData) delete element.properties[name];
      }
    });
  };
}
