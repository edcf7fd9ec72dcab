import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/** A calm placeholder for a list or screen that has nothing to show yet. */
export function PageEmptyState({ title, description, icon }: { title: string; description: string; icon?: ReactNode }) {
  return (
    <EmptyState
      data-testid="empty-state"
      variant="light"
      size="md"
      py={56}
      title={title}
      description={description}
      icon={icon ?? <EmptyIcon />}
    />
  );
}

function EmptyIcon() {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M3 10h18" strokeLinecap="round" />
      <path d="M7 15h4" strokeLinecap="round" />
    </svg>
  );
}
