import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { samePath } from '../shared/paths.ts';
import type { ResolvedNavbarItem, ResolvedNavbarLink } from '../shared/types.ts';
import { useLocation } from './context.ts';

type Dropdown = Extract<ResolvedNavbarItem, { kind: 'dropdown' }>;

interface DropdownProps {
  item: Dropdown;
  /** Whether the page is in a link's part of the site: such a link marks the dropdown as it would be marked. */
  inSection: (link: ResolvedNavbarLink) => boolean;
  /** Its links, as the navbar renders them. */
  links: ReactNode[];
}

/**
 * A navbar dropdown (Docusaurus's `dropdown` item): in the mobile menu, its label over its links; in
 * the bar, a disclosure button (WAI-ARIA's navigation menu pattern) whose list opens while a mouse
 * hovers it and stays open after a click or an arrow key, until Escape, a click elsewhere, focus
 * leaving it or a navigation. Its button is marked when the page is one of its links.
 */
export function NavbarDropdown({ mobile, ...props }: DropdownProps & { mobile: boolean }) {
  if (!mobile) return <DesktopDropdown {...props} />;
  return (
    <>
      <span className="menu-dropdown-label">{props.item.label}</span>
      <ul className="menu-list menu-level-2">
        {props.links.map((link, index) => <li key={index} className="menu-item">{link}</li>)}
      </ul>
    </>
  );
}

function DesktopDropdown({ item, inSection, links }: DropdownProps) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = usePinned();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const current = !item.unmarked && item.items.some((link) => samePath(link.href, pathname) || inSection(link));
  const open = hovered || pinned;
  useEffect(() => {
    if (!pinned) return;
    const closeOutside = (event: Event) => {
      if (!container.current?.contains(event.target as Node)) setPinned(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [pinned, setPinned]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setHovered(false);
      setPinned(false);
      button.current!.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      flushSync(() => setPinned(true));
      moveFocus(container.current!, event.key === 'ArrowDown' ? 1 : -1);
    }
  };
  const onHover = (hovering: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setHovered(hovering);
  };
  const onBlur = (event: FocusEvent) => {
    if (!container.current!.contains(event.relatedTarget)) setPinned(false);
  };
  return (
    <div ref={container} className="navbar-dropdown" onPointerEnter={onHover(true)} onPointerLeave={onHover(false)} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button ref={button} type="button" className={`navbar-link navbar-dropdown-toggle${current ? ' active' : ''}`} aria-expanded={open} aria-controls={menuId} onClick={() => setPinned(!pinned)}>
        {item.label}
      </button>
      <ul id={menuId} className="navbar-dropdown-menu" hidden={!open}>
        {links.map((link, index) => <li key={index}>{link}</li>)}
      </ul>
    </div>
  );
}

/** Open by a click or a key; a navigation closes it. */
function usePinned(): [boolean, (pinned: boolean) => void] {
  const [pinned, setPinned] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setPinned(false), [pathname]);
  return [pinned, setPinned];
}

/** Arrow keys move through the links, round from the last to the first. */
function moveFocus(container: HTMLElement, step: 1 | -1): void {
  const links = [...container.querySelectorAll<HTMLElement>('.navbar-dropdown-menu a')];
  const current = links.indexOf(document.activeElement as HTMLElement);
  const next = current === -1 ? (step === 1 ? 0 : links.length - 1) : (current + step + links.length) % links.length;
  links[next]?.focus();
}
