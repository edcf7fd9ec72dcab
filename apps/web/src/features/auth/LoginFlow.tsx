import { Divider, Group, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../components/icons';
import { ScreenTitle } from '../../components/ScreenTitle';
import { heldQueryClient } from '../../lib/query-client-holder';
import { clearAuthStorage, saveExpiredPassword, saveOtpRegistration } from './auth-storage';
import { LoginForm } from './LoginForm';
import { useLogin } from './login-call';
import {
  advanceLogin,
  INITIAL_LOGIN_STATE,
  type LoginAttempt,
  type LoginResult,
  type LoginState,
} from './login-machine';
import type { LoginLink } from './login-query';

/** The code step (its code field) is fetched as the first credentials go out, so it is there when asked for. */
const loadOtpStep = () => import('./LoginOtpStep');
const LoginOtpStep = lazy(() => loadOtpStep().then((m) => ({ default: m.LoginOtpStep })));

export interface LoginFlowProps {
  defaultEmail?: string;
  redirect?: string | null;
  /** The forgotten-password screen for the typed email (carried in history state, not the URL). */
  forgotLink: (email: string) => LoginLink;
  /** Notices from the route (guest access, an error code in the query), shown above the form. */
  banner?: ReactNode;
  onSignedIn: () => void;
  /** The authenticator is not registered yet: its registration state is saved for the OTP screens. */
  onRegisterOtp: () => void;
  /** The password has expired: the ticket is saved for the expired-password screen. */
  onPasswordExpired: () => void;
}

/** The whole sign-in: credentials, then the one-time code, with every answer explained. */
export function LoginFlow({ defaultEmail, redirect, forgotLink, banner, ...on }: LoginFlowProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [state, setState] = useState<LoginState>(INITIAL_LOGIN_STATE);

  const attempt = (credentials: LoginAttempt, otpCode?: string) => {
    void loadOtpStep();
    const settle = (result: LoginResult) => {
      const { state: next, effect } = advanceLogin(state, credentials, result);
      setState(next);
      if (!effect) return;
      if (effect.kind === 'signedIn') {
        clearAuthStorage();
        // Nothing cached for a previous account may show for this one.
        heldQueryClient()?.removeQueries({ queryKey: ['session'] });
        on.onSignedIn();
      } else if (effect.kind === 'registerOtp') {
        saveOtpRegistration({ ...effect.registration, redirect: redirect ?? null });
        on.onRegisterOtp();
      } else {
        saveExpiredPassword(effect.expired);
        on.onPasswordExpired();
      }
    };
    login.mutate(
      { ...credentials, otpCode },
      { onSuccess: (answer) => settle({ answer }), onError: (error) => settle({ error }) },
    );
  };

  if (state.step === 'otp') {
    return (
      <Suspense fallback={null}>
        <LoginOtpStep
          email={state.email}
          error={state.error}
          pending={login.isPending}
          onSubmit={(code) => attempt({ email: state.email, password: state.password }, code)}
          onBack={() => setState(INITIAL_LOGIN_STATE)}
        />
      </Suspense>
    );
  }

  return (
    <Stack gap="lg">
      <ScreenTitle title={t('login.title')} description={t('login.subtitle')} />
      {banner}
      <LoginForm
        defaultEmail={defaultEmail}
        notice={state.notice}
        pending={login.isPending}
        forgotLink={forgotLink}
        onSubmit={(credentials) => attempt(credentials)}
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
