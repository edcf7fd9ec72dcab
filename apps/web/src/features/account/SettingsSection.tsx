import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The account settings' cards; each one's texts are under `settings.<section>` (title, description, submit). */
export type SettingsSectionName = 'profile' | 'names' | 'language' | 'password';

/** One card of the account settings: an icon, a title, what it is for (the profile says nothing), and its form. */
export function SettingsSection({
  section,
  icon: Icon,
  children,
  testId,
}: {
  section: SettingsSectionName;
  icon: ComponentType<{ size?: number }>;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" bg="white" data-testid={testId}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="md" variant="light" color="indigo">
            <Icon size={18} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz="md" fw={700}>
              {t(`settings.${section}.title`)}
            </Title>
            {section === 'profile' ? null : (
              <Text size="xs" c="dimmed">
                {t(`settings.${section}.description`)}
              </Text>
            )}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A settings card's save button, on the right; it submits the card's form unless given `onClick`. */
export function SettingsSave({
  section,
  pending,
  disabled,
  onClick,
}: {
  section: Exclude<SettingsSectionName, 'profile'>;
  pending: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} loading={pending} disabled={disabled}>
        {t(`settings.${section}.submit`)}
      </Button>
    </Group>
  );
}
