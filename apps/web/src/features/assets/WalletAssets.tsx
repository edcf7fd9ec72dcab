import { Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AssetActivity, TokenBalance } from '@vaultline/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AssetsIcon } from '../../components/icons';
import { ListPanel, useListPage } from '../../components/ListPanel';
import { formatAmount } from '../../lib/amounts';
import { toApiError } from '../../lib/error-reader';
import { ActivityDrawer } from './ActivityDrawer';
import { ActivityTable } from './ActivityTable';
import { ACTIVITY_PAGE_SIZE, useActivities, useWalletBalances } from './api';
import { type RenderAddToken, UnregisteredTitle } from './UnregisteredHoldings';

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
          <UnregisteredTitle
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
  const { page, paging } = useListPage(ACTIVITY_PAGE_SIZE);
  const [open, setOpen] = useState<AssetActivity | null>(null);
  const list = useActivities({ walletId: [walletId] }, page);
  return (
    <>
      <ListPanel
        testId="wallet-activity"
        query={list}
        errorTitle={t('activity.loadFailed')}
        empty={{
          icon: <AssetsIcon size={26} />,
          title: t('walletDetail.activityEmptyTitle'),
          description: t('walletDetail.activityEmptyBody'),
        }}
        paging={paging(list.data?.total)}
      >
        {(items) => <ActivityTable items={items} onOpen={setOpen} hideWallet testId="wallet-activity-table" />}
      </ListPanel>
      <ActivityDrawer activity={open} onClose={() => setOpen(null)} />
    </>
  );
}
