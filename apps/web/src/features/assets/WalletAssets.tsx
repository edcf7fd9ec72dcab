import { Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AssetActivity, TokenBalance } from '@vaultline/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AssetsIcon } from '../../components/icons';
import { ListPagination } from '../../components/ListFooter';
import { ListState } from '../../components/ListState';
import { PanelTitle } from '../../components/PanelHeader';
import { formatAmount } from '../../lib/amounts';
import { toApiError } from '../../lib/error-reader';
import { ActivityDrawer } from './ActivityDrawer';
import { ActivityTable } from './ActivityTable';
import { ACTIVITY_PAGE_SIZE, useActivities, useWalletBalances } from './api';
import { NotRegisteredBadge, type RenderAddToken } from './UnregisteredHoldings';

/**
 * A wallet's balances: one card per coin and registered token with its total, withdrawable and staked amounts;
 * held tokens the organization has not registered follow apart, marked, with the add control when allowed.
 */
export function WalletBalances({
  walletId,
  renderAddToken,
}: {
  walletId: string;
  renderAddToken?: RenderAddToken | undefined;
}) {
  const { t } = useTranslation();
  const balances = useWalletBalances(walletId);
  const unregistered = balances.data?.unregistered ?? [];
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
      {unregistered.length > 0 ? (
        <Stack gap="xs" mt="md" data-testid="wallet-unregistered">
          <PanelTitle
            title={
              <Group gap="xs" component="span">
                {t('assets.unregisteredTitle')}
                <NotRegisteredBadge />
              </Group>
            }
            description={renderAddToken ? t('walletAssets.unregisteredBody') : t('walletAssets.unregisteredBodyAsk')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {unregistered.map((balance) => (
              <BalanceCard key={balance.tokenId} balance={balance} action={renderAddToken?.(balance)} unregistered />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Paper>
  );
}

function BalanceCard({
  balance,
  unregistered = false,
  action,
}: {
  balance: TokenBalance;
  /** Held but not registered: marked, on an orange-edged card. */
  unregistered?: boolean;
  action?: ReactNode;
}) {
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
      bg={unregistered ? 'orange.0' : 'gray.0'}
      style={unregistered ? { borderColor: 'var(--mantine-color-orange-3)' } : undefined}
      data-testid={unregistered ? 'wallet-unregistered-balance' : 'wallet-balance'}
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
      {action ? (
        <Group justify="flex-end" mt="xs">
          {action}
        </Group>
      ) : null}
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
      <ListState
        query={list}
        items={list.data?.items}
        errorTitle={t('activity.loadFailed')}
        headless
        empty={{
          icon: <AssetsIcon size={26} />,
          title: t('walletDetail.activityEmptyTitle'),
          description: t('walletDetail.activityEmptyBody'),
        }}
      >
        {(items) => <ActivityTable items={items} onOpen={setOpen} hideWallet testId="wallet-activity-table" />}
      </ListState>
      <ListPagination page={page} pages={pages} onPageChange={setPage} />
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
