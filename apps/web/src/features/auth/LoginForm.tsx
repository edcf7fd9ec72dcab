import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailSchema, translateIssues, validationMessage } from '@vaultline/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { AppLanguage } from '../../i18n';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { readErrorCode } from '../../lib/error-reader';
import { type LoginCredentials, useLoginMutation } from './api';
import { type LoginStepAfterPassword, nextLoginStep } from './login-answer';

function validateEmail(value: string, lang: AppLanguage): string | null {
  const result = emailSchema.safeParse(value);
  return result.success ? null : (translateIssues(result.error.issues, lang)[0]?.message ?? null);
}

function validatePassword(value: string, lang: AppLanguage): string | null {
  // Only presence is checked here: the password rules apply when a password is set, not when it is typed to sign in.
  return value ? null : validationMessage('validation.required', lang);
}

export interface LoginFormProps {
  defaultEmail?: string;
  /** Where the "Forgot password?" link leads; the app decides the route. */
  forgotHref: string;
  onSignedIn: () => void;
  /** The password was right but no authenticator is registered yet. */
  onRegisterOtp: (memberId: string, ticket: string | undefined) => void;
}

export function LoginForm({ defaultEmail = '', forgotHref, onSignedIn, onRegisterOtp }: LoginFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const login = useLoginMutation();
  // An answer the form explains itself instead of leaving the screen.
  const [pending, setPending] = useState<Exclude<LoginStepAfterPassword, { kind: 'signedIn' | 'registerOtp' }>>();
  const answerError = useMemo(() => (pending?.kind === 'message' ? readErrorCode(pending.code) : null), [pending]);
  const form = useForm<LoginCredentials>({
    mode: 'controlled',
    initialValues: { email: defaultEmail, password: '' },
    validate: {
      email: (value) => validateEmail(value, lang),
      password: (value) => validatePassword(value, lang),
    },
  });

  // Messages already on screen follow a language switch instead of staying in the old language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the language changes
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [lang]);

  const submit = form.onSubmit((values) => {
    setPending(undefined);
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          const step = nextLoginStep(answer);
          if (step.kind === 'signedIn') onSignedIn();
          else if (step.kind === 'registerOtp') onRegisterOtp(step.memberId, step.ticket);
          else setPending(step);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {login.error ? <ErrorAlert error={login.error} title={t('login.failedTitle')} /> : null}
        {answerError ? (
          <ErrorAlert
            error={answerError}
            // A wrong password is a failure; an IP check is a step the member still has to take.
            title={answerError.code === '4005' ? t('login.failedTitle') : t('login.noticeTitle')}
            color="orange"
          />
        ) : null}
        {pending?.kind === 'enterOtp' ? (
          <Alert data-testid="otp-pending" color="indigo" variant="light" radius="md">
            {t('login.otpPending')}
          </Alert>
        ) : null}
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          size="md"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          size="md"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={forgotHref} size="sm" fw={500}>
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
