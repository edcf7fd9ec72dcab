import { Badge, Group, Stack, Text } from '@mantine/core';
import type { DelegationState, StakingPeriod, StakingTokenType } from '@vaultline/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { amountDisplay } from './staking-math';

const STATE_COLORS: Record<DelegationState, string> = {
  BONDING: 'blue',
  ACTIVE: 'teal',
  UNBONDING: 'orange',
  UNBONDED: 'violet',
  CLAIMED: 'gray',
};

export function StateBadge({ state }: { state: DelegationState }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      radius="sm"
      tt="none"
      color={STATE_COLORS[state]}
      // Never cut to '활…' by a narrow table column.
      style={{ minWidth: 'max-content' }}
      data-testid="position-state"
      data-state={state}
    >
      {t(`staking.states.${state}`)}
    </Badge>
  );
}

export function periodLabel(t: TFunction, period: StakingPeriod): string {
  return t(`staking.periods.${period}`);
}

export function tokenTypeLabel(t: TFunction, tokenType: StakingTokenType): string {
  return t(`staking.tokenTypes.${tokenType}`);
}

/** '90 days lock' or 'No lock'. */
export function lockLabel(t: TFunction, lockSeconds: number): string {
  const days = Math.floor(lockSeconds / 86_400);
  return days > 0 ? t('staking.lockDays', { count: days }) : t('staking.noLock');
}

/** A label over a value: the figures of a card or a summary. */
export function Figure({
  label,
  value,
  hint,
  hintTitle,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: string | undefined;
  /** The hint with exact amounts, when the hint shows them short. */
  hintTitle?: string | undefined;
  testId: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" title={hintTitle === hint ? undefined : hintTitle} data-testid={`${testId}-hint`}>
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A label and its value on one line, the value on the right. */
export function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * An amount shown short ('0.012345 IP'), its every digit in the title ('0.012345678901234567 IP') where the short
 * form leaves some out: what a pointer over it, or a copy of the title, gives exactly.
 */
export function AmountValue({ value, symbol, decimals }: { value: string; symbol: string; decimals?: number }) {
  const shown = amountDisplay(value, symbol, decimals);
  return (
    <span title={shown.exact === shown.text ? undefined : shown.exact} data-exact={shown.exact}>
      {shown.text}
    </span>
  );
}
