/**
 * The contract between the server-rendered tabs (build/markdown/mdx/theme/Tabs.tsx) and the island
 * that makes them switch (src/client/islands/tabs.ts); the storage key is Docusaurus's.
 */
export const TABS_ATTRIBUTE = 'data-tabs';
export const TAB_VALUE_ATTRIBUTE = 'data-value';
export const TAB_GROUP_ATTRIBUTE = 'data-group-id';
export const TAB_QUERY_ATTRIBUTE = 'data-query-key';

export function tabStorageKey(groupId: string): string {
  return `docusaurus.tab.${groupId}`;
}
