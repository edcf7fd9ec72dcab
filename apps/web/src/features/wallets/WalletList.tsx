import { Group, Paper, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Blockchain, Wallet } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { walletPath } from '../../app/paths';
import { DataTable } from '../../components/DataTable';
import { WalletIcon } from '../../components/icons';
import { ListPagination } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { ListTotal } from '../../components/ListTotal';
import { SearchInput } from '../../components/SearchInput';
import { formatDate } from '../../lib/dates';
import { useWalletList, WALLETS_PAGE_SIZE } from './api';
import { ChainAvatar, CopyValueButton, NetworkLabel, RoleBadge, shortAddress, useNetworkOptions } from './chain-ui';
import { PartialHoldingsNotice } from './PartialHoldingsNotice';

export interface WalletListProps {
  /** The network chosen in the path (`/dashboard/wallets/:blockchain`), if any. */
  blockchain: Blockchain | null;
  /** Until the server answers (`partial`), whether the caller sees only part of the holdings. */
  partialBeforeAnswer: boolean;
  canCreate: boolean;
  /** Where a network choice goes; by default into the wallets page's path. */
  onBlockchainChange?: (blockchain: Blockchain | null) => void;
}

/** The wallets the caller may see, filtered by network (kept in the path) and by name. */
export function WalletList({ blockchain, partialBeforeAnswer, canCreate, onBlockchainChange }: WalletListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const networks = useNetworkOptions();
  const list = useWalletList({ blockchain, search: debounced, page });
  const partial = list.data ? list.data.partial : partialBeforeAnswer;

  const filtered = !!blockchain || !!debounced.trim();
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / WALLETS_PAGE_SIZE));

  return (
    <>
      {partial ? <PartialHoldingsNotice /> : null}
      <Paper withBorder radius="lg" bg="white" data-testid="wallet-list">
        <Group justify="space-between" p="md" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <SearchInput
              w={260}
              placeholder={t('walletList.searchPlaceholder')}
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              testId="wallet-search"
            />
            <Select
              w={240}
              placeholder={t('walletList.allNetworks')}
              aria-label={t('walletList.network')}
              data={networks}
              value={blockchain}
              onChange={(value) => {
                setPage(1);
                if (onBlockchainChange) onBlockchainChange(value as Blockchain | null);
                else navigate(walletPath(value ?? undefined));
              }}
              clearable
              searchable
              nothingFoundMessage={t('walletList.noNetwork')}
              data-testid="wallet-network-filter"
            />
          </Group>
          <ListTotal label={t('walletList.total', { count: total })} fetching={list.isFetching} testId="wallet-total" />
        </Group>

        <ListState
          query={list}
          items={list.data?.items}
          errorTitle={t('walletList.loadFailed')}
          loaderPy={64}
          empty={{
            icon: <WalletIcon size={26} />,
            title: filtered ? t('walletList.noMatchTitle') : t('walletList.emptyTitle'),
            description: filtered
              ? t('walletList.noMatchBody')
              : canCreate
                ? t('walletList.emptyCreateBody')
                : t('walletList.emptyBody'),
          }}
        >
          {(items) => (
            <DataTable
              minWidth={760}
              head={
                <>
                  <Table.Th>{t('walletList.columns.wallet')}</Table.Th>
                  <Table.Th>{t('walletList.columns.address')}</Table.Th>
                  <Table.Th>{t('walletList.columns.members')}</Table.Th>
                  <Table.Th>{t('walletList.columns.role')}</Table.Th>
                  <Table.Th>{t('walletList.columns.created')}</Table.Th>
                </>
              }
            >
              {items.map((wallet) => (
                <WalletRow
                  key={wallet.id}
                  wallet={wallet}
                  onOpen={() => navigate(walletPath(wallet.blockchain, wallet.id))}
                />
              ))}
            </DataTable>
          )}
        </ListState>
        <ListPagination page={page} pages={pages} onPageChange={setPage} />
      </Paper>
    </>
  );
}

function WalletRow({ wallet, onOpen }: { wallet: Wallet; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Table.Tr
      data-testid="wallet-row"
      data-name={wallet.name}
      data-blockchain={wallet.blockchain}
      style={{ cursor: 'pointer' }}
      onClick={onOpen}
    >
      <Table.Td>
        <UnstyledButton
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          aria-label={t('walletList.open', { name: wallet.name })}
        >
          <Group gap="sm" wrap="nowrap">
            <ChainAvatar chain={wallet.blockchain} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end" data-testid="wallet-name">
                {wallet.name}
              </Text>
              <NetworkLabel chain={wallet.blockchain} size="xs" />
            </Stack>
          </Group>
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" data-testid="wallet-address" title={wallet.address}>
            {shortAddress(wallet.address)}
          </Text>
          <CopyValueButton value={wallet.address} label={t('walletList.copyAddress')} testId="copy-address" />
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t('walletList.memberCount', { count: wallet.memberCount })}</Text>
      </Table.Td>
      <Table.Td>
        <RoleBadge role={wallet.myRole} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {formatDate(wallet.createdAt)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
