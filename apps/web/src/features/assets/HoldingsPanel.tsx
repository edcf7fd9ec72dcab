import { Center, Loader, Paper, Radio, Stack, Table, Text } from '@mantine/core';
import type { OrganizationTokenBalance } from '@vaultline/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenCells } from '../../components/chain-ui';
import { DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AssetsIcon } from '../../components/icons';
import { ListPanel } from '../../components/ListPanel';
import { PanelHeader, PanelTitle } from '../../components/PanelHeader';
import { PartialHoldingsNotice } from '../../components/PartialHoldingsNotice';
import { formatAmount } from '../../lib/amounts';
import { toApiError } from '../../lib/error-reader';
import { AllocationDonut } from './AllocationDonut';
import { useOrganizationBalances, useTokenAllocation } from './api';
import { type RenderAddToken, UnregisteredHoldings } from './UnregisteredHoldings';

/**
 * Holdings per registered token over the visible wallets, how the chosen one is spread across wallets, and,
 * apart, held tokens the organization has not registered (out of the totals and the allocation).
 */
export function HoldingsPanel({
  partialBeforeAnswer,
  renderAddToken,
}: {
  partialBeforeAnswer: boolean;
  renderAddToken?: RenderAddToken | undefined;
}) {
  const { t } = useTranslation();
  const balances = useOrganizationBalances();
  const [selected, setSelected] = useState<string | null>(null);
  // Only registered holdings can be chosen for the allocation: the server keeps the others out of `items`.
  const items = balances.data?.items ?? [];
  const token = items.find((item) => item.tokenId === selected) ?? items[0] ?? null;
  const partial = balances.data ? balances.data.partial : partialBeforeAnswer;

  return (
    <Stack gap="lg">
      {partial ? <PartialHoldingsNotice /> : null}
      <ListPanel
        testId="holdings"
        header={
          <PanelHeader title={t('assets.holdingsTitle')} description={t('assets.holdingsBody')}>
            {balances.isFetching ? <Loader size="xs" /> : null}
          </PanelHeader>
        }
        query={balances}
        errorTitle={t('assets.loadFailed')}
        empty={{
          icon: <AssetsIcon size={26} />,
          title: t('dashboard.assets.emptyTitle'),
          description: t('dashboard.assets.emptyBody'),
        }}
      >
        {(loaded) => <HoldingsTable items={loaded} selected={token?.tokenId ?? null} onSelect={setSelected} />}
      </ListPanel>
      <UnregisteredHoldings items={balances.data?.unregistered ?? []} renderAddToken={renderAddToken} />
      {token ? <AllocationCard token={token} /> : null}
    </Stack>
  );
}

function HoldingsTable({
  items,
  selected,
  onSelect,
}: {
  items: readonly OrganizationTokenBalance[];
  selected: string | null;
  onSelect: (tokenId: string) => void;
}) {
  const { t } = useTranslation();
  const amount = (units: string, decimals: number) => (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {formatAmount(units, decimals)}
    </Text>
  );
  return (
    <DataTable
      minWidth={860}
      columns={[
        { w: 44 },
        t('assets.columns.token'),
        t('assets.columns.network'),
        { label: t('assets.columns.total'), align: 'right' },
        { label: t('assets.columns.withdrawable'), align: 'right' },
        { label: t('assets.columns.staked'), align: 'right' },
        { label: t('assets.columns.wallets'), align: 'right' },
      ]}
    >
      {items.map((item) => (
        <Table.Tr
          key={item.tokenId}
          onClick={() => onSelect(item.tokenId)}
          style={{ cursor: 'pointer' }}
          bg={item.tokenId === selected ? 'indigo.0' : undefined}
          data-testid="holding-row"
          data-token-id={item.tokenId}
          data-total={item.total}
        >
          <Table.Td>
            <Radio
              checked={item.tokenId === selected}
              onChange={() => onSelect(item.tokenId)}
              aria-label={t('assets.showAllocation', { symbol: item.symbol })}
              size="xs"
            />
          </Table.Td>
          <TokenCells token={item} />
          <Table.Td ta="right" data-testid="holding-total">
            {amount(item.total, item.decimals)}
          </Table.Td>
          <Table.Td ta="right">{amount(item.withdrawable, item.decimals)}</Table.Td>
          <Table.Td ta="right">{amount(item.staked, item.decimals)}</Table.Td>
          <Table.Td ta="right">
            <Text size="sm">{item.walletCount}</Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function AllocationCard({ token }: { token: OrganizationTokenBalance }) {
  const { t } = useTranslation();
  const wallets = useTokenAllocation(token.tokenId);
  const items = (wallets.data?.items ?? []).map((wallet) => ({
    key: wallet.walletId,
    label: wallet.name,
    amount: wallet.balances.find((b) => b.tokenId === token.tokenId)?.total ?? '0',
  }));
  return (
    <Paper withBorder radius="lg" bg="white" p="md" data-testid="allocation-card" data-token-id={token.tokenId}>
      <PanelTitle
        title={t('assets.allocationTitle', { symbol: token.symbol })}
        description={t('assets.allocationBody')}
        mb="md"
      />
      {wallets.isError ? (
        <ErrorAlert error={toApiError(wallets.error)} title={t('assets.loadFailed')} />
      ) : wallets.isPending ? (
        // As tall as the donut that replaces it, so nothing below moves when it arrives.
        <Center mih={180}>
          <Loader size="sm" />
        </Center>
      ) : (
        <AllocationDonut items={items} decimals={token.decimals} symbol={token.symbol} title={token.name} />
      )}
    </Paper>
  );
}
