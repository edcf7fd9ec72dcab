import { Button, CloseButton, Dialog, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { AssetActivity } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { shortAddress } from '../../components/chain-ui';
import { formatTokenAmount } from '../../lib/amounts';
import { formatDateTime } from '../../lib/dates';
import { ActivityStatusBadge, ActivityTypeLabel } from './activity-ui';

export interface NoticeDialogProps {
  notices: readonly AssetActivity[];
  onDismiss: (activityId: string) => void;
  onDismissAll: () => void;
}

/**
 * A corner dialog, not a modal: a deposit arriving while someone fills a form must be seen, never block the form.
 */
export function NoticeDialog({ notices, onDismiss, onDismissAll }: NoticeDialogProps) {
  const { t } = useTranslation();
  const title = t('notices.title', { count: notices.length });
  return (
    <Dialog
      opened={notices.length > 0}
      position={{ bottom: 20, right: 20 }}
      size="lg"
      radius="lg"
      shadow="xl"
      withBorder
      role="dialog"
      aria-label={title}
      data-testid="notice-dialog"
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={700}>{title}</Text>
        <CloseButton onClick={onDismissAll} aria-label={t('notices.dismissAll')} />
      </Group>
      <ScrollArea.Autosize mah="50vh">
        <Stack gap="sm">
          {notices.map((activity) => (
            <NoticeItem key={activity.id} activity={activity} onDismiss={() => onDismiss(activity.id)} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button onClick={onDismissAll} data-testid="notice-dismiss-all">
          {t('notices.dismissAll')}
        </Button>
      </Group>
    </Dialog>
  );
}

function NoticeItem({ activity, onDismiss }: { activity: AssetActivity; onDismiss: () => void }) {
  const { t } = useTranslation();
  const kind = activity.activityType === 'WITHDRAWAL' ? 'withdrawal' : 'deposit';
  const amount = formatTokenAmount(activity.amount, activity.token);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="notice"
      data-activity-id={activity.id}
      data-status={activity.status}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <ActivityTypeLabel type={activity.activityType} />
            <ActivityStatusBadge status={activity.status} />
          </Group>
          <Text size="sm" fw={600} data-testid="notice-text">
            {t(`notices.${kind}.${activity.status}`, { amount, wallet: activity.walletName })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('notices.hash', { hash: shortAddress(activity.txHash, 10, 6) })} · {formatDateTime(activity.createdAt)}
          </Text>
        </Stack>
        <CloseButton aria-label={t('notices.dismiss')} onClick={onDismiss} data-testid="notice-dismiss" />
      </Group>
    </Paper>
  );
}
