import { Alert } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ForgotPasswordFlow } from '../../../features/auth/ForgotPasswordFlow';
import { LoginFlow } from '../../../features/auth/LoginFlow';
import { loginSearch, readLoginQuery, withoutGuestAccessError } from '../../../features/auth/login-query';
import { ResetPasswordFlow } from '../../../features/auth/ResetPasswordFlow';
import { SignupFlow } from '../../../features/auth/SignupFlow';
import { VerifyIpFlow } from '../../../features/auth/VerifyIpFlow';
import { readErrorCode } from '../../../lib/error-reader';
import { PATHS, safeRedirect } from '../../paths';

/** The login route and its query modes: sign-in, forgotten password, reset link, IP verification link, sign-up. */
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
      { replace: true, state: location.state },
    );
  }, [location, navigate]);

  const href = (mode: Parameters<typeof loginSearch>[0], email?: string) =>
    `${PATHS.login}${loginSearch(mode, { email, redirect: query.redirect })}`;

  switch (query.mode) {
    case 'forgot':
      return <ForgotPasswordFlow key="forgot" defaultEmail={query.email} loginHref={href('login', query.email)} />;
    case 'reset':
      return (
        <ResetPasswordFlow
          memberId={query.memberId}
          token={query.token}
          loginHref={(email) => href('login', email)}
          forgotHref={href('forgot', query.email)}
        />
      );
    case 'signup':
      return (
        <SignupFlow
          invitationId={query.invitationId}
          token={query.token}
          loginHref={(email) => `${PATHS.login}${loginSearch('login', { email })}`}
        />
      );
    case 'verify-ip':
      return (
        <VerifyIpFlow
          memberId={query.memberId}
          loginIpId={query.loginIpId}
          code={query.code}
          loginHref={href('login', query.email)}
        />
      );
  }

  return (
    <LoginFlow
      // A new ?email= (e.g. from an invitation link) starts a fresh form.
      key={query.email}
      defaultEmail={query.email}
      redirect={query.redirect}
      forgotHref={(email) => href('forgot', email)}
      banner={
        <>
          {guestNotice ? (
            <Alert data-testid="guest-notice" color="indigo" variant="light" radius="md">
              {t('login.guestNotice')}
            </Alert>
          ) : null}
          {queryError ? <ErrorAlert error={queryError} title={t('login.noticeTitle')} color="orange" /> : null}
        </>
      }
      onSignedIn={() => navigate(safeRedirect(query.redirect, PATHS.dashboard), { replace: true })}
      onRegisterOtp={() => navigate(PATHS.otpGuide)}
      onPasswordExpired={() => navigate(PATHS.expiredPassword)}
    />
  );
}
