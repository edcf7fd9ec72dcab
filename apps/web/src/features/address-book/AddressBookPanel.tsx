import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADDRESS_BOOK_STATES,
  type AddressBookEntry,
  type AddressBookState,
  type OrganizationPermission,
  tokenById,
} from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, CopyValueButton, shortAddress } from '../../components/chain-ui';
import { FilterSelect } from '../../components/FilterSelect';
import { BookIcon, PlusIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { ListTotal } from '../../components/ListTotal';
import { lazyDialog } from '../../components/lazy-dialog';
import { RowActions } from '../../components/RowAction';
import { SearchInput } from '../../components/SearchInput';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { StateBadge, TokenMark, tokenOptions } from './address-book-ui';
import { ADDRESS_BOOK_PAGE_SIZE, useAddressBookList } from './api';
import type { EntryDetailDrawerProps } from './EntryDetailDrawer';

// Fetched when first opened.
const RegisterEntryDialog = lazyDialog(() => import('./RegisterEntryDialog').then((m) => m.RegisterEntryDialog));
const EntryDetailDrawer = lazyDialog(() =>
  import('./EntryDetailDrawer').then((m) => ({ opened: _, ...props }: EntryDetailDrawerProps & { opened: boolean }) => (
    <m.EntryDetailDrawer {...props} />
  )),
);

export interface AddressBookPanelProps {
  organizationId: string;
  /** The caller's permissions as the server reports them (`myPermissions`). */
  myPermissions: readonly OrganizationPermission[];
}

/** From the server's effective list, where the owner already holds every permission: nothing is inferred here. */
const holds = (permissions: readonly OrganizationPermission[], wanted: OrganizationPermission) =>
  permissions.includes(wanted);

/**
 * The organization's address book: search, token and state filters, state badges, masked receivers and pages;
 * registering, re-verifying and deleting as the caller's permissions allow.
 */
export function AddressBookPanel({ organizationId, myPermissions }: AddressBookPanelProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [tokenId, setTokenId] = useState<string | null>(null);
  const [state, setState] = useState<AddressBookState | null>(null);
  const { page, paging, withFirstPage } = useListPage(ADDRESS_BOOK_PAGE_SIZE);
  const list = useAddressBookList(organizationId, { search: debounced, tokenId, state, page });
  const [registering, setRegistering] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const canCreate = holds(myPermissions, 'ADDRESS_BOOK_CREATION');
  const actions = {
    verify: holds(myPermissions, 'ADDRESS_BOOK_UPDATE'),
    remove: holds(myPermissions, 'ADDRESS_BOOK_DELETION'),
  };
  const total = list.data?.total ?? 0;
  const filtered = !!debounced || !!tokenId || !!state;

  return (
    <>
      <ListPanel
        testId="address-book-panel"
        header={
          <ListToolbar>
            <Group gap="sm">
              <SearchInput
                w={{ base: '100%', sm: 280 }}
                placeholder={t('addressBook.searchPlaceholder')}
                label={t('addressBook.search')}
                value={search}
                onChange={withFirstPage(setSearch)}
                testId="address-book-search"
              />
              <FilterSelect<string>
                w={200}
                options={tokenOptions(lang)}
                allLabel={t('addressBook.allTokens')}
                label={t('addressBook.tokenFilter')}
                value={tokenId}
                onChange={withFirstPage(setTokenId)}
                searchable
                nothingFoundMessage={t('addressBook.noToken')}
                leftSection={
                  tokenId && tokenById(tokenId) ? (
                    <ChainAvatar chain={tokenById(tokenId)!.blockchain} size={20} />
                  ) : null
                }
                testId="address-book-token-filter"
              />
              <FilterSelect<AddressBookState>
                w={180}
                options={ADDRESS_BOOK_STATES.map((s) => ({ value: s, label: t(`addressBook.states.${s}`) }))}
                allLabel={t('addressBook.allStates')}
                label={t('addressBook.stateFilter')}
                value={state}
                onChange={withFirstPage(setState)}
                testId="address-book-state-filter"
              />
            </Group>
            <Group gap="md">
              <ListTotal
                label={t('addressBook.total', { count: total })}
                fetching={list.isFetching}
                testId="address-book-total"
              />
              {canCreate ? (
                <Button
                  leftSection={<PlusIcon size={16} />}
                  onClick={() => setRegistering(true)}
                  data-testid="address-book-register"
                >
                  {t('addressBook.register')}
                </Button>
              ) : null}
            </Group>
          </ListToolbar>
        }
        query={list}
        errorTitle={t('addressBook.loadFailed')}
        keepItemsOnError
        empty={{
          icon: <BookIcon size={26} />,
          title: filtered ? t('addressBook.noMatchTitle') : t('addressBook.emptyTitle'),
          description: filtered
            ? t('addressBook.noMatchBody')
            : canCreate
              ? t('addressBook.emptyBody')
              : t('addressBook.emptyBodyReadOnly'),
        }}
        paging={paging(list.data?.total)}
        table={{
          minWidth: 1100,
          testId: 'address-book-table',
          columns: [
            t('addressBook.columns.name'),
            t('addressBook.columns.token'),
            t('addressBook.columns.address'),
            t('addressBook.columns.walletType'),
            t('addressBook.columns.receiver'),
            { label: t('addressBook.columns.state'), w: 120 },
            t('addressBook.columns.created'),
            { label: t('addressBook.columns.actions'), w: 60, srOnly: true },
          ],
        }}
      >
        {(items) => items.map((entry) => <EntryRow key={entry.id} entry={entry} onOpen={setOpenId} />)}
      </ListPanel>
      <RegisterEntryDialog
        opened={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(entry) => {
          setRegistering(false);
          setOpenId(entry.id);
        }}
      />
      <EntryDetailDrawer opened={!!openId} addressBookId={openId} onClose={() => setOpenId(null)} actions={actions} />
    </>
  );
}

function EntryRow({ entry, onOpen }: { entry: AddressBookEntry; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Table.Tr
      data-testid="address-book-row"
      data-entry-id={entry.id}
      data-name={entry.name}
      data-state={entry.state}
      style={{ cursor: 'pointer' }}
      onClick={() => onOpen(entry.id)}
    >
      <Table.Td>
        <Text size="sm" fw={600} data-testid="entry-row-name">
          {entry.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <TokenMark tokenId={entry.tokenId} blockchain={entry.blockchain} />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <Text size="sm" ff="monospace" title={entry.address} style={{ whiteSpace: 'nowrap' }}>
            {shortAddress(entry.address)}
          </Text>
          <CopyValueButton value={entry.address} label={t('addressBook.copyAddress')} />
        </Group>
        {entry.memo ? (
          <Text size="xs" c="dimmed">
            {t('addressBook.memoShort', { memo: entry.memo })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm">{t(`addressBook.walletTypes.${entry.walletType}`)}</Text>
          {entry.vasp ? (
            <Text size="xs" c="dimmed">
              {entry.vasp.name}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" data-testid="entry-row-receiver">
            {entry.receiver.nameKo}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`addressBook.receiverTypes.${entry.receiverType}`)} · {entry.receiver.nameEn}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <StateBadge state={entry.state} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
        {entry.createdBy ? (
          <Text size="xs" c="dimmed">
            {entry.createdBy.userName}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <RowActions
          actions={[
            {
              label: t('addressBook.actions.details'),
              testId: 'entry-open',
              icon: BookIcon,
              onClick: () => onOpen(entry.id),
            },
          ]}
        />
      </Table.Td>
    </Table.Tr>
  );
}
