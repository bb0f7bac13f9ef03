/**
 * Docusaurus's docs versions: `versions.json` beside the config lists the released versions, newest
 * first; each has its docs in `versioned_docs/version-<name>/` and its sidebars in
 * `versioned_sidebars/version-<name>-sidebars.json`. The docs folder is the `current` version. The last
 * version is served at the docs' route, the others below it at their path (`next` for `current`).
 */
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.ts';
import { displayPath } from '../fs-utils.ts';
import { parseDataFile } from './data-files.ts';
import { followLink } from './site-folder.ts';
import { climbsOut } from '../output-layout.ts';
import type { SiteConfig } from '../../src/shared/types.ts';

export const CURRENT_VERSION = 'current';

export interface DocsVersion {
  /** `current`, or a name from versions.json. */
  name: string;
  label: string;
  /** The route segment after the docs' routeBasePath: '' for the last version. */
  pathPart: string;
  docsDir: string;
  /** The sidebars file: the config's for `current` (undefined: the default sidebar), else the version's JSON file if it exists. */
  sidebarsFile: string | undefined;
  banner?: 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  isLast: boolean;
}

interface VersionInputs { siteDir: string; docsDir: string; sidebarsFile: string | undefined; docs: SiteConfig['docs']; configFile: string }

/** The versions the build makes, in versions.json's order with `current` first; one unversioned `current` when the site has no versions.json. */
export function docsVersions(inputs: VersionInputs): DocsVersion[] {
  const { docs } = inputs;
  const listed = readVersionNames(inputs.siteDir);
  const released = docs.disableVersioning ? [] : listed ?? [];
  if (docs.disableVersioning && listed === undefined) {
    throw configError(inputs, 'docs.disableVersioning is true, but the site has no versions.json', 'Remove disableVersioning: it only makes sense on a versioned site.');
  }
  const all = docs.includeCurrentVersion !== false && !released.includes(CURRENT_VERSION) ? [CURRENT_VERSION, ...released] : released;
  if (all.length === 0) throw configError(inputs, 'no docs version is left to build (includeCurrentVersion is false and versions.json lists none)', 'Set includeCurrentVersion to true, or cut a version.');
  checkOptions(all, inputs);
  const names = docs.onlyIncludeVersions ? all.filter((name) => docs.onlyIncludeVersions!.includes(name)) : all;
  const last = docs.lastVersion ?? names.find((name) => name !== CURRENT_VERSION) ?? CURRENT_VERSION;
  return names.map((name) => version(name, names, last, inputs));
}

function version(name: string, names: string[], last: string, inputs: VersionInputs): DocsVersion {
  const options = Object.hasOwn(inputs.docs.versions ?? {}, name) ? inputs.docs.versions![name] : {};
  const isCurrent = name === CURRENT_VERSION;
  const docsDir = isCurrent ? inputs.docsDir : path.join(inputs.siteDir, 'versioned_docs', `version-${name}`);
  if (!isCurrent && !statSync(docsDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ContentError({ rule: 'versions', message: `the version "${name}" has no docs folder (${displayPath(docsDir)})`, file: displayPath(versionsFile(inputs.siteDir)), fix: `Restore ${displayPath(docsDir)}, or remove "${name}" from versions.json.` });
  }
  if (options.path !== undefined) checkVersionPath(name, options.path, inputs);
  const sidebars = path.join(inputs.siteDir, 'versioned_sidebars', `version-${name}-sidebars.json`);
  const defaultBanner = name === last ? undefined : names.indexOf(name) < names.indexOf(last) ? 'unreleased' : 'unmaintained';
  return {
    name,
    label: options.label ?? (isCurrent ? 'Next' : name),
    pathPart: options.path ?? (name === last ? '' : isCurrent ? 'next' : name),
    // A released version's folders are named by versions.json, not the config: like any author file, they must lead inside the site.
    docsDir: isCurrent ? docsDir : insideSite(docsDir, inputs.siteDir),
    sidebarsFile: isCurrent ? inputs.sidebarsFile : existsSync(sidebars) ? insideSite(sidebars, inputs.siteDir) : undefined,
    banner: options.banner === 'none' ? undefined : options.banner ?? defaultBanner,
    badge: options.badge ?? names.length !== 1,
    noIndex: options.noIndex ?? false,
    isLast: name === last,
  };
}

export function versionsFile(siteDir: string): string {
  return path.join(siteDir, 'versions.json');
}

/** versions.json's names, checked as Docusaurus checks them; undefined when there is no such file. */
export function readVersionNames(siteDir: string): string[] | undefined {
  const file = versionsFile(siteDir);
  if (!lstatSync(file, { throwIfNoEntry: false })) return undefined;
  const shown = displayPath(file);
  const names = parseDataFile(file, readFileSync(insideSite(file, siteDir), 'utf8'), { file: shown, rule: 'versions', kind: 'the versions file' });
  if (!Array.isArray(names)) throw new ContentError({ rule: 'versions', message: 'versions.json must be an array of version names', file: shown, line: 1, fix: 'Write it as ["2.0", "1.0"], newest first.' });
  names.forEach((name) => checkVersionName(name, shown));
  return names as string[];
}

/** Docusaurus's rules: a name is a folder name, so no slashes, no `.`/`..`, nothing a file system refuses; at most 32 characters. */
export function checkVersionName(name: unknown, file: string): void {
  const problem = typeof name !== 'string' ? `is a ${typeof name}, not a string`
    : !name.trim() ? 'is blank'
      : /[/\\]/.test(name) ? 'has a slash'
        : name.length > 32 ? 'is longer than 32 characters'
          : /[<>:"|?*\x00-\x1F]/.test(name) ? 'has a character a file name may not have'
            : /^\.\.?$/.test(name) ? 'is "." or ".."' : undefined;
  if (problem) throw new ContentError({ rule: 'versions', message: `the version name ${JSON.stringify(name)} ${problem}`, file, fix: 'Name versions as releases are named, for example "1.2.0" or "2.x".' });
}

/** `file`, checked to lead inside the site folder by real path; a link out of it is an error, and what it leads to is never read. */
function insideSite(file: string, siteDir: string): string {
  const target = followLink(file, [siteDir], 'versions');
  if (target instanceof ContentError) throw target;
  return file;
}

/** A version's `path` is a route segment below the docs' route: no `..`, no query or fragment. */
function checkVersionPath(name: string, versionPath: string, inputs: VersionInputs): void {
  if (/[?#\\]/.test(versionPath) || versionPath.startsWith('/') || climbsOut(`/${versionPath}/`)) {
    throw configError(inputs, `docs.versions["${name}"].path ${JSON.stringify(versionPath)} is not a route segment`, 'Give a path below the docs\' route, such as "1.x" or "legacy/1.x" (no "..", "?", "#", backslash or leading "/").');
  }
}

/** lastVersion, the versions options and onlyIncludeVersions name versions that exist. */
function checkOptions(available: string[], inputs: VersionInputs): void {
  const { lastVersion, onlyIncludeVersions, versions } = inputs.docs;
  const known = `the versions are ${available.map((name) => `"${name}"`).join(', ')}`;
  if (lastVersion !== undefined && !available.includes(lastVersion)) throw configError(inputs, `docs.lastVersion "${lastVersion}" is not a version`, `Set it to one of them: ${known}.`);
  const unknown = Object.keys(versions ?? {}).filter((name) => !available.includes(name));
  if (unknown.length > 0) throw configError(inputs, `docs.versions has options for ${unknown.map((name) => `"${name}"`).join(', ')}, which is not a version`, `Remove them, or fix the names: ${known}.`);
  if (!onlyIncludeVersions) return;
  if (onlyIncludeVersions.length === 0) throw configError(inputs, 'docs.onlyIncludeVersions is empty', 'List at least one version, or remove the option.');
  const missing = onlyIncludeVersions.filter((name) => !available.includes(name));
  if (missing.length > 0) throw configError(inputs, `docs.onlyIncludeVersions names ${missing.map((name) => `"${name}"`).join(', ')}, which is not a version`, `Fix the names: ${known}.`);
  if (lastVersion !== undefined && !onlyIncludeVersions.includes(lastVersion)) throw configError(inputs, `docs.lastVersion "${lastVersion}" is not in docs.onlyIncludeVersions`, 'Add it to onlyIncludeVersions, or choose another lastVersion.');
}

function configError({ configFile }: VersionInputs, message: string, fix: string): ContentError {
  return new ContentError({ rule: 'versions', message, file: configFile, fix });
}

/** Whether the site is versioned: more than the one unversioned `current`. */
export function isVersioned(versions: DocsVersion[]): boolean {
  return versions.length > 1 || versions[0].name !== CURRENT_VERSION;
}
