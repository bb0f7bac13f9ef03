/**
 * The tabs island: loaded only by pages whose MDX uses `<Tabs>` (their route chunk imports it).
 * The server rendered each group with its default tab; this switches tabs on click and by keyboard
 * (WAI-ARIA tabs: arrows, Home, End), keeps every group with the same `groupId` on the choice, here
 * and on later pages (localStorage `docusaurus.tab.<groupId>`), and reads and writes `?<queryString>=`.
 * Written for size: it counts against the first-load JavaScript budget of every page with tabs.
 */
import { tabStorageKey } from '../../shared/tabs.ts';

type Tabs = HTMLElement & { dataset: { groupId?: string; queryKey?: string } };

const tabsOf = (container: Element) => [...container.querySelectorAll<HTMLElement>(':scope>[role=tablist]>[role=tab]')];

function select(container: Element, value: string | null): void {
  if (!value || !tabsOf(container).some((tab) => tab.dataset.value === value)) return;
  for (const tab of tabsOf(container)) {
    tab.ariaSelected = String(tab.dataset.value === value);
    tab.tabIndex = tab.dataset.value === value ? 0 : -1;
  }
  for (const panel of container.querySelectorAll<HTMLElement>(':scope>[role=tabpanel]')) panel.hidden = panel.dataset.value !== value;
}

/** A reader's choice: every group of its groupId follows, it is remembered, and the URL says it if asked to. */
function choose(container: Tabs, value: string): void {
  const { groupId, queryKey } = container.dataset;
  if (groupId) {
    for (const group of document.querySelectorAll(`[data-group-id="${CSS.escape(groupId)}"]`)) select(group, value);
    try {
      localStorage.setItem(tabStorageKey(groupId), value);
    } catch { /* storage disabled: the choice holds for this page */ }
  } else select(container, value);
  if (queryKey) {
    const url = new URL(location.href);
    url.searchParams.set(queryKey, value);
    history.replaceState(history.state, '', url);
  }
}

/** New groups (the first page, or a page the router just showed) take the query's or the stored choice. */
function prepareNewGroups(): void {
  for (const container of document.querySelectorAll<Tabs>('[data-tabs]:not([data-ready])')) {
    const { groupId, queryKey } = container.dataset;
    container.dataset.ready = '';
    let stored = null;
    try {
      stored = groupId && localStorage.getItem(tabStorageKey(groupId));
    } catch { /* storage disabled */ }
    select(container, (queryKey && new URLSearchParams(location.search).get(queryKey)) || stored || null);
  }
}

function onTab(type: 'click' | 'keydown', handle: (tab: HTMLElement, container: Tabs, event: KeyboardEvent) => void): void {
  document.addEventListener(type, (event) => {
    const tab = (event.target as Element).closest?.<HTMLElement>('[role=tab]');
    const container = tab?.closest<Tabs>('[data-tabs]');
    if (tab && container) handle(tab, container, event as KeyboardEvent);
  });
}

onTab('click', (tab, container) => {
  // Groups above may change height: keep the clicked tab where the reader sees it.
  const top = tab.getBoundingClientRect().top;
  choose(container, tab.dataset.value!);
  scrollBy(0, tab.getBoundingClientRect().top - top);
});

onTab('keydown', (tab, container, event) => {
  const tabs = tabsOf(container);
  const index = tabs.indexOf(tab);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1 + tabs.length, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const target = tabs[next % tabs.length];
  choose(container, target.dataset.value!);
  target.focus();
});

new MutationObserver(prepareNewGroups).observe(document.body, { childList: true, subtree: true });
prepareNewGroups();
