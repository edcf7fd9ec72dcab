import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { StakingPosition } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/dates';
import { type StakingWalletDetail, useStakingProtocols, useStakingWallet } from './api';
import { symbolOfChain } from './StakingWallets';
import { amountText, exactAmountText, isPositiveDecimal, percentText } from './staking-math';
import { AmountValue, periodLabel, StateBadge, tokenTypeLabel } from './staking-ui';

export type ClaimTarget = StakingWalletDetail['claimableByValidator'][number];

export interface WalletPositionsProps {
  walletId: string;
  onStake: (walletId: string) => void;
  onUnstake: (wallet: StakingWalletDetail, position: StakingPosition) => void;
  onClaim: (wallet: StakingWalletDetail, target: ClaimTarget) => void;
}

/** One wallet's positions (Unstake each) and what it can claim per validator (Claim each). */
export function WalletPositions({ walletId, onStake, onUnstake, onClaim }: WalletPositionsProps) {
  const { t } = useTranslation();
  const detail = useStakingWallet(walletId);
  const protocols = useStakingProtocols();
  if (detail.error) return <ErrorAlert error={detail.error} title={t('staking.positions.loadFailed')} />;
  const wallet = detail.data;
  if (!wallet) return null;
  const symbol = symbolOfChain(wallet.blockchain);
  const amount = (value: string) => amountText(value, symbol);
  // Story pays a delegation's rewards only from this amount on: below it they accrue and are not claimable yet.
  const payoutThreshold = protocols.data?.items.find((p) => p.blockchain === wallet.blockchain)?.rewardPayoutThreshold;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="staking-positions-title"
      data-testid="wallet-positions"
      data-wallet-id={wallet.walletId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={700} id="staking-positions-title">
              {t('staking.positions.title', { name: wallet.walletName })}
            </Text>
            <Text
              size="sm"
              c="dimmed"
              title={t('staking.positions.maxStake', { amount: exactAmountText(wallet.maxStakeAmount, symbol) })}
              data-testid="wallet-max-stake"
            >
              {t('staking.positions.maxStake', { amount: amount(wallet.maxStakeAmount) })}
            </Text>
          </Stack>
          <Button variant="light" onClick={() => onStake(wallet.walletId)} data-testid="wallet-stake">
            {t('staking.positions.stakeFromWallet')}
          </Button>
        </Group>
        {wallet.positions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="positions-empty">
            {t('staking.positions.empty')}
          </Text>
        ) : (
          // Eight columns fit a 1366 px screen beside the navigation: the period and token kind sit under the
          // validator's name, the two dates share a cell. Narrower than that, the table scrolls sideways.
          <DataTable
            minWidth={900}
            testId="positions-table"
            columns={[
              t('staking.positions.validator'),
              t('staking.positions.state'),
              { label: t('staking.positions.amount'), align: 'right' },
              { label: t('staking.positions.rewards'), align: 'right' },
              { label: t('staking.positions.yearlyReturn'), align: 'right' },
              t('staking.positions.dates'),
              { label: t('staking.positions.actions'), srOnly: true },
            ]}
          >
            {wallet.positions.map((p) => (
              // One line per figure: a row grows a line rather than break '1,024 IP' or a date.
              <Table.Tr
                key={p.positionId}
                data-testid="position-row"
                data-position-id={p.positionId}
                style={{ whiteSpace: 'nowrap' }}
              >
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {p.validatorName}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="position-terms">
                    {periodLabel(t, p.period)} · {tokenTypeLabel(t, p.tokenType)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StateBadge state={p.state} />
                </Table.Td>
                <Table.Td ta="right" data-testid="position-amount">
                  <AmountValue value={p.amount} symbol={symbol} />
                </Table.Td>
                <Table.Td ta="right" data-testid="position-rewards">
                  <AmountValue value={p.rewards} symbol={symbol} />
                </Table.Td>
                <Table.Td ta="right">{percentText(p.estimatedYearlyReturn)}</Table.Td>
                <Table.Td>
                  <DateLine label={t('staking.positions.lockedUntil')} testId="position-locked-until">
                    {formatDateTime(p.lockedUntil)}
                  </DateLine>
                  {p.unbondingEndsAt ? (
                    <DateLine label={t('staking.positions.unbondingEndsAt')} testId="position-unbonding-ends">
                      {formatDateTime(p.unbondingEndsAt)}
                    </DateLine>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={!p.canUnstake}
                    aria-label={t('staking.positions.unstakeLabel', {
                      amount: amount(p.amount),
                      validator: p.validatorName,
                    })}
                    onClick={() => onUnstake(wallet, p)}
                    data-testid="position-unstake"
                  >
                    {t('staking.positions.unstake')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        <Stack gap="xs">
          <Text fw={700} component="h3" size="md">
            {t('staking.positions.claimTitle')}
          </Text>
          {payoutThreshold && (
            <Text size="xs" c="dimmed" data-testid="claim-threshold-note">
              {t('staking.positions.claimThreshold', { amount: amount(payoutThreshold) })}
            </Text>
          )}
          {wallet.claimableByValidator.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="claimable-empty">
              {t('staking.positions.claimEmpty')}
            </Text>
          ) : (
            wallet.claimableByValidator.map((c) => (
              <Group
                key={c.validatorId}
                justify="space-between"
                wrap="nowrap"
                data-testid="claimable-row"
                data-validator-id={c.validatorId}
              >
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {c.validatorName}
                  </Text>
                  <Text
                    size="xs"
                    c="dimmed"
                    title={t('staking.positions.claimParts', {
                      principal: exactAmountText(c.principal, symbol),
                      rewards: exactAmountText(c.rewards, symbol),
                    })}
                  >
                    {t('staking.positions.claimParts', { principal: amount(c.principal), rewards: amount(c.rewards) })}
                  </Text>
                </Stack>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm" fw={700} data-testid="claimable-total">
                    <AmountValue value={c.total} symbol={symbol} />
                  </Text>
                  <Button
                    size="compact-sm"
                    disabled={!isPositiveDecimal(c.total)}
                    aria-label={t('staking.positions.claimLabel', {
                      amount: amount(c.total),
                      validator: c.validatorName,
                    })}
                    onClick={() => onClaim(wallet, c)}
                    data-testid="claim-open"
                  >
                    {t('staking.positions.claim')}
                  </Button>
                </Group>
              </Group>
            ))
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** 'Locked until  2026/04/02 09:00:00': a date of a position with what it is, on one line. */
function DateLine({ label, testId, children }: { label: string; testId: string; children: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" w={92}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}
