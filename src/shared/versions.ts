import type { SiteData, SiteVersion } from './types.ts';

/** The version a page belongs to, else (a page outside the docs) the last version. */
export function activeVersion(site: SiteData, version: string | undefined): SiteVersion | undefined {
  return site.versions?.find((candidate) => candidate.name === version) ?? site.versions?.find((candidate) => candidate.isLast);
}
