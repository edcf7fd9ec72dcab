import {
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Blockchain, Wallet } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { walletPath } from '../../app/paths';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SearchIcon, WalletIcon } from '../../components/icons';
import { PageEmptyState } from '../../components/PageEmptyState';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDate } from '../../lib/dates';
import { toApiError } from '../../lib/error-reader';
import { useWalletList, WALLETS_PAGE_SIZE } from './api';
import { ChainAvatar, CopyValueButton, NetworkLabel, networkOptions, RoleBadge, shortAddress } from './chain-ui';
import { PartialHoldingsNotice } from './PartialHoldingsNotice';

export interface WalletListProps {
  /** The network chosen in the path (`/dashboard/wallets/:blockchain`), if any. */
  blockchain: Blockchain | null;
  /** Until the server answers (`partial`), whether the caller sees only part of the holdings. */
  partialBeforeAnswer: boolean;
  canCreate: boolean;
}

/** The wallets the caller may see, filtered by network (kept in the path) and by name. */
export function WalletList({ blockchain, partialBeforeAnswer, canCreate }: WalletListProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
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
            <TextInput
              w={260}
              leftSection={<SearchIcon size={16} />}
              placeholder={t('walletList.searchPlaceholder')}
              aria-label={t('walletList.searchPlaceholder')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              data-testid="wallet-search"
            />
            <Select
              w={240}
              placeholder={t('walletList.allNetworks')}
              aria-label={t('walletList.network')}
              data={networkOptions(lang, (family) => t(`chainFamilies.${family}`))}
              value={blockchain}
              onChange={(value) => {
                setPage(1);
                navigate(walletPath(value ?? undefined));
              }}
              clearable
              searchable
              nothingFoundMessage={t('walletList.noNetwork')}
              data-testid="wallet-network-filter"
            />
          </Group>
          <Group gap="xs">
            {list.isFetching ? <Loader size="xs" /> : null}
            <Text size="sm" c="dimmed" data-testid="wallet-total">
              {t('walletList.total', { count: total })}
            </Text>
          </Group>
        </Group>

        {list.isError ? (
          <Stack p="md" pt={0}>
            <ErrorAlert error={toApiError(list.error)} title={t('walletList.loadFailed')} />
          </Stack>
        ) : list.isPending ? (
          <Center py={64}>
            <Loader size="sm" />
          </Center>
        ) : list.data.items.length === 0 ? (
          <PageEmptyState
            icon={<WalletIcon size={26} />}
            title={filtered ? t('walletList.noMatchTitle') : t('walletList.emptyTitle')}
            description={
              filtered
                ? t('walletList.noMatchBody')
                : canCreate
                  ? t('walletList.emptyCreateBody')
                  : t('walletList.emptyBody')
            }
          />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>{t('walletList.columns.wallet')}</Table.Th>
                  <Table.Th>{t('walletList.columns.address')}</Table.Th>
                  <Table.Th>{t('walletList.columns.members')}</Table.Th>
                  <Table.Th>{t('walletList.columns.role')}</Table.Th>
                  <Table.Th>{t('walletList.columns.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((wallet) => (
                  <WalletRow
                    key={wallet.id}
                    wallet={wallet}
                    onOpen={() => navigate(walletPath(wallet.blockchain, wallet.id))}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" p="md">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        ) : null}
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
