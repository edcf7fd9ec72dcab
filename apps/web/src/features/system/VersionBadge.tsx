import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CLIENT_VERSION } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { callApi, lazyCall } from '../../lib/api-client';

/** Fetched with the first ask: the screens that show the badge draw before its schema arrives. */
const systemInfoCall = lazyCall(() => import('./calls'), 'systemInfoCall');

export function useSystemInfo() {
  return useQuery({
    queryKey: ['system', 'info'],
    queryFn: ({ signal }) => callApi(systemInfoCall, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * The running version, and a warning badge outside production so nobody mistakes a test
 * environment for real custody. Without an answer from the server, the client's own version shows.
 */
export function VersionBadge() {
  const { t } = useTranslation();
  const { data } = useSystemInfo();
  return (
    <Group gap={6} wrap="nowrap" data-testid="version-badge">
      <Text size="xs" c="dimmed">
        {t('app.version', { version: data?.version ?? CLIENT_VERSION })}
      </Text>
      {data && !data.production ? (
        <Badge size="xs" variant="light" color="orange" title={data.environment}>
          {t('app.testEnvironment')}
        </Badge>
      ) : null}
    </Group>
  );
}
