import type { Root } from 'hast';
import type { Literal } from 'unist';
import type { VFile } from 'vfile';
import { walk } from './walk.ts';

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
