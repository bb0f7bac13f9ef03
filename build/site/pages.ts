/**
 * The pages folder of a Docusaurus site (`src/pages`, the classic preset's pages plugin): every
 * `.md`/`.mdx` file is a page at its path (`index.md` is its folder's route), built like a doc without a
 * sidebar; every `.js`/`.jsx`/`.ts`/`.tsx` file is a React page, built only when the site opts in to
 * running its code: its body is the MDX that renders it (`<Page />`), so it goes through the same
 * import, bundling and HTML policy as a component an MDX doc imports. As in Docusaurus, files and
 * folders whose names start with `_`, tests and `__tests__` folders are not pages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, throwIfAny, type Warning } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import { assertNoDotDot, docsPermalink, readMarkdownFile, type Doc, type DocRoutes } from './docs.ts';
import { followLink } from './site-folder.ts';

export interface PagesOptions {
  /** The pages folder, absolute. */
  dir: string;
  /** Where the pages are served: the site's baseUrl, then the pages plugin's routeBasePath (`/`). */
  routes: DocRoutes;
  siteDir: string;
  /** Pages' paths are kept relative to it, as docs' are, so links and images resolve alike. */
  docsDir: string;
  allowComponentCode: boolean;
}

const PAGE_FILE = /\.(mdx?|[jt]sx?)$/;
const REACT_PAGE = /\.[jt]sx?$/;

/** Every page of the folder (none when there is no folder), and a warning for each React page left out. */
export function collectPages(options: PagesOptions): { pages: Doc[]; skipped: Warning[] } {
  if (!existsSync(options.dir)) return { pages: [], skipped: [] };
  const folder = followLink(options.dir, [options.siteDir], 'pages');
  if (folder instanceof ContentError) throw folder;
  const pages: Doc[] = [];
  const skipped: Warning[] = [];
  const errors: ContentError[] = [];
  for (const file of listPageFiles(options.dir)) {
    if (REACT_PAGE.test(file) && !options.allowComponentCode) {
      skipped.push({ rule: 'pages', file: displayPath(file), message: 'building this React page would run its code during the build; it is skipped', fix: 'If you trust this site, pass --allow-component-code (or set allowComponentCode: true in the site config).' });
      continue;
    }
    try {
      pages.push(REACT_PAGE.test(file) ? reactPage(file, options) : markdownPage(file, options));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      errors.push(error);
    }
  }
  throwIfAny(errors);
  return { pages, skipped };
}

function listPageFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && PAGE_FILE.test(entry.name) && !/\.test\.[jt]sx?$|\.d\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).some((segment) => segment.startsWith('_')))
    .sort();
}

function markdownPage(file: string, options: PagesOptions): Doc {
  const { displayPath: shownPath, frontMatter, warnings, body, bodyLineOffset, heading } = readMarkdownFile(file, readFileSync(file));
  const title = frontMatter.title ?? heading ?? '';
  // A page shows the heading it opens with, as Docusaurus renders its content; a front matter title is the <title> only.
  const hideTitle = frontMatter.hide_title ?? heading === undefined;
  return { ...placed(file, options), displayPath: shownPath, frontMatter: { ...frontMatter, hide_title: hideTitle }, body, bodyLineOffset, title, sidebarLabel: title, warnings, page: 'markdown' };
}

/** A React page as the MDX page that renders it; its title and description come from its `<Layout>` when it renders. */
function reactPage(file: string, options: PagesOptions): Doc {
  const body = `import Page from ${JSON.stringify(`./${path.basename(file)}`)};\n\n<Page />\n`;
  return { ...placed(file, options), displayPath: displayPath(file), frontMatter: {}, body, bodyLineOffset: 0, title: '', sidebarLabel: '', warnings: [], page: 'react' };
}

/** A page's id (its path in the site, which no doc id can be), its path from the docs folder and its route. */
function placed(file: string, { dir, routes, siteDir, docsDir }: PagesOptions) {
  const segments = path.relative(dir, file).split(path.sep);
  const name = segments.pop()!.replace(PAGE_FILE, '');
  const slug = name === 'index' ? `/${segments.map((segment) => `${segment}/`).join('')}` : `/${[...segments, name].join('/')}`;
  const permalink = docsPermalink(routes, new URL(slug, 'http://pages.invalid').pathname);
  assertNoDotDot(permalink, displayPath(file));
  const posix = (relative: string) => relative.split(path.sep).join('/');
  return { id: posix(path.relative(siteDir, file)), sourcePath: posix(path.relative(docsDir, file)), permalink };
}
