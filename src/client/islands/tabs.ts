/**
 * The tabs island: loaded only by pages whose MDX uses `<Tabs>` (their route chunk imports it).
 * The server rendered each group with its default tab; this switches tabs on click and by keyboard
 * (WAI-ARIA tabs: arrows, Home, End), keeps every group with the same `groupId` on the choice, here
 * and on later pages (localStorage `docusaurus.tab.<groupId>`), and reads and writes `?<queryString>=`.
 */
import { TAB_GROUP_ATTRIBUTE, TAB_QUERY_ATTRIBUTE, TAB_VALUE_ATTRIBUTE, TABS_ATTRIBUTE, tabStorageKey } from '../../shared/tabs.ts';

const READY = 'data-tabs-ready';

function tabsOf(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
}

function select(container: Element, value: string): boolean {
  const tabs = tabsOf(container);
  if (!tabs.some((tab) => tab.getAttribute(TAB_VALUE_ATTRIBUTE) === value)) return false;
  for (const tab of tabs) {
    const selected = tab.getAttribute(TAB_VALUE_ATTRIBUTE) === value;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) panel.hidden = panel.getAttribute(TAB_VALUE_ATTRIBUTE) !== value;
  return true;
}

function stored(groupId: string | null): string | null {
  try {
    return groupId ? localStorage.getItem(tabStorageKey(groupId)) : null;
  } catch {
    return null;
  }
}

/** A reader's choice: made here, so every group of the page follows, and it is remembered. */
function choose(container: Element, value: string): void {
  const groupId = container.getAttribute(TAB_GROUP_ATTRIBUTE);
  const queryKey = container.getAttribute(TAB_QUERY_ATTRIBUTE);
  if (groupId) {
    for (const group of document.querySelectorAll(`[${TABS_ATTRIBUTE}][${TAB_GROUP_ATTRIBUTE}="${CSS.escape(groupId)}"]`)) select(group, value);
    try {
      localStorage.setItem(tabStorageKey(groupId), value);
    } catch { /* storage disabled: the choice holds for this page */ }
  } else {
    select(container, value);
  }
  if (queryKey) {
    const url = new URL(location.href);
    url.searchParams.set(queryKey, value);
    history.replaceState(history.state, '', url);
  }
}

/** New groups (the first page, or a page the router just showed) take the query's or the stored choice. */
function prepareNewGroups(): void {
  const query = new URLSearchParams(location.search);
  for (const container of document.querySelectorAll(`[${TABS_ATTRIBUTE}]:not([${READY}])`)) {
    container.setAttribute(READY, '');
    const queryKey = container.getAttribute(TAB_QUERY_ATTRIBUTE);
    const wanted = (queryKey && query.get(queryKey)) || stored(container.getAttribute(TAB_GROUP_ATTRIBUTE));
    if (wanted) select(container, wanted);
  }
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

function tabFromEvent(event: Event): { tab: HTMLElement; container: Element } | undefined {
  const tab = (event.target as Element | null)?.closest?.<HTMLElement>('[role="tab"]');
  const container = tab?.closest(`[${TABS_ATTRIBUTE}]`);
  return tab && container ? { tab, container } : undefined;
}

/** Groups above the clicked one may change height: keep the clicked tab where the reader sees it. */
function keepInView(tab: HTMLElement, change: () => void): void {
  const before = tab.getBoundingClientRect().top;
  change();
  const moved = tab.getBoundingClientRect().top - before;
  if (moved !== 0) window.scrollBy(0, moved);
}

document.addEventListener('click', (event) => {
  const found = tabFromEvent(event);
  if (found) keepInView(found.tab, () => choose(found.container, found.tab.getAttribute(TAB_VALUE_ATTRIBUTE)!));
});

document.addEventListener('keydown', (event) => {
  const found = tabFromEvent(event);
  const next = NEXT_KEYS[event.key];
  if (!found || !next) return;
  event.preventDefault();
  const tabs = tabsOf(found.container);
  const target = tabs[next(tabs.indexOf(found.tab), tabs.length)];
  choose(found.container, target.getAttribute(TAB_VALUE_ATTRIBUTE)!);
  target.focus();
});

new MutationObserver(prepareNewGroups).observe(document.body, { childList: true, subtree: true });
prepareNewGroups();
