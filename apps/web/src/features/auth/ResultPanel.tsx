import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { ScreenTitle } from '../../components/ScreenTitle';
import type { ApiError } from '../../lib/error-reader';

/** The way forward; `state` carries what the next screen needs without putting it in the URL. */
export interface ResultAction {
  label: string;
  to: string;
  state?: unknown;
}

/** The two outcomes every account flow ends on, each with its own icon and colour. */
const TONES = {
  done: { icon: <CheckIcon size={24} />, color: 'teal' },
  failed: { icon: <AlertIcon size={22} />, color: 'orange' },
};

export interface ResultPanelProps {
  testId: string;
  /** `done` or `failed` gives the icon and the colour; otherwise `icon` (and `color`) say them. */
  tone?: keyof typeof TONES;
  icon?: ReactNode;
  color?: string;
  title: string;
  body?: ReactNode;
  /** The server's answer behind a failure, shown under the title. */
  error?: ApiError | null;
  children?: ReactNode;
  action?: ResultAction;
}

/** A finished step of an account flow: an icon, what happened, and the one way forward. */
export function ResultPanel({ testId, tone, icon, color, title, body, error, children, action }: ResultPanelProps) {
  const { t } = useTranslation();
  const look = tone ? TONES[tone] : { icon, color };
  return (
    <Stack gap="lg" data-testid={testId}>
      <ScreenTitle icon={look.icon} color={look.color} title={title} description={body} />
      {error ? <ErrorAlert error={error} title={t('login.noticeTitle')} color="orange" /> : null}
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
