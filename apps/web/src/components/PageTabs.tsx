import { Badge, Tabs } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

export interface PageTab<V extends string> {
  value: V;
  label: string;
  icon: ComponentType<{ size?: number }>;
  testId: string;
  /** Beside the label: a count, usually a badge. */
  badge?: ReactNode;
  /** The tab's content, mounted only while the tab is shown. */
  panel?: ReactNode;
  /** The tab itself is not offered (its panel still shows when the address names it). */
  hideTab?: boolean;
}

export interface PageTabsProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  tabs: readonly PageTab<V>[];
  /** Under the tabs, whichever is chosen (when the tabs filter one view instead of having panels). */
  children?: ReactNode;
}

/** A page's tabs: icon and label, an optional count, and each tab's panel below. */
export function PageTabs<V extends string>({ value, onChange, tabs, children }: PageTabsProps<V>) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as V)} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map(({ value: tab, label, icon: Icon, testId, badge, hideTab }) =>
          hideTab ? null : (
            <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={16} />} rightSection={badge} data-testid={testId}>
              {label}
            </Tabs.Tab>
          ),
        )}
      </Tabs.List>
      {tabs.map(({ value: tab, panel }) =>
        panel === undefined ? null : (
          <Tabs.Panel key={tab} value={tab}>
            {panel}
          </Tabs.Panel>
        ),
      )}
      {children}
    </Tabs>
  );
}

/** A tab's count beside its label. */
export function TabCount({ count }: { count: number }) {
  return (
    <Badge size="xs" variant="light" radius="sm" circle>
      {count}
    </Badge>
  );
}
