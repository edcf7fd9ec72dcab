import { Button, Center, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { fromBaseUnits, type Notification, tokenById } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatRelative } from '../../lib/dates';
import { toApiError } from '../../lib/error-reader';
import { useMarkRead, useNotificationList } from './api';
import { notificationLink, notificationValues } from './notification-text';

/** A deposit's amount in its token's units: "0.25 BTC". */
function amountOf(n: Notification): string {
  const token = tokenById(String(n.data.tokenId ?? ''));
  const amount = String(n.data.amount ?? '');
  if (!token || !/^\d+$/.test(amount)) return amount;
  return `${fromBaseUnits(BigInt(amount), token.decimals)} ${token.symbol}`;
}

/** The newest notifications: each opens what it is about and counts as read; all can be marked read at once. */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const navigate = useNavigate();
  const list = useNotificationList(true);
  const markRead = useMarkRead();

  const title = (n: Notification) => {
    const values = {
      ...notificationValues(n, (type) =>
        type === 'WALLET_CREATION' || type === 'WITHDRAWAL' || type === 'STAKING'
          ? t(`notifications.requestTypes.${type}`)
          : type,
      ),
      amount: n.kind === 'DEPOSIT_RECEIVED' ? amountOf(n) : '',
    };
    if (n.kind === 'REQUEST_DECIDED')
      return t(
        values.status === 'APPROVED'
          ? 'notifications.kinds.REQUEST_DECIDED_APPROVED'
          : 'notifications.kinds.REQUEST_DECIDED_REJECTED',
        values,
      );
    return t(`notifications.kinds.${n.kind}`, values);
  };

  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate([n.id]);
    onNavigate();
    navigate(notificationLink(n));
  };

  if (list.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (list.isError) return <ErrorAlert error={toApiError(list.error)} title={t('notifications.loadFailed')} />;
  const { items, unread } = list.data;
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={700}>{t('notifications.title')}</Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={unread === 0}
          onClick={() => markRead.mutate('ALL')}
          data-testid="notification-read-all"
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7" p="md" data-testid="notification-empty">
          {t('notifications.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          {items.map((n) => (
            <UnstyledButton
              key={n.id}
              onClick={() => open(n)}
              w="100%"
              px="md"
              py="sm"
              data-testid="notification-item"
              data-kind={n.kind}
              data-read={n.readAt ? 'true' : 'false'}
              style={{
                borderBottom: '1px solid var(--mantine-color-gray-2)',
                background: n.readAt ? undefined : 'var(--mantine-color-indigo-0)',
              }}
            >
              <Text size="sm" fw={n.readAt ? 400 : 600}>
                {title(n)}
              </Text>
              <Text size="xs" c="gray.7">
                {formatRelative(n.createdAt, lang)}
                {n.readAt ? '' : ` · ${t('notifications.unread')}`}
              </Text>
            </UnstyledButton>
          ))}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
