import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { NOTIFICATION_KINDS, type NotificationKindName } from '@vaultline/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { type NotificationPreference, usePreferences, useSavePreferences } from './api';

type Choices = Record<NotificationKindName, { inApp: boolean; email: boolean }>;

/** Account settings: for each kind of notification, in the app and by email. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const saved = usePreferences();
  const save = useSavePreferences();
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    if (saved.data && !choices)
      setChoices(
        Object.fromEntries(saved.data.items.map((p) => [p.kind, { inApp: p.inApp, email: p.email }])) as Choices,
      );
  }, [saved.data, choices]);

  const toggle = (kind: NotificationKindName, channel: 'inApp' | 'email', value: boolean) =>
    setChoices((c) => (c ? { ...c, [kind]: { ...c[kind], [channel]: value } } : c));
  const submit = () => {
    if (!choices) return;
    const items: NotificationPreference[] = NOTIFICATION_KINDS.map((kind) => ({ kind, ...choices[kind] }));
    save.mutate(items, {
      onSuccess: () => notifySuccess(t('notifications.settings.saved')),
      onError: (error) => notifyError(t('notifications.settings.saveFailed'), error),
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg" bg="white" data-testid="notification-settings">
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={700}>{t('notifications.settings.title')}</Text>
          <Text size="sm" c="gray.7">
            {t('notifications.settings.description')}
          </Text>
        </Stack>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('notifications.settings.kind')}</Table.Th>
              <Table.Th ta="center">{t('notifications.settings.inApp')}</Table.Th>
              <Table.Th ta="center">{t('notifications.settings.email')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const label = t(`notifications.settings.labels.${kind}`);
              return (
                <Table.Tr key={kind} data-testid="notification-setting" data-kind={kind}>
                  <Table.Td>
                    <Text size="sm">{label}</Text>
                  </Table.Td>
                  {(['inApp', 'email'] as const).map((channel) => (
                    <Table.Td key={channel}>
                      <Group justify="center">
                        <Checkbox
                          aria-label={`${label}: ${t(`notifications.settings.${channel}`)}`}
                          checked={choices?.[kind][channel] ?? false}
                          disabled={!choices}
                          onChange={(e) => toggle(kind, channel, e.currentTarget.checked)}
                          data-testid={`notification-${channel}`}
                        />
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={!choices}
            data-testid="notification-settings-save"
          >
            {t('notifications.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
