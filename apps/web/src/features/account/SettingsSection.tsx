import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the account settings: an icon, a title, what it is for, and its form. */
export function SettingsSection({
  title,
  description,
  icon,
  children,
  testId,
}: {
  title: string;
  description?: string;
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" bg="white" data-testid={testId}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="md" variant="light" color="indigo">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} fz="md" fw={700}>
              {title}
            </Title>
            {description ? (
              <Text size="xs" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
