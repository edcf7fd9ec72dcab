import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import type { ActivityType, AssetActivity, TransactionStatus } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon, ArrowUpIcon, AssetsIcon, StakingIcon } from '../../components/icons';
import { formatTokenAmount } from '../../lib/amounts';

const TYPE_LOOK: Record<ActivityType, { color: string; icon: typeof ArrowDownIcon }> = {
  DEPOSIT: { color: 'teal', icon: ArrowDownIcon },
  WITHDRAWAL: { color: 'orange', icon: ArrowUpIcon },
  STAKE: { color: 'violet', icon: StakingIcon },
  CLAIM: { color: 'blue', icon: AssetsIcon },
};

const STATUS_COLOR: Record<TransactionStatus, string> = {
  PENDING: 'yellow',
  CONFIRMED: 'teal',
  FAILED: 'red',
};

/** The activity's kind with its direction arrow: '↓ Deposit'. */
export function ActivityTypeLabel({ type }: { type: ActivityType }) {
  const { t } = useTranslation();
  const look = TYPE_LOOK[type];
  const Icon = look.icon;
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={26} radius="xl" variant="light" color={look.color}>
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm" fw={600} data-testid="activity-type" data-type={type}>
        {t(`activity.types.${type}`)}
      </Text>
    </Group>
  );
}

export function ActivityStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant={status === 'CONFIRMED' ? 'light' : 'outline'}
      radius="sm"
      tt="none"
      data-testid="activity-status"
      data-status={status}
    >
      {t(`activity.statuses.${status}`)}
    </Badge>
  );
}

/** A signed amount: incoming activities read '+1.5 ETH', outgoing '−1.5 ETH'. */
export function ActivityAmount({ activity, size = 'sm' }: { activity: AssetActivity; size?: 'sm' | 'md' | 'lg' }) {
  const incoming = activity.activityType === 'DEPOSIT' || activity.activityType === 'CLAIM';
  return (
    <Text
      size={size}
      fw={700}
      ff="monospace"
      c={activity.status === 'FAILED' ? 'dimmed' : incoming ? 'teal.8' : undefined}
      td={activity.status === 'FAILED' ? 'line-through' : undefined}
      data-testid="activity-amount"
      style={{ whiteSpace: 'nowrap' }}
    >
      {incoming ? '+' : '−'}
      {formatTokenAmount(activity.amount, activity.token)}
    </Text>
  );
}

/** '3 / 12' confirmations, capped at the required count once confirmed. */
export function confirmationText(activity: Pick<AssetActivity, 'confirmations' | 'requiredConfirmations'>): string {
  return `${Math.min(activity.confirmations, activity.requiredConfirmations)} / ${activity.requiredConfirmations}`;
}
