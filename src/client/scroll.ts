/** Scrolls to the element a `#hash` names; false when there is none. */
export function scrollToHash(hash: string): boolean {
  if (!hash || hash === '#') return false;
  const id = decodeURIComponent(hash.slice(1));
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView();
  return true;
}
