import { Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { emailSchema } from '@vaultline/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { requiredError, schemaError } from '../../lib/form-validation';
import { LoginNoticeAlert } from './LoginNoticeAlert';
import type { LoginAttempt, LoginNotice } from './login-machine';
import type { LoginLink } from './login-query';
import { SubmitButton } from './SubmitButton';

export interface LoginFormProps {
  defaultEmail?: string;
  notice: LoginNotice | null;
  pending: boolean;
  /** Where "Forgot password?" leads for the typed email; the app decides the route. */
  forgotLink: (email: string) => LoginLink;
  onSubmit: (attempt: LoginAttempt) => void;
}

/** Step 1 of signing in: email and password. */
export function LoginForm({ defaultEmail = '', notice, pending, forgotLink, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const form = useForm<LoginAttempt>({
    mode: 'controlled',
    initialValues: { email: defaultEmail, password: '' },
    validate: {
      email: (value) => schemaError(emailSchema, value, lang),
      // Only presence: the password rules apply when a password is set, not when it is typed to sign in.
      password: (value) => requiredError(value, lang),
    },
  });

  // Messages already on screen follow a language switch instead of staying in the old language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the language changes
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [lang]);

  // A refused password is cleared so the next attempt starts from an empty field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new notice only
  useEffect(() => {
    if (notice?.kind === 'wrongPassword' || notice?.kind === 'locked') {
      form.setFieldValue('password', '');
      if (notice.kind === 'wrongPassword') form.getInputNode('password')?.focus();
    }
  }, [notice]);

  const forgot = forgotLink(form.values.email.trim());
  const submit = form.onSubmit((values) => onSubmit({ email: values.email.trim(), password: values.password }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notice ? <LoginNoticeAlert notice={notice} forgotLink={forgot} /> : null}
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
          <Anchor component={Link} to={forgot.to} state={forgot.state} size="sm" fw={500}>
            {t('login.forgot')}
          </Anchor>
        </Group>
        <SubmitButton loading={pending}>{t('login.submit')}</SubmitButton>
      </Stack>
    </form>
  );
}
