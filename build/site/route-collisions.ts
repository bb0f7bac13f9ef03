import type { RouteData } from '../../src/shared/types.ts';
import type { Doc } from './docs.ts';
import type { StaticFile } from './static-files.ts';
import { ContentError } from '../errors.ts';
import path from 'node:path';
import { fileOnDisk, pageFilePaths } from '../output-layout.ts';

/** Files and folders the build itself writes beside the pages; a page there would break them. */
const GENERATED: [string, string][] = [
  ['sitemap.xml', 'the sitemap'], ['_headers', 'the security headers'], ['assets', 'the bundled scripts and styles'],
  ['pagefind', 'the search index'], ['__routes', 'the route pointers'],
];
const THEME_PAGES: Record<RouteData['kind'], string> = { home: 'the home page', errors: 'the error codes page', notFound: 'the not-found page', doc: 'a doc', reactPage: 'a React page' };

/** A file someone writes; `docPermalink` for a doc's page (the same permalink twice is docs.ts's duplicate-route error). */
interface Claim { file: string; source: string; docPermalink?: string }

/**
 * Every file two sources would write to the same place: two pages, a page and a static file, or a page and
 * a file the build generates. Each collision is one error naming both sources. `docs` are the docs and
 * the pages of the pages folder; `themeRoutes` the pages made without a Markdown file: theme pages and
 * generated category indexes.
 */
export function findOutputCollisions(docs: Doc[], themeRoutes: RouteData[], staticFiles: StaticFile[], baseUrl: string): ContentError[] {
  // The files as the writer names them: decoded and normalized, so `/%2e/x` is the file of `/x`.
  const pageFiles = (permalink: string) => Object.values(pageFilePaths(permalink, baseUrl)).filter((file) => file !== undefined).map((file) => path.posix.normalize(fileOnDisk(file)));
  const claims: Claim[] = [
    ...themeRoutes.flatMap((route) => pageFiles(route.permalink).map((file) => ({ file, source: route.kind === 'doc' ? `the generated index of category "${route.title}"` : THEME_PAGES[route.kind] }))),
    ...staticFiles.map((file) => ({ file: file.outputPath, source: `the static file ${file.displayPath}` })),
    ...GENERATED.map(([file, source]) => ({ file, source: `${source} (${file})` })),
  ];
  const errors: ContentError[] = [];
  for (const doc of docs) {
    const files = pageFiles(doc.permalink);
    // Two docs of one permalink are the duplicate-route error (docs.ts); two that only name the same file are caught here, as is a page and anything else.
    const isDuplicateDoc = (claim: Claim) => !doc.page && claim.docPermalink === doc.permalink;
    const named = new Set<string>();
    for (const file of files) {
      const other = claims.find((claim) => overlaps(claim.file, file) && !isDuplicateDoc(claim));
      // A page and its `.html` redirect are often both in the other's way: one error names the two sources once.
      if (!other || named.has(other.source)) continue;
      named.add(other.source);
      errors.push(new ContentError({ rule: 'routes', message: `route "${doc.permalink}" writes ${file}, where ${other.source} is written`, file: doc.displayPath, fix: doc.page ? 'Rename the page\'s file, or the other file.' : 'Give the doc another slug (front matter "slug"), or rename the other file.' }));
    }
    claims.push(...files.map((file) => ({ file, source: `the page of ${doc.displayPath}`, docPermalink: doc.page ? undefined : doc.permalink })));
  }
  return errors;
}

/** The same file, or one where the other needs a folder of that name. */
function overlaps(a: string, b: string): boolean {
  return a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`);
}
