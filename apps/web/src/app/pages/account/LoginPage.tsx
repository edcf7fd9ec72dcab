import { Center, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Notice } from '../../../components/Notice';
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
import { readErrorCode } from '../../../lib/error-reader';
import { PATHS, safeRedirect } from '../../../lib/paths';

// The other screens of the route come from emailed links or a click: fetched when opened, not with the sign-in form.
const ForgotPasswordFlow = lazy(() =>
  import('../../../features/auth/ForgotPasswordFlow').then((m) => ({ default: m.ForgotPasswordFlow })),
);
const ResetPasswordFlow = lazy(() =>
  import('../../../features/auth/ResetPasswordFlow').then((m) => ({ default: m.ResetPasswordFlow })),
);
const SignupFlow = lazy(() => import('../../../features/auth/SignupFlow').then((m) => ({ default: m.SignupFlow })));
const VerifyIpFlow = lazy(() =>
  import('../../../features/auth/VerifyIpFlow').then((m) => ({ default: m.VerifyIpFlow })),
);

// They fetch through the query library, which the sign-in form itself does without.
const QueryScope = lazy(() => import('../../query-scope').then((m) => ({ default: m.QueryScope })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih={240}>
          <Loader size="sm" />
        </Center>
      }
    >
      <QueryScope>{children}</QueryScope>
    </Suspense>
  );
}

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
      return (
        <Screen>
          <ForgotPasswordFlow key="forgot" defaultEmail={email} loginLink={link('login', email)} />
        </Screen>
      );
    case 'reset':
      return (
        <Screen>
          <ResetPasswordFlow
            memberId={query.memberId}
            token={query.token}
            loginLink={(done) => link('login', done)}
            forgotLink={link('forgot', email)}
          />
        </Screen>
      );
    case 'signup':
      return (
        <Screen>
          <SignupFlow invitationId={query.invitationId} token={query.token} loginLink={plainLoginLink} />
        </Screen>
      );
    case 'verify-ip':
      return (
        <Screen>
          <VerifyIpFlow
            memberId={query.memberId}
            loginIpId={query.loginIpId}
            code={query.code}
            loginLink={link('login', email)}
          />
        </Screen>
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
