import { ActionIcon, Group, Paper, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type Blockchain, blockchainLabel, type OrganizationToken } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, CopyValueButton, NetworkLabel, shortAddress, useNetworkOptions } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { TokenIcon, TrashIcon } from '../../components/icons';
import { ListPagination } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { ListTotal } from '../../components/ListTotal';
import { notifyError, notifySuccess } from '../../components/notify';
import { SearchInput } from '../../components/SearchInput';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { TOKENS_PAGE_SIZE, useOrganizationTokens, useRemoveToken } from './api';

/** The organization's registered tokens; managers (WALLETS_CREATION) may remove them. */
export function TokenList({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  const [page, setPage] = useState(1);
  const networks = useNetworkOptions();
  const list = useOrganizationTokens({ blockchain, search: debounced, page });
  const remove = useRemoveToken();
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TOKENS_PAGE_SIZE));
  const filtered = !!blockchain || !!debounced.trim();

  const confirmRemove = (token: OrganizationToken) =>
    modals.openConfirmModal({
      title: t('tokens.removeTitle'),
      centered: true,
      radius: 'lg',
      children: (
        <Text size="sm">
          {t('tokens.removeBody', { symbol: token.symbol, network: blockchainLabel(token.blockchain, lang) })}
        </Text>
      ),
      labels: { confirm: t('tokens.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'token-remove-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(token.id, {
          onSuccess: () => notifySuccess(t('tokens.removed', { symbol: token.symbol })),
          onError: (error) => notifyError(t('tokens.removeFailed'), error),
        }),
    });

  return (
    <Paper withBorder radius="lg" bg="white" data-testid="token-list">
      <Group justify="space-between" p="md" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <SearchInput
            w={240}
            placeholder={t('tokens.searchPlaceholder')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            testId="token-search"
          />
          <Select
            w={240}
            placeholder={t('walletList.allNetworks')}
            aria-label={t('tokens.network')}
            data={networks}
            value={blockchain}
            onChange={(value) => {
              setBlockchain(value as Blockchain | null);
              setPage(1);
            }}
            clearable
            searchable
            nothingFoundMessage={t('tokens.noNetwork')}
            data-testid="token-network-filter"
          />
        </Group>
        <ListTotal label={t('tokens.total', { count: total })} fetching={list.isFetching} testId="token-total" />
      </Group>
      <ListState
        query={list}
        items={list.data?.items}
        errorTitle={t('tokens.loadFailed')}
        loaderPy={64}
        empty={{
          icon: <TokenIcon size={26} />,
          title: filtered ? t('tokens.noMatchTitle') : t('dashboard.tokens.emptyTitle'),
          description: filtered ? t('tokens.noMatchBody') : t('dashboard.tokens.emptyBody'),
        }}
      >
        {(items) => (
          <DataTable
            minWidth={820}
            head={
              <>
                <Table.Th>{t('tokens.columns.token')}</Table.Th>
                <Table.Th>{t('tokens.columns.network')}</Table.Th>
                <Table.Th>{t('tokens.columns.contract')}</Table.Th>
                <Table.Th>{t('tokens.columns.added')}</Table.Th>
                {canManage ? <Table.Th w={60} /> : null}
              </>
            }
          >
            {items.map((token) => (
              <Table.Tr key={token.id} data-testid="token-row" data-token-id={token.tokenId}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ChainAvatar chain={token.blockchain} size={32} />
                    <Stack gap={0}>
                      <Text size="sm" fw={700} data-testid="token-symbol">
                        {token.symbol}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {token.name}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <NetworkLabel chain={token.blockchain} />
                </Table.Td>
                <Table.Td>
                  {token.contractAddress ? (
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" ff="monospace" title={token.contractAddress}>
                        {shortAddress(token.contractAddress)}
                      </Text>
                      <CopyValueButton
                        value={token.contractAddress}
                        label={t('tokens.copyContract')}
                        testId="copy-contract"
                      />
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(token.addedAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {token.addedBy?.userName ?? t('tokens.addedBySystem')}
                  </Text>
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    <Tooltip label={t('tokens.remove')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('tokens.removeOf', { symbol: token.symbol })}
                        onClick={() => confirmRemove(token)}
                        data-testid="token-remove"
                      >
                        <TrashIcon size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListState>
      <ListPagination page={page} pages={pages} onPageChange={setPage} />
    </Paper>
  );
}
