/** What a doc's or a page's files are made from, in the production build and in watch mode alike. */
import type { CompiledMarkdown } from '../markdown/compile.ts';
import { markdownCopy } from '../output/llms.ts';
import type { Doc } from '../site/docs.ts';
import type { RouteData, SiteConfig } from '../../src/shared/types.ts';
import { docBody } from './generated-bodies.tsx';
import type { PageInput } from './route-files.ts';

/** A React page has no Markdown copy: its body is the MDX that renders it, not its text. */
export function docPageInput(doc: Doc, route: RouteData, compiled: CompiledMarkdown, config: SiteConfig, permalinkBySourcePath: Map<string, string>): PageInput {
  return {
    route, body: docBody(doc, compiled.html), sourceFile: doc.displayPath, sourceLinks: compiled.links, islands: compiled.islands, clientPage: compiled.clientPage, assets: compiled.assets,
    markdownCopy: doc.page === 'react' ? undefined : markdownCopy(doc, config, permalinkBySourcePath),
  };
}
