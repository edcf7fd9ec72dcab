import { Alert, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ShieldIcon } from '../../../components/icons';
import { LoginForm } from '../../../features/auth/LoginForm';
import { readLoginQuery, withoutGuestAccessError } from '../../../features/auth/login-query';
import { readErrorCode } from '../../../lib/error-reader';
import { PATHS, safeRedirect } from '../../paths';
import { AccountNotice } from './AccountNotice';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const query = readLoginQuery(searchParams);
  // Remembered for this visit only: the parameter itself is dropped from the URL right away.
  const [guestNotice] = useState(query.guestAccess);
  const queryError = useMemo(() => (query.errorCode ? readErrorCode(query.errorCode) : null), [query.errorCode]);

  useEffect(() => {
    const next = withoutGuestAccessError(new URLSearchParams(location.search));
    if (!next) return;
    const search = next.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      {
        replace: true,
        state: location.state,
      },
    );
  }, [location, navigate]);

  if (query.step === 'forgot') {
    return <AccountNotice title={t('login.forgotTitle')} body={t('login.forgotBody')} />;
  }

  const forgot = new URLSearchParams(searchParams);
  forgot.set('step', 'forgot');

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={26}>
          {t('login.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      {guestNotice ? (
        <Alert data-testid="guest-notice" color="indigo" variant="light" radius="md">
          {t('login.guestNotice')}
        </Alert>
      ) : null}
      {queryError ? <ErrorAlert error={queryError} title={t('login.noticeTitle')} color="orange" /> : null}
      <LoginForm
        // A new ?email= (e.g. from an invitation link) starts a fresh form.
        key={query.email}
        defaultEmail={query.email}
        forgotHref={`${PATHS.login}?${forgot.toString()}`}
        onSignedIn={() => navigate(safeRedirect(query.redirect), { replace: true })}
        onRegisterOtp={(memberId, ticket) => navigate(PATHS.otpRegister, { state: { memberId, ticket } })}
      />
      <Divider />
      <Group gap={8} wrap="nowrap" c="dimmed">
        <ShieldIcon size={16} />
        <Text size="xs" c="dimmed">
          {t('login.securityNote')}
        </Text>
      </Group>
    </Stack>
  );
}
