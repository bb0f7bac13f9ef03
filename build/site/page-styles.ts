/**
 * What a site's pages and CSS use that the theme ships only to a site that does (build/client/theme-parts.ts):
 * React pages, whose runtime part shows them; Infima's classes and variables.
 * Infima's classes (src/css/infima.css) are used by a site with React pages, which Docusaurus writes with
 * them throughout; by one with a Markdown or MDX page that names one in a class attribute or imports a
 * component of the site's own code; and by one whose config gives every page such a component (what a
 * component renders is known only once it runs, after the CSS is bundled). Read from the sources, so the
 * CSS is bundled while pages compile; a class name a page builds in code is not seen, and code blocks and
 * inline code, which show code rather than run it, are left out.
 *
 * Infima's variables (src/css/infima-variables.css) are used by a site whose own CSS names one (reads it, or
 * sets it and expects what Infima derives from it to follow), by a page whose inline style reads one, and by
 * every site that uses Infima's classes, whose rules read them and whose components' CSS modules, bundled only
 * while pages compile, may too.
 */
import type { Doc } from './docs.ts';

/** The class families infima.css styles: `row`, `col--4`, `hero__title`, `margin-bottom--lg`, `text--center`… */
export const INFIMA_CLASS = /^(?:container|row|col|hero|button|card|badge)(?:$|--|__)|^(?:margin|padding)(?:-(?:top|left|bottom|right|vert|horiz))?--|^text--/;

const CLASS_ATTRIBUTE = /\bclass(?:Name)?\s*=\s*\{?\s*(["'])([^"']*)\1/g;
const IMPORT_FROM = /^\s*import\s[^;]*?\bfrom\s*(["'])([^"']+)\1/gm;
/** A code fence, in a list item too. */
const FENCE_OPENING = /^\s*(`{3,}|~{3,})/;
const CODE_SPAN = /(`+)[^`]*?\1/g;
/** A site's own module by its path: relative or `@site/`, without an extension or with a script's. */
const SITE_CODE = /^(?:\.{1,2}\/|@site\/)(?:[^.]|\.(?=[./]))*(?:\.[cm]?[jt]sx?)?$/;

/** An Infima variable named in CSS: `var(--ifm-color-primary)`, `--ifm-font-color-base: black`. */
const INFIMA_VARIABLE = /--ifm-[\w-]/;
/** An Infima variable read in a page's inline style. */
const INFIMA_VARIABLE_READ = /\bvar\(\s*--ifm-[\w-]/i;

export interface PageStyles { reactPages: boolean; infimaClasses: boolean; infimaVariables: boolean }

/**
 * `components`: the config's components for every MDX page, by name (`@theme/…` or a site file); `siteCss`: the
 * site's own CSS (customCss and the local stylesheets), bundled.
 */
export function pageStyles(docs: Doc[], components: Record<string, string>, siteCss: string): PageStyles {
  const reactPages = docs.some((doc) => doc.page === 'react');
  const infimaClasses = reactPages || Object.values(components).some((module) => !module.startsWith('@theme/')) || docs.some((doc) => usesInfimaSource(doc.body));
  const infimaVariables = infimaClasses || INFIMA_VARIABLE.test(siteCss) || docs.some((doc) => readsInfimaVariable(doc.body));
  return { reactPages, infimaClasses, infimaVariables };
}

/** Whether a page's Markdown or MDX, outside its code, names one of Infima's classes or imports the site's own code. */
export function usesInfimaSource(markdown: string): boolean {
  const source = withoutCode(markdown);
  return namesInfimaClass(source) || importsSiteCode(source);
}

/** Whether a page's Markdown or MDX, outside its code, reads one of Infima's variables (in an inline style). */
export function readsInfimaVariable(markdown: string): boolean {
  return INFIMA_VARIABLE_READ.test(markdown) && INFIMA_VARIABLE_READ.test(withoutCode(markdown));
}

function namesInfimaClass(markdown: string): boolean {
  for (const [, , classes] of markdown.matchAll(CLASS_ATTRIBUTE)) {
    if (classes.split(/\s+/).some((name) => INFIMA_CLASS.test(name))) return true;
  }
  return false;
}

function importsSiteCode(markdown: string): boolean {
  return [...markdown.matchAll(IMPORT_FROM)].some(([, , specifier]) => SITE_CODE.test(specifier));
}

/** The Markdown without its fenced code blocks and code spans. */
function withoutCode(markdown: string): string {
  const kept: string[] = [];
  let fence: RegExp | undefined;
  for (const line of markdown.split('\n')) {
    if (fence) {
      if (fence.test(line)) fence = undefined;
      continue;
    }
    const opening = FENCE_OPENING.exec(line);
    if (opening) fence = new RegExp(`^\\s*${opening[1][0] === '`' ? '`' : '~'}{${opening[1].length},}\\s*$`);
    else kept.push(line.replace(CODE_SPAN, ''));
  }
  return kept.join('\n');
}
