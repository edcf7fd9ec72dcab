import { Center, Group, Loader, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AssetActivity, TokenBalance } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AssetsIcon } from '../../components/icons';
import { PageEmptyState } from '../../components/PageEmptyState';
import { formatAmount } from '../../lib/amounts';
import { toApiError } from '../../lib/error-reader';
import { ActivityDrawer } from './ActivityDrawer';
import { ActivityTable } from './ActivityTable';
import { ACTIVITY_PAGE_SIZE, useActivities, useWalletBalances } from './api';

/** A wallet's balances: one card per token with its total, withdrawable and staked amounts. */
export function WalletBalances({ walletId }: { walletId: string }) {
  const { t } = useTranslation();
  const balances = useWalletBalances(walletId);
  return (
    <Paper withBorder radius="lg" bg="white" p="md" data-testid="wallet-balances">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{t('walletAssets.balancesTitle')}</Text>
        {balances.isFetching ? <Loader size="xs" /> : null}
      </Group>
      {balances.isError ? (
        <ErrorAlert error={toApiError(balances.error)} title={t('assets.loadFailed')} />
      ) : balances.isPending ? (
        <Center py={24}>
          <Loader size="sm" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {balances.data.balances.map((balance) => (
            <BalanceCard key={balance.tokenId} balance={balance} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

function BalanceCard({ balance }: { balance: TokenBalance }) {
  const { t } = useTranslation();
  const row = (label: string, units: string, testId: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" ff="monospace" data-testid={testId}>
        {formatAmount(units, balance.decimals)}
      </Text>
    </Group>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      data-testid="wallet-balance"
      data-token-id={balance.tokenId}
      data-total={balance.total}
    >
      <Group justify="space-between" align="baseline" wrap="nowrap" mb={6}>
        <Text size="sm" fw={700}>
          {balance.symbol}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {balance.name}
        </Text>
      </Group>
      <Text
        fw={700}
        size="lg"
        ff="monospace"
        mb={4}
        data-testid="wallet-balance-total"
        style={{ wordBreak: 'break-all' }}
      >
        {formatAmount(balance.total, balance.decimals)}
      </Text>
      <Stack gap={2}>
        {row(t('assets.columns.withdrawable'), balance.withdrawable, 'wallet-balance-withdrawable')}
        {row(t('assets.columns.staked'), balance.staked, 'wallet-balance-staked')}
      </Stack>
    </Paper>
  );
}

/** The wallet's activity history, newest first, with the detail drawer. */
export function WalletActivity({ walletId }: { walletId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AssetActivity | null>(null);
  const list = useActivities({ walletId: [walletId] }, page);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / ACTIVITY_PAGE_SIZE));
  return (
    <Paper withBorder radius="lg" bg="white" data-testid="wallet-activity">
      {list.isError ? (
        <Stack p="md">
          <ErrorAlert error={toApiError(list.error)} title={t('activity.loadFailed')} />
        </Stack>
      ) : list.isPending ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : list.data.items.length === 0 ? (
        <PageEmptyState
          icon={<AssetsIcon size={26} />}
          title={t('walletDetail.activityEmptyTitle')}
          description={t('walletDetail.activityEmptyBody')}
        />
      ) : (
        <ActivityTable items={list.data.items} onOpen={setOpen} hideWallet testId="wallet-activity-table" />
      )}
      {pages > 1 ? (
        <Group justify="center" p="md">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      ) : null}
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
