/**
 * Docusaurus's `@theme/Tabs` and `@theme/TabItem`, rendered at build time: the default tab shows
 * without JavaScript; src/client/islands/tabs.ts switches tabs, syncs `groupId` groups and reads
 * `queryString`. The markup follows the WAI-ARIA tabs pattern (tablist, tab, tabpanel).
 */
import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  className?: string;
  children?: ReactNode;
}

interface TabsProps {
  children?: ReactNode;
  values?: { value: string; label?: string }[];
  defaultValue?: string | null;
  groupId?: string;
  queryString?: boolean | string;
  className?: string;
}

export function TabItem({ children, className }: TabItemProps) {
  return <div className={className}>{children}</div>;
}

export function Tabs({ children, values, defaultValue, groupId, queryString, className }: TabsProps) {
  const id = useId();
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> => isValidElement(child) && typeof (child.props as TabItemProps).value === 'string');
  const tabs = values ?? items.map(({ props }) => ({ value: props.value, label: props.label }));
  const selected = defaultValue ?? items.find(({ props }) => props.default)?.props.value ?? tabs[0]?.value;
  const queryKey = queryString === true ? groupId : queryString || undefined;
  // The markup src/shared/tabs.ts describes, which the island drives.
  return (
    <div className={['tabs-container', className].filter(Boolean).join(' ')} data-tabs="" data-group-id={groupId} data-query-key={queryKey}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {tabs.map((tab, index) => (
          <button key={tab.value} type="button" role="tab" id={`${id}-tab-${index}`} aria-controls={`${id}-panel-${index}`} aria-selected={tab.value === selected} tabIndex={tab.value === selected ? 0 : -1} className="tab" data-value={tab.value}>
            {tab.label ?? tab.value}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => {
        const item = items.find(({ props }) => props.value === tab.value);
        return (
          <div key={tab.value} role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={tab.value !== selected} className={['tab-panel', item?.props.className].filter(Boolean).join(' ')} data-value={tab.value}>
            {item?.props.children}
          </div>
        );
      })}
    </div>
  );
}
