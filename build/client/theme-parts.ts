/**
 * Parts of the theme only some sites use. Each is marked in src/ by a statement label
 * (`NAVBAR_DROPDOWN: if (…) return …`), and the runtime of a site that does not use it is bundled
 * without those statements (esbuild's dropLabels), so its first-load JavaScript pays nothing for
 * them. A part's own module is declared free of side effects, so nothing of it stays behind (not even
 * its imports of React). The server renders every site with every part; a label is otherwise an
 * ordinary statement. A stylesheet only some sites use (THEME_STYLESHEETS) is bundled into the CSS of
 * those sites only: Infima's variables before the theme's CSS, which reads them, Infima's classes after it.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { PageStyles } from '../site/page-styles.ts';
import type { SiteData } from '../../src/shared/types.ts';

interface ThemePart {
  label: string;
  /** The module only this part imports, if it has one. */
  module?: string;
  usedBy: (site: SiteData, pages: PageStyles) => boolean;
}

export const THEME_PARTS: ThemePart[] = [
  { label: 'NAVBAR_STYLE', usedBy: (site) => site.navbar.style !== undefined },
  { label: 'NAVBAR_DROPDOWN', module: 'src/theme/NavbarDropdown.tsx', usedBy: (site) => site.navbar.items.some((item) => item.kind === 'dropdown' || item.kind === 'versions') },
  { label: 'DOCS_VERSIONS', module: 'src/theme/DocVersion.tsx', usedBy: (site) => site.versions !== undefined },
  { label: 'REACT_PAGE', module: 'src/theme/ReactPage.tsx', usedBy: (_, pages) => pages.reactPages },
];

interface ThemeStylesheet {
  file: string;
  /** Bundled before the theme's own CSS (src/css/site.css) rather than after it. */
  beforeTheme?: boolean;
  usedBy: (pages: PageStyles, site?: SiteData) => boolean;
}

/** Stylesheets of the theme only some sites use, in the order they are bundled around the theme's CSS. */
export const THEME_STYLESHEETS: ThemeStylesheet[] = [
  { file: 'src/css/infima-variables.css', beforeTheme: true, usedBy: (pages) => pages.infimaVariables },
  { file: 'src/css/infima.css', usedBy: (pages) => pages.infimaClasses },
  { file: 'src/css/versions.css', usedBy: (_, site) => site?.versions !== undefined },
];

/** The files of the stylesheets a site uses, below `themeRoot`: those bundled before the theme's CSS, and those after it. */
export function usedThemeStylesheets(themeRoot: string, pages: PageStyles, site?: SiteData): { beforeTheme: string[]; afterTheme: string[] } {
  const used = THEME_STYLESHEETS.filter((sheet) => sheet.usedBy(pages, site));
  const files = (before: boolean) => used.filter((sheet) => (sheet.beforeTheme ?? false) === before).map((sheet) => path.join(themeRoot, sheet.file));
  return { beforeTheme: files(true), afterTheme: files(false) };
}

/** The labels of the parts `site` and its pages do not use. */
export function unusedThemeParts(site: SiteData, pages: PageStyles): string[] {
  return THEME_PARTS.filter((part) => !part.usedBy(site, pages)).map((part) => part.label);
}

/** The parts' modules as side-effect free, so esbuild drops all of a module nothing uses. */
export function themePartsPlugin(themeRoot: string): Plugin {
  const modules = new Set(THEME_PARTS.flatMap((part) => (part.module ? [path.join(themeRoot, part.module)] : [])));
  const names = [...modules].map((file) => path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    name: 'theme-parts',
    setup(esbuild) {
      esbuild.onResolve({ filter: new RegExp(`(^|/)(${names.join('|')})$`) }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        return modules.has(file) ? { path: file, sideEffects: false } : undefined;
      });
    },
  };
}
