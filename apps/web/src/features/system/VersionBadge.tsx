import { Badge, Group, Text } from '@mantine/core';
import { type CallResponse, CLIENT_VERSION } from '@vaultline/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, lazyCall } from '../../lib/api-client';

/** Fetched with the first ask: the screens that show the badge draw before its schema arrives. */
const systemInfoCall = lazyCall(() => import('./calls'), 'systemInfoCall');

type SystemInfo = CallResponse<typeof import('./calls').systemInfoCall>;
/** Asked once per visit and never again (it changes only with a deployment); a failure is asked again later. */
let asked: Promise<SystemInfo> | undefined;
let known: SystemInfo | undefined;

/**
 * The server's version and environment. Plain React state, not the query library: the sign-in screen shows it
 * and loads without that library.
 */
export function useSystemInfo(): { data: SystemInfo | undefined } {
  const [data, setData] = useState(known);
  useEffect(() => {
    if (known) return;
    let mounted = true;
    asked ??= callApi(systemInfoCall, {}).then(
      (info) => (known = info),
      (error: unknown) => {
        asked = undefined;
        throw error;
      },
    );
    asked.then(
      (info) => mounted && setData(info),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return { data };
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
