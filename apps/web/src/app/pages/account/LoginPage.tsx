import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Notice } from '../../../components/Notice';
import { ForgotPasswordFlow } from '../../../features/auth/ForgotPasswordFlow';
import { LoginFlow } from '../../../features/auth/LoginFlow';
import {
  emailFromLinkState,
  type LoginLink,
  type LoginMode,
  loginLinkState,
  loginSearch,
  readLoginQuery,
  withoutDroppedErrors,
} from '../../../features/auth/login-query';
import { ResetPasswordFlow } from '../../../features/auth/ResetPasswordFlow';
import { SignupFlow } from '../../../features/auth/SignupFlow';
import { VerifyIpFlow } from '../../../features/auth/VerifyIpFlow';
import { readErrorCode } from '../../../lib/error-reader';
import { PATHS, safeRedirect } from '../../../lib/paths';

/** The login route and its query modes: sign-in, forgotten password, reset link, IP verification link, sign-up. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const query = readLoginQuery(searchParams);
  // The email typed on another screen of this route arrives in history state, never in the URL;
  // `?email=` is still read for links made elsewhere.
  const email = emailFromLinkState(location.state) || query.email;
  // Remembered for this visit only: the parameter itself is dropped from the URL right away.
  const [guestNotice] = useState(query.guestAccess);
  const queryError = useMemo(() => (query.errorCode ? readErrorCode(query.errorCode) : null), [query.errorCode]);

  useEffect(() => {
    const next = withoutDroppedErrors(new URLSearchParams(location.search));
    if (!next) return;
    const search = next.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);

  const link = (mode: LoginMode, withEmail?: string): LoginLink => ({
    to: `${PATHS.login}${loginSearch(mode, { redirect: query.redirect })}`,
    state: loginLinkState(withEmail),
  });
  const plainLoginLink = (withEmail?: string): LoginLink => ({ to: PATHS.login, state: loginLinkState(withEmail) });

  switch (query.mode) {
    case 'forgot':
      return <ForgotPasswordFlow key="forgot" defaultEmail={email} loginLink={link('login', email)} />;
    case 'reset':
      return (
        <ResetPasswordFlow
          memberId={query.memberId}
          token={query.token}
          loginLink={(done) => link('login', done)}
          forgotLink={link('forgot', email)}
        />
      );
    case 'signup':
      return <SignupFlow invitationId={query.invitationId} token={query.token} loginLink={plainLoginLink} />;
    case 'verify-ip':
      return (
        <VerifyIpFlow
          memberId={query.memberId}
          loginIpId={query.loginIpId}
          code={query.code}
          loginLink={link('login', email)}
        />
      );
  }

  return (
    <LoginFlow
      // A new email (from another screen, or an invitation link) starts a fresh form.
      key={email}
      defaultEmail={email}
      redirect={query.redirect}
      forgotLink={(typed) => link('forgot', typed)}
      banner={
        <>
          {guestNotice ? (
            <Notice testId="guest-notice" color="indigo">
              {t('login.guestNotice')}
            </Notice>
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
