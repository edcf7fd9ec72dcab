import { Button, Group, MultiSelect, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AML_STATUSES, type AmlStatus } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { OrganizationIcon, PlusIcon } from '../../components/icons';
import { ListFooter } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { SearchInput } from '../../components/SearchInput';
import { formatDate } from '../../lib/dates';
import { CONSOLE_PAGE_SIZE, useOperatorOrganizations } from './api';
import { AmlBadge, formatFee, OwnerStatusBadge } from './badges';
import { NewOrganizationDialog } from './NewOrganizationDialog';
import { OrganizationDrawer } from './OrganizationDrawer';

/** Organizations under custody: search, AML filter, a new organization, and each one's details. */
export function OrganizationsPanel({ canPropose }: { canPropose: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [aml, setAml] = useState<AmlStatus[]>([]);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useOperatorOrganizations(page, debounced, aml);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CONSOLE_PAGE_SIZE)) : 1;
  const filtered = Boolean(debounced) || aml.length > 0;

  return (
    <Paper withBorder radius="lg" bg="white" data-testid="organizations-panel">
      <Group justify="space-between" p="md" gap="sm">
        <Group gap="sm" style={{ flex: 1 }}>
          <SearchInput
            placeholder={t('operator.searchPlaceholder')}
            label={t('operator.search')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 300 }}
            data-testid="organization-search"
          />
          <MultiSelect
            placeholder={aml.length === 0 ? t('operator.amlFilter') : undefined}
            aria-label={t('operator.amlFilter')}
            data={AML_STATUSES.map((s) => ({ value: s, label: t(`operator.aml.${s}`) }))}
            value={aml}
            onChange={(next) => {
              setAml(next as AmlStatus[]);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', sm: 280 }}
            data-testid="aml-filter"
          />
        </Group>
        {canPropose ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)} data-testid="new-organization">
            {t('operator.create.open')}
          </Button>
        ) : null}
      </Group>
      <ListState
        query={list}
        items={data?.items}
        errorTitle={t('operator.loadFailed')}
        keepItemsOnError
        empty={{
          title: filtered ? t('operator.noMatchTitle') : t('operator.emptyTitle'),
          description: filtered ? t('operator.noMatchBody') : t('operator.emptyBody'),
          icon: <OrganizationIcon size={26} />,
        }}
      >
        {(items) => (
          <DataTable
            minWidth={960}
            testId="organizations-table"
            head={
              <>
                <Table.Th>{t('operator.columns.name')}</Table.Th>
                <Table.Th>{t('operator.fields.businessRegistrationNumber')}</Table.Th>
                <Table.Th>{t('operator.columns.owner')}</Table.Th>
                <Table.Th ta="right">{t('operator.columns.fee')}</Table.Th>
                <Table.Th>{t('operator.columns.aml')}</Table.Th>
                <Table.Th>{t('operator.columns.created')}</Table.Th>
              </>
            }
          >
            {items.map((org) => (
              <Table.Tr
                key={org.id}
                data-testid="organization-row"
                data-name={org.name}
                onClick={() => setOpenId(org.id)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <UnstyledButton
                    onClick={() => setOpenId(org.id)}
                    aria-label={t('operator.openDetail', { name: org.name })}
                  >
                    <Stack gap={0}>
                      <Text size="sm" fw={600} c="indigo.8">
                        {org.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {org.representativeName}
                      </Text>
                    </Stack>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {org.businessRegistrationNumber}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Text size="sm" data-testid="owner-email">
                      {org.ownerEmail ?? '—'}
                    </Text>
                    <OwnerStatusBadge status={org.ownerStatus} />
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600} ff="monospace" data-testid="custody-fee">
                    {formatFee(org.custodyFeeBps)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AmlBadge status={org.amlStatus} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(org.createdAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {data ? (
        <ListFooter
          label={t('operator.total', { count: data.total })}
          total={data.total}
          page={page}
          pages={pages}
          onPageChange={setPage}
        />
      ) : null}
      <NewOrganizationDialog opened={creating} onClose={() => setCreating(false)} />
      <OrganizationDrawer organizationId={openId} onClose={() => setOpenId(null)} canPropose={canPropose} />
    </Paper>
  );
}
