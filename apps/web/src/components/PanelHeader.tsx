import { Group, type MantineSpacing, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PanelTitleProps {
  title: ReactNode;
  description: ReactNode;
  /** Space between the title and its description. */
  gap?: number;
  mb?: MantineSpacing;
}

/** A panel's bold title with a dimmed sentence under it. */
export function PanelTitle({ title, description, gap = 2, mb }: PanelTitleProps) {
  return (
    <Stack gap={gap} mb={mb}>
      <Text fw={700}>{title}</Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}

/** The head row of a bordered panel: its title on the left, its actions (children) on the right. */
export function PanelHeader({ children, ...title }: Omit<PanelTitleProps, 'mb'> & { children?: ReactNode }) {
  return (
    <Group justify="space-between" p="md">
      <PanelTitle {...title} />
      {children}
    </Group>
  );
}
