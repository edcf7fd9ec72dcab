import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScreenTitle } from '../../components/ScreenTitle';

/** A finished step of an account flow: an icon, what happened, and the one way forward. */
export function ResultPanel({
  testId,
  icon,
  color,
  title,
  body,
  children,
  action,
}: {
  testId: string;
  icon: ReactNode;
  color?: string;
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  /** The way forward; `state` carries what the next screen needs without putting it in the URL. */
  action?: { label: string; to: string; state?: unknown };
}) {
  return (
    <Stack gap="lg" data-testid={testId}>
      <ScreenTitle icon={icon} color={color} title={title} description={body} />
      {children}
      {action ? (
        <Button component={Link} to={action.to} state={action.state} size="md" fullWidth>
          {action.label}
        </Button>
      ) : null}
    </Stack>
  );
}

/** A step waiting for the server, with what it is doing. */
export function PendingPanel({ label }: { label: string }) {
  return (
    <Center mih={220}>
      <Stack align="center" gap="sm" data-testid="pending-panel">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
