import { Badge, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Blockchain, Wallet } from '@vaultline/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ChainAvatar,
  CopyValueButton,
  NetworkFilter,
  NetworkLabel,
  RoleBadge,
  shortAddress,
} from '../../components/chain-ui';
import { WalletIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { ListTotal } from '../../components/ListTotal';
import { PartialHoldingsNotice } from '../../components/PartialHoldingsNotice';
import { SearchInput } from '../../components/SearchInput';
import { formatDate } from '../../lib/dates';
import { walletPath } from '../../lib/paths';
import { useWalletList, WALLETS_PAGE_SIZE } from './api';

export interface WalletListProps {
  /** The network chosen in the path (`/dashboard/wallets/:blockchain`), if any. */
  blockchain: Blockchain | null;
  /** Until the server answers (`partial`), whether the caller sees only part of the holdings. */
  partialBeforeAnswer: boolean;
  canCreate: boolean;
  /** Where a network choice goes; by default into the wallets page's path. */
  onBlockchainChange?: (blockchain: Blockchain | null) => void;
  /**
   * What stands below the list, drawn once the list's first answer arrived: content drawn under a loading list would
   * be pushed down when the rows arrive (Lighthouse measured that layout shift on the wallets page).
   */
  below?: ReactNode;
}

/** The wallets the caller may see, filtered by network (kept in the path) and by name. */
export function WalletList({ blockchain, partialBeforeAnswer, canCreate, onBlockchainChange, below }: WalletListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const { page, paging, withFirstPage } = useListPage(WALLETS_PAGE_SIZE);
  const list = useWalletList({ blockchain, search: debounced, page });
  const partial = list.data ? list.data.partial : partialBeforeAnswer;

  const filtered = !!blockchain || !!debounced.trim();
  const total = list.data?.total ?? 0;

  return (
    <>
      {partial ? <PartialHoldingsNotice /> : null}
      <ListPanel
        testId="wallet-list"
        header={
          <ListToolbar>
            <Group gap="sm">
              <SearchInput
                w={260}
                placeholder={t('walletList.searchPlaceholder')}
                value={search}
                onChange={withFirstPage(setSearch)}
                testId="wallet-search"
              />
              <NetworkFilter
                label={t('walletList.network')}
                nothingFound={t('walletList.noNetwork')}
                value={blockchain}
                onChange={withFirstPage((value) => {
                  if (onBlockchainChange) onBlockchainChange(value);
                  else navigate(walletPath(value ?? undefined));
                })}
                testId="wallet-network-filter"
              />
            </Group>
            <ListTotal
              label={t('walletList.total', { count: total })}
              fetching={list.isFetching}
              testId="wallet-total"
            />
          </ListToolbar>
        }
        query={list}
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
        paging={paging(total)}
        table={{
          minWidth: 760,
          columns: [
            t('walletList.columns.wallet'),
            t('walletList.columns.address'),
            t('walletList.columns.members'),
            t('walletList.columns.role'),
            t('walletList.columns.created'),
          ],
        }}
      >
        {(items) =>
          items.map((wallet) => (
            <WalletRow
              key={wallet.id}
              wallet={wallet}
              onOpen={() => navigate(walletPath(wallet.blockchain, wallet.id))}
            />
          ))
        }
      </ListPanel>
      {list.isFetched ? below : null}
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
        >
          <Group gap="sm" wrap="nowrap">
            <ChainAvatar chain={wallet.blockchain} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600} truncate="end" data-testid="wallet-name">
                  {wallet.name}
                </Text>
                {wallet.custody === 'COLD' ? <ColdBadge /> : null}
              </Group>
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

/** A cold wallet: its transactions are signed on the provider's air-gapped signer, after the approval line. */
function ColdBadge() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('walletList.coldHint')} withArrow>
      <Badge size="xs" variant="light" color="indigo" data-testid="cold-badge">
        {t('walletList.cold')}
      </Badge>
    </Tooltip>
  );
}
