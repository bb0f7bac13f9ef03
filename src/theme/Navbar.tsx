import { cloneElement, useEffect, useState } from 'react';
import type { NavbarPosition, ResolvedNavbarItem, ResolvedNavbarLink, SidebarItem, SiteData, SiteVersion } from '../shared/types.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { useLocation, useSite } from './context.ts';
import { DocSidebar } from './DocSidebar.tsx';
import { useWindowSize } from './hooks.ts';
import { ExternalLink, NavLink } from './Link.tsx';
import { NavbarDropdown } from './NavbarDropdown.tsx';
import { linkInVersion, versionMenu } from './DocVersion.tsx';
import { activeVersion } from '../shared/versions.ts';
import { SearchButton } from './search/SearchButton.tsx';

/*
 * NAVBAR_STYLE, NAVBAR_DROPDOWN and DOCS_VERSIONS label what only some sites use: the runtime of a site without it is
 * bundled without those statements (build/client/theme-parts.ts), so its first load pays nothing for them.
 */

/**
 * Where the reader is, for marking navbar items: the page's part of the site and its sidebar; on a
 * versioned site its version and the doc's permalink in each version.
 */
export interface PagePlace { section?: string; sidebar?: string; version?: string; versions?: Record<string, string> }

export function Navbar({ sidebar, place = {} }: { sidebar?: SidebarItem[]; place?: PagePlace }) {
  const site = useSite();
  const [menuOpen, setMenuOpen] = useMobileMenu();
  let hasMenu = site.navbar.items.some((item) => item.kind === 'link') || sidebar !== undefined;
  NAVBAR_DROPDOWN: hasMenu ||= site.navbar.items.some((item) => item.kind === 'dropdown' || item.kind === 'versions');
  // As in Docusaurus: `left` items after the logo and title, `right` ones at the bar's end; the mobile menu keeps the config's order.
  const group = (position: NavbarPosition) => site.navbar.items.flatMap((item, index) => (item.position === position ? [<NavbarItemView key={index} item={item} place={place} />] : []));
  const left = group('left');
  let navbar = (
    <nav aria-label="Main" className="navbar">
      <div className="navbar-inner">
        <button type="button" className="navbar-toggle" aria-label="Toggle navigation bar" aria-expanded={menuOpen}
          disabled={!hasMenu} onClick={() => setMenuOpen(!menuOpen)}>
          <span className="icon icon-menu" aria-hidden="true" />
        </button>
        <a className="navbar-brand" href={site.navbar.homeHref}>
          {site.navbar.logo.src ? <img className="navbar-logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width="32" height="32" /> : null}
          <b className="navbar-title">{site.navbar.title}</b>
        </a>
        {left.length > 0 ? <div className="navbar-items navbar-items-left">{left}</div> : null}
        <div className="navbar-items navbar-items-right">{group('right')}</div>
      </div>
      {menuOpen ? <MobileMenu sidebar={sidebar} place={place} onClose={() => setMenuOpen(false)} /> : null}
    </nav>
  );
  NAVBAR_STYLE: if (site.navbar.style) navbar = cloneElement(navbar, styleAttributes(site.navbar.style));
  return navbar;
}

/**
 * Docusaurus's `navbar--dark` and `navbar--primary`, which a site's CSS may name. A dark bar is a
 * dark-mode part of the page: the theme's dark colours (and the site's) apply inside it.
 */
function styleAttributes(style: NonNullable<SiteData['navbar']['style']>) {
  return { className: `navbar navbar--${style}`, 'data-theme': style === 'dark' ? 'dark' : undefined };
}

/** A doc item is also marked on every page of its part of the site or its sidebar (`place`), as a reader expects. */
function NavbarItemView({ item: given, place = {}, mobile = false }: { item: ResolvedNavbarItem; place?: PagePlace; mobile?: boolean }) {
  const site = useSite();
  // On a versioned site: the version being read, and each item as it is in that version.
  let version: SiteVersion | undefined;
  let inVersion = (link: ResolvedNavbarLink) => link;
  DOCS_VERSIONS: version = activeVersion(site, place.version);
  DOCS_VERSIONS: inVersion = (link) => linkInVersion(link, place.version);
  if (given.kind === 'search') return mobile ? null : <SearchButton scope={version} />;
  if (given.kind === 'colorMode') return mobile ? null : <ColorModeToggle />;
  let item: ResolvedNavbarItem = given;
  DOCS_VERSIONS: if (given.kind === 'version') {
    return version ? <NavbarLinkView link={{ kind: 'link', label: given.label ?? version.label, href: given.href ?? version.href }} inPlace={false} mobile={mobile} /> : null;
  }
  DOCS_VERSIONS: if (given.kind === 'versions') item = versionMenu(given, site, place.version, place.versions, mobile);
  const inSection = (link: ResolvedNavbarLink) => link.section !== undefined && link.section === place.section;
  const inPlace = (link: ResolvedNavbarLink) => inSection(link) || (link.sidebar !== undefined && link.sidebar === place.sidebar);
  NAVBAR_DROPDOWN: if (item.kind === 'dropdown') {
    // Its links are marked as items would be; the button by a section, not a sidebar: Docusaurus marks no button for its sidebar.
    const links = item.items.map(inVersion);
    return <NavbarDropdown item={{ ...item, items: links }} inSection={inSection} mobile={mobile} links={links.map((link) => <NavbarLinkView link={link} inPlace={inPlace(link)} mobile={mobile} />)} />;
  }
  const link = inVersion(item as ResolvedNavbarLink);
  return <NavbarLinkView link={link} inPlace={inPlace(link)} mobile={mobile} />;
}

function NavbarLinkView({ link, inPlace, mobile }: { link: ResolvedNavbarLink; inPlace: boolean; mobile: boolean }) {
  const className = mobile ? 'menu-link' : 'navbar-link';
  if (link.target === '_blank') return <ExternalLink className={className} href={link.href}>{link.label}</ExternalLink>;
  // A page the browser loads (a `pathname://` link): the router leaves a link with a target alone.
  if (link.target === '_self') return <a className={className} href={link.href} target="_self">{link.label}</a>;
  return <NavLink className={className} href={link.href} inSection={inPlace}>{link.label}</NavLink>;
}

/** Open state of the mobile menu: closes on navigation and when the window becomes desktop-wide. */
function useMobileMenu(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const windowSize = useWindowSize();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (windowSize === 'desktop') setOpen(false);
  }, [windowSize]);
  useEffect(() => {
    document.body.classList.toggle('scroll-locked', open);
    return () => document.body.classList.remove('scroll-locked');
  }, [open]);
  return [open, setOpen];
}

function MobileMenu({ sidebar, place, onClose }: { sidebar?: SidebarItem[]; place: PagePlace; onClose: () => void }) {
  const site = useSite();
  const [showMain, setShowMain] = useState(sidebar === undefined);
  return (
    <div className="mobile-menu">
      <div className="mobile-menu-backdrop" onClick={onClose} />
      <div className="mobile-menu-panel">
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={site.navbar.homeHref}><b className="navbar-title">{site.navbar.title}</b></a>
          <ColorModeToggle />
          <button type="button" className="mobile-menu-close" aria-label="Close navigation bar" onClick={onClose}>×</button>
        </div>
        {showMain ? (
          <ul className="menu-list">
            {site.navbar.items.map((item, index) => <li key={index} className="menu-item"><NavbarItemView item={item} place={place} mobile /></li>)}
          </ul>
        ) : (
          <div className="mobile-menu-secondary">
            <button type="button" className="mobile-menu-back" onClick={() => setShowMain(true)}>← Back to main menu</button>
            <DocSidebar items={sidebar!} />
          </div>
        )}
      </div>
    </div>
  );
}
