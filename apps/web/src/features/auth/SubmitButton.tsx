import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The primary full-width action of an account card. */
export function SubmitButton({ children, ...rest }: ButtonProps & { children: ReactNode; onClick?: () => void }) {
  return (
    <Button type="submit" size="md" fullWidth {...rest}>
      {children}
    </Button>
  );
}
