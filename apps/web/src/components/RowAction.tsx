import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ComponentType } from 'react';

export interface RowActionProps {
  label: string;
  testId: string;
  color?: string;
  onClick: () => void;
  loading?: boolean;
  icon: ComponentType<{ size?: number }>;
  iconSize?: number;
}

/** A compact icon action of a table row, named by its tooltip and aria-label. */
export function RowAction({
  label,
  testId,
  color = 'gray',
  onClick,
  loading,
  icon: Icon,
  iconSize = 18,
}: RowActionProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        radius="md"
        aria-label={label}
        data-testid={testId}
        onClick={onClick}
        loading={loading}
      >
        <Icon size={iconSize} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A row's actions, side by side at the right of its last cell; `false` leaves out one the caller may not take. */
export function RowActions({ actions }: { actions: readonly (RowActionProps | false)[] }) {
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      {actions.map((action) => (action ? <RowAction key={action.testId} {...action} /> : null))}
    </Group>
  );
}
