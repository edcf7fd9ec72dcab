import { Alert, type AlertProps } from '@mantine/core';
import type { ComponentType } from 'react';

export interface NoticeProps extends Omit<AlertProps, 'icon' | 'variant' | 'radius'> {
  /** Drawn before the title at the size every notice uses. */
  icon?: ComponentType<{ size?: number }>;
  testId?: string;
}

/** The app's notices and alerts, all alike: a light, rounded box in the notice's colour. */
export function Notice({ icon: Icon, testId, ...rest }: NoticeProps) {
  return (
    <Alert variant="light" radius="md" icon={Icon ? <Icon size={18} /> : undefined} data-testid={testId} {...rest} />
  );
}
