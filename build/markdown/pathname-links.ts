/**
 * Docusaurus's `pathname://` links in a page's Markdown, raw HTML and MDX `<a>` elements: as its Link makes
 * them, the path with the baseUrl, opened by the browser (in a new tab unless the link names a target),
 * never by the client router. The link checker then checks the path as any other link of the page.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { pathnameLinkAttributes } from '../../src/shared/paths.ts';
import { walkElements } from './walk.ts';

/** rehype plugin, before the HTML policy (which refuses the `pathname:` scheme). */
export function rehypePathnameLinks(options: { baseUrl: string }) {
  return (tree: Root, file: VFile) => rewritePathnameLinks(tree, file, options.baseUrl);
}

export function rewritePathnameLinks(tree: Root, file: VFile, baseUrl: string): void {
  walkElements(tree, (element) => {
    const { href, target } = element.properties;
    if (element.tagName !== 'a' || typeof href !== 'string') return;
    const attributes = pathnameLinkAttributes(href, baseUrl, typeof target === 'string' ? target : undefined);
    if (attributes) Object.assign(element.properties, attributes);
  });
  // The page's recorded links name what the checker sees (the path), marked so that it leaves them alone.
  for (const link of file.data.links ?? []) {
    const path = pathnameLinkAttributes(link.url, baseUrl)?.href;
    if (path !== undefined) Object.assign(link, { url: path, pathname: true });
  }
}
