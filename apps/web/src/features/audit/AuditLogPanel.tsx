import { Badge, Button, Group, MultiSelect, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditActionName } from '@vaultline/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeInput } from '../../components/DayRangeInput';
import { FilterSelect } from '../../components/FilterSelect';
import { DownloadIcon, ShieldIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDateTime } from '../../lib/dates';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilterState,
  type AuditScope,
  useAuditExport,
  useAuditLog,
} from './api';
import { changeLines, objectName, shortId } from './audit-format';

// The detail of one entry, fetched when first opened.
const AuditEntryDrawer = lazy(() => import('./AuditEntryDrawer').then((m) => ({ default: m.AuditEntryDrawer })));

export interface AuditLogPanelProps {
  scope: AuditScope;
  /** The people to filter by (the organization's members), from the page: members are another feature's. */
  people?: { value: string; label: string }[];
  /** Operators: the organizations to filter by, from the page. */
  organizations?: { value: string; label: string }[];
}

const EMPTY: AuditFilterState = { actorId: null, actions: [], days: [null, null], organizationId: null };

/** The audit log, newest first: filters by person, action, days (and organization for operators), CSV export. */
export function AuditLogPanel({ scope, people, organizations }: AuditLogPanelProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilterState>(EMPTY);
  const { page, paging, withFirstPage } = useListPage(AUDIT_PAGE_SIZE);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const list = useAuditLog(scope, filters, page);
  const exporting = useAuditExport(scope);
  const set = withFirstPage((next: Partial<AuditFilterState>) => setFilters((f) => ({ ...f, ...next })));

  const exportCsv = () =>
    exporting.mutate(filters, {
      onSuccess: () => notifySuccess(t('audit.exported')),
      onError: (error) => notifyError(t('audit.exportFailed'), error),
    });

  return (
    <>
      <ListPanel
        testId="audit-panel"
        header={
          <ListToolbar>
            <Group gap="sm" style={{ flex: 1 }} align="flex-end">
              {organizations ? (
                <FilterSelect
                  value={filters.organizationId}
                  onChange={(organizationId) => set({ organizationId })}
                  options={[{ value: 'PROVIDER', label: t('audit.filters.provider') }, ...organizations]}
                  allLabel={t('audit.filters.allOrganizations')}
                  label={t('audit.filters.organization')}
                  testId="audit-filter-organization"
                  w={{ base: '100%', sm: 220 }}
                />
              ) : null}
              {people ? (
                <FilterSelect
                  value={filters.actorId}
                  onChange={(actorId) => set({ actorId })}
                  options={people}
                  allLabel={t('audit.filters.anyone')}
                  label={t('audit.filters.person')}
                  testId="audit-filter-person"
                  searchable
                  w={{ base: '100%', sm: 220 }}
                />
              ) : null}
              <MultiSelect
                placeholder={filters.actions.length === 0 ? t('audit.filters.allActions') : undefined}
                aria-label={t('audit.filters.actions')}
                data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
                value={filters.actions}
                onChange={(next) => set({ actions: next as AuditActionName[] })}
                clearable
                searchable
                w={{ base: '100%', sm: 260 }}
                data-testid="audit-filter-actions"
              />
              <DayRangeInput
                value={filters.days}
                onChange={(days) => set({ days })}
                placeholder={`${t('audit.filters.from')} – ${t('audit.filters.to')}`}
                aria-label={`${t('audit.filters.from')} – ${t('audit.filters.to')}`}
                clearable
                w={{ base: '100%', sm: 240 }}
                testId="audit-filter-days"
              />
            </Group>
            <Button
              variant="default"
              leftSection={<DownloadIcon size={16} />}
              onClick={exportCsv}
              loading={exporting.isPending}
              data-testid="audit-export"
            >
              {t('audit.export')}
            </Button>
          </ListToolbar>
        }
        query={list}
        errorTitle={t('audit.loadFailed')}
        keepItemsOnError
        empty={{ title: t('audit.empty'), description: '', icon: <ShieldIcon size={26} /> }}
        paging={paging(list.data?.total)}
        table={{
          minWidth: 960,
          testId: 'audit-table',
          columns: [
            t('audit.columns.time'),
            t('audit.columns.actor'),
            t('audit.columns.action'),
            t('audit.columns.object'),
            t('audit.columns.changes'),
            t('audit.columns.ip'),
          ],
        }}
      >
        {(items) =>
          items.map((entry) => (
            <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
              <Table.Td>
                <UnstyledButton onClick={() => setOpen(entry)} data-testid="audit-open">
                  <Text size="sm" ff="monospace" c="indigo.8" td="underline">
                    {formatDateTime(entry.createdAt)}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm">{entry.actor.label}</Text>
                  <Badge size="xs" variant="light" color={entry.actor.kind === 'OPERATOR' ? 'grape' : 'gray'}>
                    {t(`audit.actorKinds.${entry.actor.kind}`)}
                  </Badge>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {t(`audit.actions.${entry.action}`)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="gray.7" ff="monospace">
                  {objectName(t, entry.objectType)}
                  {entry.objectId ? ` ${shortId(entry.objectId)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td maw={340}>
                <Stack gap={0}>
                  {changeLines(entry.before, entry.after)
                    .slice(0, 3)
                    .map((c) => (
                      <Text key={c.field} size="xs" style={{ wordBreak: 'break-word' }} lineClamp={2}>
                        <b>{c.field}</b>: {c.before ?? t('audit.nothing')} → {c.after ?? t('audit.nothing')}
                      </Text>
                    ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {entry.ip ?? t('audit.nothing')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))
        }
      </ListPanel>
      {open ? (
        <Suspense fallback={null}>
          <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
