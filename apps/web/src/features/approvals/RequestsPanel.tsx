import { Badge, Group, Paper, Select, Tabs } from '@mantine/core';
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
import { ListPagination } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { ListTotal } from '../../components/ListTotal';
import '../../lib/dates';
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
  const [page, setPage] = useState(1);
  const { from, to } = dayRange(range);
  const list = useRequestList({ tab: REQUEST_TAB_SLUGS[tab], type, status, from, to, page });
  const count = useActionableCount();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / REQUESTS_PAGE_SIZE));
  const filtered = !!(type || status || from || to);

  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        if (!next) return;
        setPage(1);
        onTabChange(next as RequestTabSlug);
      }}
    >
      <Tabs.List mb="md">
        {(Object.keys(REQUEST_TAB_SLUGS) as RequestTabSlug[]).map((slug) => {
          const Icon = TAB_ICONS[slug];
          return (
            <Tabs.Tab
              key={slug}
              value={slug}
              leftSection={<Icon size={16} />}
              rightSection={
                slug === 'pending' && count.data && count.data.count > 0 ? (
                  <Badge size="sm" color="red" circle data-testid="pending-count">
                    {count.data.count}
                  </Badge>
                ) : null
              }
              data-testid={`requests-tab-${slug}`}
            >
              {t(`requests.tabs.${slug}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Paper withBorder radius="lg" bg="white" data-testid="requests-panel">
        <Group justify="space-between" p="md" gap="sm">
          <Group gap="sm">
            <Select
              w={170}
              placeholder={t('requests.filters.allTypes')}
              aria-label={t('requests.filters.type')}
              data={REQUEST_TYPES.map((value) => ({ value, label: t(`requests.types.${value}`) }))}
              value={type}
              onChange={(value) => {
                setType(value as RequestType | null);
                setPage(1);
              }}
              clearable
              data-testid="requests-type-filter"
            />
            <Select
              w={170}
              placeholder={t('requests.filters.allStatuses')}
              aria-label={t('requests.filters.status')}
              data={CUSTOMER_REQUEST_STATUSES.map((value) => ({ value, label: t(`requests.customerStatus.${value}`) }))}
              value={status}
              onChange={(value) => {
                setStatus(value as CustomerRequestStatus | null);
                setPage(1);
              }}
              clearable
              data-testid="requests-status-filter"
            />
            <DayRangeInput
              w={250}
              placeholder={t('requests.filters.period')}
              aria-label={t('requests.filters.period')}
              value={range}
              onChange={(value) => {
                setRange(value);
                setPage(1);
              }}
              clearable
              testId="requests-period-filter"
            />
          </Group>
          <ListTotal
            label={t('requests.total', { count: list.data?.total ?? 0 })}
            fetching={list.isFetching}
            testId="requests-total"
          />
        </Group>
        <ListState
          query={list}
          items={list.data?.items}
          errorTitle={t('requests.loadFailed')}
          loaderPy={64}
          empty={{
            icon: <ApprovalIcon size={26} />,
            title: filtered ? t('requests.noMatchTitle') : t(`requests.empty.${tab}.title`),
            description: filtered ? t('requests.noMatchBody') : t(`requests.empty.${tab}.body`),
          }}
        >
          {(items) => <RequestTable items={items} onOpen={onOpen} />}
        </ListState>
        <ListPagination page={page} pages={pages} onPageChange={setPage} />
      </Paper>
    </Tabs>
  );
}
