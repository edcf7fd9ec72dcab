import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** A compact icon action of a table row, named by its tooltip and aria-label. */
export function RowAction({
  label,
  testId,
  color = 'gray',
  onClick,
  loading,
  children,
}: {
  label: string;
  testId: string;
  color?: string;
  onClick: () => void;
  loading?: boolean;
  children: ReactNode;
}) {
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
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
