import type { ResolvedNavbarItem, ResolvedNavbarLink, RouteData, SiteData } from '../shared/types.ts';
import { activeVersion } from '../shared/versions.ts';
import { useSite } from './context.ts';

/**
 * The navbar's version menu as a dropdown: labelled with the version being read, one link per version to
 * the same doc in it (`versions`, the doc's permalinks by version), else to the version's main doc.
 */
export function versionMenu(menu: Extract<ResolvedNavbarItem, { kind: 'versions' }>, site: SiteData, version: string | undefined, versions: Record<string, string> | undefined, mobile: boolean): ResolvedNavbarItem {
  // In the mobile menu, as in Docusaurus, the list is headed "Versions": the version read is marked in it.
  const shown = mobile ? { label: 'Versions' } : activeVersion(site, version);
  const links = (site.versions ?? []).map((candidate): ResolvedNavbarLink => ({ kind: 'link', label: candidate.label, href: versions?.[candidate.name] ?? candidate.href }));
  return { kind: 'dropdown', label: shown?.label ?? '', position: menu.position, items: [...menu.before, ...links, ...menu.after], ...(menu.unmarked ? { unmarked: true } : {}) };
}

/** A doc or docSidebar item on a page of a version: its target in that version, where the version has it. */
export function linkInVersion(link: ResolvedNavbarLink, version: string | undefined): ResolvedNavbarLink {
  const target = version === undefined ? undefined : link.byVersion?.[version];
  return target ? { ...link, ...target } : link;
}

/**
 * Over a version's doc: the "Version: x" badge, and for an unreleased or unmaintained version a notice
 * linking to the same doc in the last version (or, where it has none, to that version's main doc).
 */
export function DocVersionNotice({ route }: { route: RouteData }) {
  const site = useSite();
  const version = site.versions?.find((candidate) => candidate.name === route.version);
  if (!version) return null;
  const last = activeVersion(site, undefined)!;
  return (
    <>
      {version.banner ? (
        <div className="version-banner" role="alert">
          <p>
            {version.banner === 'unreleased'
              ? <>This is unreleased documentation for {site.title} <b>{version.label}</b> version.</>
              : <>This is documentation for {site.title} <b>{version.label}</b>, which is no longer actively maintained.</>}
          </p>
          <p>For up-to-date documentation, see the <b><a href={route.versions?.[last.name] ?? last.href}>latest version</a></b> ({last.label}).</p>
        </div>
      ) : null}
      {version.badge ? <span className="version-badge">{`Version: ${version.label}`}</span> : null}
    </>
  );
}
