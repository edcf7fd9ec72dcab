import { Anchor, Paper, Table } from '@mantine/core';
import { blockchainLabel, nativeToken, type StakingWallet } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListState';
import { PanelHeader } from '../../components/PanelHeader';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { useStakingWallets } from './api';
import { AmountValue } from './staking-ui';

export interface StakingWalletsProps {
  selectedWalletId: string | null;
  onSelect: (walletId: string) => void;
}

export const symbolOfChain = (chain: StakingWallet['blockchain']) => nativeToken(chain)?.symbol ?? 'IP';

/** The wallets on staking networks with what they have staked, can claim and can still withdraw. */
export function StakingWallets({ selectedWalletId, onSelect }: StakingWalletsProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const wallets = useStakingWallets();
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="staking-wallets-title">
      <PanelHeader
        title={<span id="staking-wallets-title">{t('staking.wallets.title')}</span>}
        description={t('staking.wallets.description')}
      />
      <ListState
        query={wallets}
        items={wallets.data?.items}
        errorTitle={t('staking.loadFailed')}
        empty={{ title: t('staking.wallets.empty'), description: '' }}
      >
        {(items) => (
          <DataTable
            minWidth={820}
            testId="staking-wallets-table"
            columns={[
              t('staking.wallets.wallet'),
              t('staking.wallets.network'),
              { label: t('staking.wallets.staked'), align: 'right' },
              { label: t('staking.wallets.claimable'), align: 'right' },
              { label: t('staking.wallets.withdrawable'), align: 'right' },
              { label: t('staking.wallets.rewards'), align: 'right' },
            ]}
          >
            {items.map((w) => {
              const symbol = symbolOfChain(w.blockchain);
              const selected = w.walletId === selectedWalletId;
              return (
                <Table.Tr
                  key={w.walletId}
                  data-testid="staking-wallet-row"
                  data-wallet-id={w.walletId}
                  data-selected={selected || undefined}
                  bg={selected ? 'indigo.0' : undefined}
                  style={{ cursor: 'pointer' }}
                  onClick={() => onSelect(w.walletId)}
                >
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      size="sm"
                      aria-label={t('staking.wallets.open', { name: w.walletName })}
                      aria-pressed={selected}
                      data-testid="staking-wallet-open"
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(w.walletId);
                      }}
                    >
                      {w.walletName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{blockchainLabel(w.blockchain, lang)}</Table.Td>
                  <Table.Td ta="right" data-testid="staking-wallet-staked">
                    <AmountValue value={w.staked} symbol={symbol} />
                  </Table.Td>
                  <Table.Td ta="right" data-testid="staking-wallet-claimable">
                    <AmountValue value={w.claimable.total} symbol={symbol} />
                  </Table.Td>
                  <Table.Td ta="right" data-testid="staking-wallet-withdrawable">
                    <AmountValue value={w.withdrawable} symbol={symbol} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <AmountValue value={w.rewards} symbol={symbol} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        )}
      </ListState>
    </Paper>
  );
}
