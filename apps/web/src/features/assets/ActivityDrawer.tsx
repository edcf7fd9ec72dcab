import { Center, Divider, Drawer, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { AssetActivity } from '@vaultline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainAvatar, CopyValueButton, NetworkLabel, shortAddress } from '../../components/chain-ui';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/dates';
import { ActivityAmount, ActivityStatusBadge, ActivityTypeLabel, confirmationText } from './activity-ui';
import { useActivity } from './api';

export interface ActivityDrawerProps {
  /** The activity to show, or null when closed; the row's copy shows at once, the server's fresh one follows. */
  activity: AssetActivity | null;
  onClose: () => void;
}

/** One activity: amount, status with confirmations, hash, both addresses and the block. */
export function ActivityDrawer({ activity, onClose }: ActivityDrawerProps) {
  const { t } = useTranslation();
  const fresh = useActivity(activity?.id ?? null);
  const shown = fresh.data ?? activity;
  return (
    <Drawer
      opened={!!activity}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={700}>{t('activity.detailTitle')}</Text>}
      data-testid="activity-drawer"
    >
      {!shown ? (
        <Center py={40}>
          <Loader size="sm" />
        </Center>
      ) : (
        <ActivityDetail activity={shown} />
      )}
      {fresh.isError ? <ErrorAlert error={fresh.error} title={t('activity.loadFailed')} /> : null}
    </Drawer>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" align="center" gap="md" wrap="nowrap" mih={30} data-testid={testId}>
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, textAlign: 'right' }}>{children}</div>
    </Group>
  );
}

/** A hash or an address: shortened, with its whole value a click away on the clipboard. */
function CopyableField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Field label={label}>
      <Group gap={2} wrap="nowrap" justify="flex-end">
        <Text size="sm" ff="monospace" title={value} data-testid={testId} data-value={value}>
          {shortAddress(value, 10, 8)}
        </Text>
        <CopyValueButton value={value} label={t('walletDetail.copyValue', { label })} testId={`${testId}-copy`} />
      </Group>
    </Field>
  );
}

function ActivityDetail({ activity }: { activity: AssetActivity }) {
  const { t } = useTranslation();
  const confirmed = Math.min(activity.confirmations, activity.requiredConfirmations);
  const percent = activity.requiredConfirmations > 0 ? (confirmed / activity.requiredConfirmations) * 100 : 100;
  return (
    <Stack gap="md" data-testid="activity-detail" data-activity-id={activity.id}>
      <Group justify="space-between" wrap="nowrap">
        <ActivityTypeLabel type={activity.activityType} />
        <ActivityStatusBadge status={activity.status} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <ChainAvatar chain={activity.blockchain} size={40} />
        <Stack gap={0}>
          <ActivityAmount activity={activity} size="lg" />
          <NetworkLabel chain={activity.blockchain} size="xs" />
        </Stack>
      </Group>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('activity.confirmations')}
          </Text>
          <Text size="sm" fw={600} data-testid="activity-detail-confirmations">
            {confirmationText(activity)}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={activity.status === 'FAILED' ? 'red' : activity.status === 'CONFIRMED' ? 'teal' : 'yellow'}
          radius="xl"
          size="sm"
          aria-label={t('activity.confirmations')}
        />
      </Stack>
      <Divider />
      <Field label={t('activity.columns.wallet')}>
        <Text size="sm" fw={600}>
          {activity.walletName}
        </Text>
      </Field>
      <CopyableField label={t('activity.hash')} value={activity.txHash} testId="activity-hash" />
      <CopyableField label={t('activity.counterparty')} value={activity.counterparty} testId="activity-counterparty" />
      <CopyableField label={t('activity.from')} value={activity.fromAddress} testId="activity-from" />
      <CopyableField label={t('activity.to')} value={activity.toAddress} testId="activity-to" />
      <Field label={t('activity.blockHeight')} testId="activity-block">
        <Text size="sm" ff="monospace">
          {activity.blockHeight === null ? t('activity.inMempool') : activity.blockHeight.toLocaleString('en-US')}
        </Text>
      </Field>
      <Field label={t('activity.token')}>
        <Text size="sm">
          {activity.token.symbol} · {activity.token.name}
        </Text>
      </Field>
      <Field label={t('activity.createdAt')}>
        <Text size="sm">{formatDateTime(activity.createdAt)}</Text>
      </Field>
      <Field label={t('activity.confirmedAt')}>
        <Text size="sm">{activity.confirmedAt ? formatDateTime(activity.confirmedAt) : '—'}</Text>
      </Field>
    </Stack>
  );
}
