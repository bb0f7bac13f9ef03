/**
 * Cutting a docs version, as Docusaurus's `docs:version` does: the docs folder copied to
 * `versioned_docs/version-<name>/`, the sidebars as they load now written to
 * `versioned_sidebars/version-<name>-sidebars.json`, and the name put first in versions.json.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import { isDataFile, parseDataFile } from './data-files.ts';
import { loadModuleDefault } from './module-loader.ts';
import { DEFAULT_SIDEBARS } from './sidebars.ts';
import { checkVersionName, readVersionNames, versionsFile } from './versions.ts';
import type { SitePaths } from './load.ts';

/** What cutting a version wrote, as messages name it. */
export interface CutVersion { docs: string; sidebars: string; versions: string }

export async function cutVersion(name: string, { siteDir, docsDir, sidebarsFile }: Pick<SitePaths, 'siteDir' | 'docsDir' | 'sidebarsFile'>): Promise<CutVersion> {
  checkVersionName(name, 'docs:version');
  const versions = readVersionNames(siteDir) ?? [];
  if (versions.includes(name)) {
    throw new ContentError({ rule: 'versions', message: `the version "${name}" already exists`, file: displayPath(versionsFile(siteDir)), fix: 'Give the new version a name versions.json does not list.' });
  }
  const target = path.join(siteDir, 'versioned_docs', `version-${name}`);
  if (existsSync(target)) {
    throw new ContentError({ rule: 'versions', message: `${displayPath(target)} already exists, though versions.json does not list "${name}"`, file: displayPath(target), fix: 'Remove the folder, or add the version to versions.json by hand.' });
  }
  const sidebars = await sidebarsAsData(sidebarsFile);
  cpSync(docsDir, target, { recursive: true });
  const sidebarsOut = path.join(siteDir, 'versioned_sidebars', `version-${name}-sidebars.json`);
  mkdirSync(path.dirname(sidebarsOut), { recursive: true });
  writeFileSync(sidebarsOut, `${JSON.stringify(sidebars, null, 2)}\n`);
  writeFileSync(versionsFile(siteDir), `${JSON.stringify([name, ...versions], null, 2)}\n`);
  return { docs: displayPath(target), sidebars: displayPath(sidebarsOut), versions: displayPath(versionsFile(siteDir)) };
}

/** The sidebars file's value (a `.js`/`.ts` one run, as a build runs it), which must be plain data to be kept as JSON. */
async function sidebarsAsData(file: string | undefined): Promise<unknown> {
  if (file === undefined) return DEFAULT_SIDEBARS;
  const shown = displayPath(file);
  const value = isDataFile(file) ? parseDataFile(file, readFileSync(file, 'utf8'), { file: shown, rule: 'sidebars', kind: 'the sidebars file' }) : await loadModuleDefault(file);
  const json = JSON.stringify(value);
  if (json === undefined || JSON.stringify(JSON.parse(json)) !== json || containsFunction(value)) {
    throw new ContentError({ rule: 'sidebars', message: 'the sidebars hold values JSON cannot keep (functions, undefined)', file: shown, fix: 'A versioned sidebars file is JSON: write the sidebars as plain data, then cut the version.' });
  }
  return value;
}

function containsFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(containsFunction);
}
