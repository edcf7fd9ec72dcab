import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Blockchain, blockchainLabel, type OrganizationToken } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton, NetworkFilter, shortAddress, TokenCells } from '../../components/chain-ui';
import { confirmAction } from '../../components/confirm';
import { TokenIcon, TrashIcon } from '../../components/icons';
import { ListPanel, ListToolbar, useListPage } from '../../components/ListPanel';
import { ListTotal } from '../../components/ListTotal';
import { notifyOutcome } from '../../components/notify';
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
  const { page, paging, withFirstPage } = useListPage(TOKENS_PAGE_SIZE);
  const list = useOrganizationTokens({ blockchain, search: debounced, page });
  const remove = useRemoveToken();
  const total = list.data?.total ?? 0;
  const filtered = !!blockchain || !!debounced.trim();

  const confirmRemove = (token: OrganizationToken) =>
    confirmAction({
      title: t('tokens.removeTitle'),
      body: t('tokens.removeBody', { symbol: token.symbol, network: blockchainLabel(token.blockchain, lang) }),
      confirmLabel: t('tokens.remove'),
      color: 'red',
      confirmTestId: 'token-remove-confirm',
      onConfirm: () =>
        remove.mutate(token.id, notifyOutcome(t('tokens.removed', { symbol: token.symbol }), t('tokens.removeFailed'))),
    });

  return (
    <ListPanel
      testId="token-list"
      header={
        <ListToolbar>
          <Group gap="sm">
            <SearchInput
              w={240}
              placeholder={t('tokens.searchPlaceholder')}
              value={search}
              onChange={withFirstPage(setSearch)}
              testId="token-search"
            />
            <NetworkFilter
              label={t('tokens.network')}
              nothingFound={t('tokens.noNetwork')}
              value={blockchain}
              onChange={withFirstPage(setBlockchain)}
              testId="token-network-filter"
            />
          </Group>
          <ListTotal label={t('tokens.total', { count: total })} fetching={list.isFetching} testId="token-total" />
        </ListToolbar>
      }
      query={list}
      errorTitle={t('tokens.loadFailed')}
      loaderPy={64}
      empty={{
        icon: <TokenIcon size={26} />,
        title: filtered ? t('tokens.noMatchTitle') : t('dashboard.tokens.emptyTitle'),
        description: filtered ? t('tokens.noMatchBody') : t('dashboard.tokens.emptyBody'),
      }}
      paging={paging(total)}
      table={{
        minWidth: 820,
        columns: [
          t('tokens.columns.token'),
          t('tokens.columns.network'),
          t('tokens.columns.contract'),
          t('tokens.columns.added'),
          canManage ? { w: 60 } : null,
        ],
      }}
    >
      {(items) =>
        items.map((token) => (
          <Table.Tr key={token.id} data-testid="token-row" data-token-id={token.tokenId}>
            <TokenCells token={token} avatarSize={32} symbolTestId="token-symbol" />
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
        ))
      }
    </ListPanel>
  );
}
