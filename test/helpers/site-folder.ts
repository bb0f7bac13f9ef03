/** A small site in a temporary folder, built with the CLI as an author would. */
import path from 'node:path';
import { runCli } from './cli.ts';
import { tempTree } from './tmp.ts';

export const DOCS = {
  'docs/intro.md': '---\ntitle: Intro\n---\n\nWelcome.\n',
  'docs/guide.md': '# Guide\n\nSteps.\n',
  'sidebars.js': "module.exports = { main: ['intro', 'guide'] };\n",
};

/** A minimal site config; `overrides` replace top-level fields. */
export function siteConfig(overrides: Record<string, unknown> = {}): string {
  const config = {
    title: 'Bad Inputs',
    tagline: 'A small site',
    url: 'https://example.com',
    baseUrl: '/',
    favicon: '/favicon.ico',
    i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', direction: 'ltr' } } },
    navbar: { title: 'Bad Inputs', logo: { alt: '', src: '' }, items: [{ type: 'doc', docId: 'intro', label: 'Intro' }, { type: 'search' }] },
    footer: { logo: { alt: '', src: '' }, copyright: 'Nobody', columns: [] },
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
    docs: { path: 'docs', sidebarPath: 'sidebars.js', routeBasePath: '/', breadcrumbs: true, versions: { current: { label: 'Next' } }, warnOnDocsOutsideSidebar: false },
    ...overrides,
  };
  return `const config = ${JSON.stringify(config, null, 2)};\nexport default config;\n`;
}

/** `npm run build -- --config site.config.ts` in a temporary site folder with these files. */
export async function buildSiteFolder(files: Record<string, string>, out = 'out', below = '') {
  const root = path.join(tempTree(Object.fromEntries(Object.entries({ ...DOCS, 'site.config.ts': siteConfig(), ...files }).map(([file, text]) => [path.join(below, file), text]))), below);
  const run = await runCli(['build', '--config', 'site.config.ts', '--out', out, '--no-search'], root);
  return { ...run, root };
}
