/**
 * Page bodies the build adds to or makes without Markdown, rendered to HTML once by the server as a
 * doc's body is: the browser receives them as HTML, so they add no JavaScript to any page.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { Doc } from '../site/docs.ts';
import type { CategoryPage } from '../site/category-index.ts';
import { CategoryIndex } from '../../src/theme/CategoryIndex.tsx';
import { UnlistedNotice } from '../../src/theme/UnlistedNotice.tsx';

/** A doc's compiled HTML, below the "unlisted page" notice when the doc is unlisted. */
export function docBody(doc: Doc, html: string): string {
  return doc.frontMatter.unlisted ? renderToStaticMarkup(<UnlistedNotice />) + html : html;
}

export function categoryBody({ description, cards }: CategoryPage): string {
  return renderToStaticMarkup(<CategoryIndex description={description} cards={cards} />);
}
