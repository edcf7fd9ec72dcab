import { Button, Group, MultiSelect, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AmlStatus } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationIcon, PlusIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { lazyDialog } from '../../components/lazy-dialog';
import { SearchInput } from '../../components/SearchInput';
import { formatDate } from '../../lib/dates';
import { AML_STATUSES } from './aml';
import { CONSOLE_PAGE_SIZE, type OperatedOrganization, useOperatorOrganizations } from './api';
import { AmlBadge, formatFee, OwnerStatusBadge } from './badges';
import type { OrganizationDrawerProps } from './OrganizationDrawer';

// Fetched when first opened.
const NewOrganizationDialog = lazyDialog(() => import('./NewOrganizationDialog').then((m) => m.NewOrganizationDialog));
const OrganizationDrawer = lazyDialog(() =>
  import('./OrganizationDrawer').then(
    (m) =>
      ({ opened: _, ...props }: OrganizationDrawerProps & { opened: boolean }) => <m.OrganizationDrawer {...props} />,
  ),
);

/** Organizations under custody: search, AML filter, a new organization, and each one's details. */
export function OrganizationsPanel({ canPropose }: { canPropose: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [aml, setAml] = useState<AmlStatus[]>([]);
  const { page, paging, withFirstPage } = useListPage(CONSOLE_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useOperatorOrganizations(page, debounced, aml);
  const data = list.data;
  const filtered = Boolean(debounced) || aml.length > 0;

  return (
    <>
      <ListPanel
        testId="organizations-panel"
        header={
          <ListToolbar>
            <Group gap="sm" style={{ flex: 1 }}>
              <SearchInput
                placeholder={t('operator.searchPlaceholder')}
                label={t('operator.search')}
                value={search}
                onChange={withFirstPage(setSearch)}
                w={{ base: '100%', sm: 300 }}
                data-testid="organization-search"
              />
              <MultiSelect
                placeholder={aml.length === 0 ? t('operator.amlFilter') : undefined}
                aria-label={t('operator.amlFilter')}
                data={AML_STATUSES.map((s) => ({ value: s, label: t(`operator.aml.${s}`) }))}
                value={aml}
                onChange={withFirstPage((next) => setAml(next as AmlStatus[]))}
                clearable
                w={{ base: '100%', sm: 280 }}
                data-testid="aml-filter"
              />
            </Group>
            {canPropose ? (
              <Button
                leftSection={<PlusIcon size={16} />}
                onClick={() => setCreating(true)}
                data-testid="new-organization"
              >
                {t('operator.create.open')}
              </Button>
            ) : null}
          </ListToolbar>
        }
        query={list}
        errorTitle={t('operator.loadFailed')}
        keepItemsOnError
        empty={{
          title: filtered ? t('operator.noMatchTitle') : t('operator.emptyTitle'),
          description: filtered ? t('operator.noMatchBody') : t('operator.emptyBody'),
          icon: <OrganizationIcon size={26} />,
        }}
        paging={paging(data?.total, { label: (count) => t('operator.total', { count }) })}
        table={{
          minWidth: 960,
          testId: 'organizations-table',
          columns: [
            t('operator.columns.name'),
            t('operator.fields.businessRegistrationNumber'),
            t('operator.columns.owner'),
            { label: t('operator.columns.fee'), align: 'right' },
            t('operator.columns.aml'),
            t('operator.columns.created'),
          ],
        }}
      >
        {(items) => items.map((org) => <OrganizationRow key={org.id} org={org} onOpen={() => setOpenId(org.id)} />)}
      </ListPanel>
      <NewOrganizationDialog opened={creating} onClose={() => setCreating(false)} />
      <OrganizationDrawer
        opened={!!openId}
        organizationId={openId}
        onClose={() => setOpenId(null)}
        canPropose={canPropose}
      />
    </>
  );
}

function OrganizationRow({ org, onOpen }: { org: OperatedOrganization; onOpen: () => void }) {
  // Named by what it shows (the organization and its representative): label in name.
  return (
    <Table.Tr data-testid="organization-row" data-name={org.name} onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <UnstyledButton onClick={onOpen}>
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
  );
}
