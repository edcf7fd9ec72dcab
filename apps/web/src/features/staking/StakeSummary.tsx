import { Divider, Paper, Stack, Text } from '@mantine/core';
import type { StakingTokenType } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { bpsToPercent } from './staking-math';
import { AmountValue, Row } from './staking-ui';

export interface StakeSummaryProps {
  /** The yearly return of the choice in basis points; null until a validator and a period are chosen. */
  estimate: bigint | null;
  /** What the amount entered earns in a year, when it is a valid amount. */
  perYear: string | null;
  unbondingEnd: Date | null;
  protocol: { minimumStakableAmount: string; decimals: number } | undefined;
  tokenType: StakingTokenType;
  symbol: string;
}

/** The stake form's "before you request": the estimated return, the earliest end of unbonding and the minimum. */
export function StakeSummary({ estimate, perYear, unbondingEnd, protocol, tokenType, symbol }: StakeSummaryProps) {
  const { t } = useTranslation();
  return (
    // As tall as its content beside the taller column of fields, not a grey block stretched to match it.
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      style={{ alignSelf: 'start' }}
      data-testid="stake-summary"
      aria-live="polite"
    >
      <Stack gap="xs">
        <Text size="sm" fw={700}>
          {t('staking.form.summaryTitle')}
        </Text>
        {estimate === null || !unbondingEnd || !protocol ? (
          <Text size="sm" c="dimmed" data-testid="stake-summary-empty">
            {t('staking.form.summaryChoose')}
          </Text>
        ) : (
          <>
            <Row label={t('staking.form.estimate')} value={`${bpsToPercent(estimate)}%`} testId="stake-estimate" />
            <Text size="xs" c="dimmed">
              {t('staking.form.estimateHint', {
                locked: tokenType === 'LOCKED' ? t('staking.form.estimateLocked') : '',
              })}
            </Text>
            {perYear ? (
              <Row
                label={t('staking.form.estimateAmount')}
                value={<AmountValue value={perYear} symbol={symbol} decimals={protocol.decimals} />}
                testId="stake-estimate-amount"
              />
            ) : null}
            <Divider />
            <Row
              label={t('staking.form.unbondingDate')}
              value={formatDateTime(unbondingEnd)}
              testId="stake-unbonding-date"
            />
            <Text size="xs" c="dimmed">
              {t('staking.form.unbondingHint')}
            </Text>
            <Row
              label={t('staking.form.minimum')}
              value={
                <AmountValue value={protocol.minimumStakableAmount} symbol={symbol} decimals={protocol.decimals} />
              }
              testId="stake-minimum"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
