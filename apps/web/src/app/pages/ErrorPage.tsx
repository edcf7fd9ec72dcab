import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { readErrorCode } from '../../lib/error-reader';
import { PATHS } from '../../lib/paths';
import { AccountFrame } from '../layouts/AccountFrame';

/**
 * The error screen: the `/error` route (optionally `?code=` from the error catalogue), the
 * catch-all for unknown paths, and what a screen that failed to load or draw shows (the boundary that caught
 * the error logs it).
 */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const missing = notFound;

  return (
    <AccountFrame>
      <Stack gap="md" align="flex-start" data-testid="error-page">
        <ThemeIcon size={44} radius="xl" variant="light" color={missing ? 'gray' : 'red'}>
          <Text fw={700}>{missing ? '?' : '!'}</Text>
        </ThemeIcon>
        <Title order={1} fz={24}>
          {missing ? t('error.notFoundTitle') : t('error.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('error.body')}
        </Text>
        {code ? <ErrorAlert error={readErrorCode(code)} title={t('login.noticeTitle')} color="orange" /> : null}
        <Anchor component={Link} to={PATHS.login} fw={600} size="sm">
          {t('error.backToLogin')}
        </Anchor>
      </Stack>
    </AccountFrame>
  );
}

export function NotFoundPage() {
  return <ErrorPage notFound />;
}
