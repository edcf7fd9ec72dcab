import { Badge, Group } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import {
  CUSTOMER_REQUEST_STATUSES,
  type CustomerRequestStatus,
  REQUEST_TYPES,
  type RequestType,
  type RequestView,
  TIMEZONE,
} from '@vaultline/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInput } from '../../components/DayRangeInput';
import { ApprovalIcon, ClockIcon, FlowIcon, UsersIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { ListTotal } from '../../components/ListTotal';
import '../../lib/dates';
import { FilterSelect } from '../../components/FilterSelect';
import { PageTabs } from '../../components/PageTabs';
import { REQUESTS_PAGE_SIZE, type RequestTab, useActionableCount, useRequestList } from './api';
import { RequestTable } from './RequestTable';

/** The tabs as the URL names them, and the server's tab each one lists. */
export const REQUEST_TAB_SLUGS = {
  pending: 'PENDING_MY_APPROVAL',
  'my-approvals': 'MY_APPROVAL_HISTORY',
  all: 'ALL_APPROVAL_HISTORY',
  'my-requests': 'MY_REQUESTS',
} as const satisfies Record<string, RequestTab>;
export type RequestTabSlug = keyof typeof REQUEST_TAB_SLUGS;

const TAB_ICONS: Record<RequestTabSlug, typeof ApprovalIcon> = {
  pending: ClockIcon,
  'my-approvals': ApprovalIcon,
  all: UsersIcon,
  'my-requests': FlowIcon,
};

/** A chosen day range as instants: from the first day's start to the last day's end, in Asia/Seoul. */
export function dayRange([from, to]: DatesRangeValue<string>): { from: string | null; to: string | null } {
  return {
    from: from ? dayjs.tz(from, TIMEZONE).startOf('day').toISOString() : null,
    to: to ? dayjs.tz(to, TIMEZONE).endOf('day').toISOString() : null,
  };
}

export interface RequestsPanelProps {
  tab: RequestTabSlug;
  onTabChange: (tab: RequestTabSlug) => void;
  onOpen: (request: RequestView) => void;
}

/** Pending approvals, my approval histories, all approval histories and my requests, with filters. */
export function RequestsPanel({ tab, onTabChange, onOpen }: RequestsPanelProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<RequestType | null>(null);
  const [status, setStatus] = useState<CustomerRequestStatus | null>(null);
  const [range, setRange] = useState<DatesRangeValue<string>>([null, null]);
  const { page, paging, withFirstPage } = useListPage(REQUESTS_PAGE_SIZE);
  const { from, to } = dayRange(range);
  const list = useRequestList({ tab: REQUEST_TAB_SLUGS[tab], type, status, from, to, page });
  const count = useActionableCount();
  const filtered = !!(type || status || from || to);

  return (
    <PageTabs
      value={tab}
      onChange={withFirstPage(onTabChange)}
      tabs={(Object.keys(REQUEST_TAB_SLUGS) as RequestTabSlug[]).map((slug) => ({
        value: slug,
        label: t(`requests.tabs.${slug}`),
        icon: TAB_ICONS[slug],
        testId: `requests-tab-${slug}`,
        badge:
          slug === 'pending' && count.data && count.data.count > 0 ? (
            <Badge size="sm" color="red" circle data-testid="pending-count">
              {count.data.count}
            </Badge>
          ) : null,
      }))}
    >
      <ListPanel
        testId="requests-panel"
        header={
          <ListToolbar>
            <Group gap="sm">
              <FilterSelect
                w={170}
                options={REQUEST_TYPES.map((value) => ({ value, label: t(`requests.types.${value}`) }))}
                allLabel={t('requests.filters.allTypes')}
                label={t('requests.filters.type')}
                value={type}
                onChange={withFirstPage(setType)}
                testId="requests-type-filter"
              />
              <FilterSelect
                w={170}
                options={CUSTOMER_REQUEST_STATUSES.map((value) => ({
                  value,
                  label: t(`requests.customerStatus.${value}`),
                }))}
                allLabel={t('requests.filters.allStatuses')}
                label={t('requests.filters.status')}
                value={status}
                onChange={withFirstPage(setStatus)}
                testId="requests-status-filter"
              />
              <DayRangeInput
                w={250}
                placeholder={t('requests.filters.period')}
                aria-label={t('requests.filters.period')}
                value={range}
                onChange={withFirstPage(setRange)}
                clearable
                testId="requests-period-filter"
              />
            </Group>
            <ListTotal
              label={t('requests.total', { count: list.data?.total ?? 0 })}
              fetching={list.isFetching}
              testId="requests-total"
            />
          </ListToolbar>
        }
        query={list}
        errorTitle={t('requests.loadFailed')}
        loaderPy={64}
        empty={{
          icon: <ApprovalIcon size={26} />,
          title: filtered ? t('requests.noMatchTitle') : t(`requests.empty.${tab}.title`),
          description: filtered ? t('requests.noMatchBody') : t(`requests.empty.${tab}.body`),
        }}
        paging={paging(list.data?.total)}
      >
        {(items) => <RequestTable items={items} onOpen={onOpen} />}
      </ListPanel>
    </PageTabs>
  );
}
