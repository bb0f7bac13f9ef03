/**
 * The contract between the server-rendered tabs (src/theme/docusaurus/Tabs.tsx) and the island
 * that makes them switch (src/client/islands/tabs.ts): a `[data-tabs]` container (with
 * `data-group-id` and `data-query-key` when set) holding a tablist of `[role=tab]` buttons and the
 * `[role=tabpanel]`s, each with `data-value`. The storage key is Docusaurus's.
 */
export function tabStorageKey(groupId: string): string {
  return `docusaurus.tab.${groupId}`;
}
