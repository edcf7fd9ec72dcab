import {
  ActionIcon,
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
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type Blockchain, blockchainLabel, type OrganizationToken } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, CopyValueButton, NetworkLabel, networkOptions, shortAddress } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SearchIcon, TokenIcon, TrashIcon } from '../../components/icons';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageEmptyState } from '../../components/PageEmptyState';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDateTime } from '../../lib/dates';
import { toApiError } from '../../lib/error-reader';
import { TOKENS_PAGE_SIZE, useOrganizationTokens, useRemoveToken } from './api';

/** The organization's registered tokens; managers (WALLETS_CREATION) may remove them. */
export function TokenList({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [blockchain, setBlockchain] = useState<Blockchain | null>(null);
  const [page, setPage] = useState(1);
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
          <TextInput
            w={240}
            leftSection={<SearchIcon size={16} />}
            placeholder={t('tokens.searchPlaceholder')}
            aria-label={t('tokens.searchPlaceholder')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="token-search"
          />
          <Select
            w={240}
            placeholder={t('walletList.allNetworks')}
            aria-label={t('tokens.network')}
            data={networkOptions(lang, (family) => t(`chainFamilies.${family}`))}
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
        <Group gap="xs">
          {list.isFetching ? <Loader size="xs" /> : null}
          <Text size="sm" c="dimmed" data-testid="token-total">
            {t('tokens.total', { count: total })}
          </Text>
        </Group>
      </Group>
      {list.isError ? (
        <Stack p="md" pt={0}>
          <ErrorAlert error={toApiError(list.error)} title={t('tokens.loadFailed')} />
        </Stack>
      ) : list.isPending ? (
        <Center py={64}>
          <Loader size="sm" />
        </Center>
      ) : list.data.items.length === 0 ? (
        <PageEmptyState
          icon={<TokenIcon size={26} />}
          title={filtered ? t('tokens.noMatchTitle') : t('dashboard.tokens.emptyTitle')}
          description={filtered ? t('tokens.noMatchBody') : t('dashboard.tokens.emptyBody')}
        />
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>{t('tokens.columns.token')}</Table.Th>
                <Table.Th>{t('tokens.columns.network')}</Table.Th>
                <Table.Th>{t('tokens.columns.contract')}</Table.Th>
                <Table.Th>{t('tokens.columns.added')}</Table.Th>
                {canManage ? <Table.Th w={60} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((token) => (
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
  );
}
