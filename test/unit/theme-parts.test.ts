/**
 * The theme's optional parts (build/client/theme-parts.ts): each label names statements of src/, each
 * module exists, and a site's runtime is bundled without the parts it does not use; a stylesheet only
 * some sites use exists, and only those sites' CSS bundles it, before or after the theme's.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { THEME_PARTS, THEME_STYLESHEETS, unusedThemeParts, usedThemeStylesheets } from '../../build/client/theme-parts.ts';
import type { SiteData } from '../../src/shared/types.ts';
import { projectRoot } from '../helpers/site.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file)).map((file) => path.join(dir, file));
}

test('every theme part labels statements of src/, and its module exists', () => {
  const sources = sourceFiles(path.join(projectRoot, 'src')).map((file) => readFileSync(file, 'utf8')).join('\n');
  for (const part of THEME_PARTS) {
    assert.match(sources, new RegExp(`^\\s*${part.label}: `, 'm'), `no statement is labelled ${part.label}`);
    if (part.module) assert.ok(existsSync(path.join(projectRoot, part.module)), part.module);
  }
});

test('a site without a navbar style, dropdowns, docs versions or React pages has those labels dropped from its runtime; one with them has none dropped', () => {
  const site = (navbar: Partial<SiteData['navbar']>, versions?: SiteData['versions']) => ({ navbar: { title: '', logo: { alt: '', src: '' }, homeHref: '/', items: [], ...navbar }, versions }) as unknown as SiteData;
  const pages = (reactPages: boolean) => ({ reactPages, infimaClasses: reactPages, infimaVariables: reactPages });
  assert.deepEqual(unusedThemeParts(site({}), pages(false)), ['NAVBAR_STYLE', 'NAVBAR_DROPDOWN', 'DOCS_VERSIONS', 'REACT_PAGE']);
  assert.deepEqual(unusedThemeParts(site({ style: 'dark', items: [{ kind: 'dropdown', label: 'More', items: [], position: 'left' }] }, [{ name: '1.0', label: '1.0', href: '/docs/', badge: false, noIndex: false, isLast: true }]), pages(true)), []);
  // A version menu is a dropdown.
  assert.ok(!unusedThemeParts(site({ items: [{ kind: 'versions', before: [], after: [], position: 'right' }] }), pages(false)).includes('NAVBAR_DROPDOWN'));
});

test("a site whose pages use Infima's classes has its variables bundled before the theme's CSS and its classes after; one using the variables alone, the variables; another, no stylesheet of the theme's", () => {
  for (const sheet of THEME_STYLESHEETS) assert.ok(existsSync(path.join(projectRoot, sheet.file)), sheet.file);
  const variables = path.join('/theme', 'src/css/infima-variables.css');
  assert.deepEqual(usedThemeStylesheets('/theme', { reactPages: false, infimaClasses: true, infimaVariables: true }), { beforeTheme: [variables], afterTheme: [path.join('/theme', 'src/css/infima.css')] });
  assert.deepEqual(usedThemeStylesheets('/theme', { reactPages: false, infimaClasses: false, infimaVariables: true }), { beforeTheme: [variables], afterTheme: [] });
  assert.deepEqual(usedThemeStylesheets('/theme', { reactPages: false, infimaClasses: false, infimaVariables: false }), { beforeTheme: [], afterTheme: [] });
});
