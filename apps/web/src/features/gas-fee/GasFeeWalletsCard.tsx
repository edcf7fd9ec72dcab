import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { GasFeeWallet } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, CopyValueButton, shortAddress, useChainLabel } from '../../components/chain-ui';
import { AlertIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PanelTitle } from '../../components/PanelHeader';
import { callApi, lazyCall } from '../../lib/api-client';

// The call's definition (and its schemas) arrives with the first call: the card draws without zod (calls.ts).
const gasFeeWalletListCall = lazyCall(() => import('./calls'), 'gasFeeWalletListCall');

export const GAS_FEE_QUERY = ['gas-fee-wallets'] as const;

/**
 * The organization's gas-fee wallets: what the custody provider pays network costs from on its behalf (an EOS-type
 * account's creation). Shown to members who see every wallet; a low one carries the catalogue's warning (10).
 */
export function GasFeeWalletsCard() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: GAS_FEE_QUERY,
    queryFn: () => callApi(gasFeeWalletListCall),
    staleTime: 30_000,
  });
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md" mt="lg" data-testid="gas-fee-wallets">
      <PanelTitle title={t('gasFee.title')} description={t('gasFee.description')} mb="sm" />
      <Stack gap="xs">
        {items.map((w) => (
          <GasFeeRow key={w.blockchain} wallet={w} />
        ))}
      </Stack>
    </Card>
  );
}

function GasFeeRow({ wallet }: { wallet: GasFeeWallet }) {
  const { t } = useTranslation();
  const chainLabel = useChainLabel();
  return (
    <Stack gap={4} data-testid={`gas-fee-${wallet.blockchain}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ChainAvatar chain={wallet.blockchain} size={28} />
          <div>
            <Text size="sm" fw={600}>
              {chainLabel(wallet.blockchain)}
            </Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed" ff="monospace">
                {shortAddress(wallet.address)}
              </Text>
              <CopyValueButton value={wallet.address} label={t('gasFee.copyAddress')} />
            </Group>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {wallet.balance} {wallet.symbol}
          </Text>
          {wallet.low ? (
            <Badge color="orange" variant="light">
              {t('gasFee.low')}
            </Badge>
          ) : null}
        </Group>
      </Group>
      {wallet.warning ? (
        <Notice color="orange" icon={AlertIcon}>
          <Text size="sm">
            {wallet.warning.message} {t('gasFee.lowWaterMark', { amount: wallet.lowWaterMark, symbol: wallet.symbol })}
          </Text>
        </Notice>
      ) : null}
    </Stack>
  );
}
