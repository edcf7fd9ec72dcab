import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an account-card screen: an icon badge, the page's h1 and a short explanation. */
export function ScreenTitle({
  title,
  description,
  icon,
  color = 'indigo',
  eyebrow,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  color?: string;
  eyebrow?: string;
}) {
  return (
    <Stack gap={8}>
      {icon ? (
        <ThemeIcon size={46} radius="xl" variant="light" color={color} mb={6}>
          {icon}
        </ThemeIcon>
      ) : null}
      {eyebrow ? (
        <Text size="xs" fw={700} c={`${color}.7`} tt="uppercase" lts={0.8}>
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1} fz={24} lh={1.25}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" lh={1.6} component="div">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
