import { Anchor, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import { useContractForm } from '../../lib/contract-form';
import { emailRule } from '../../lib/email-rule';
import { required } from '../../lib/field-rules';
import { EmailField } from './EmailField';
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
  const form = useContractForm<LoginAttempt>({
    initialValues: { email: defaultEmail, password: '' },
    // Only presence for the password: its rules apply when a password is set, not when it is typed to sign in.
    rules: { email: emailRule, password: required() },
  });

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
        <EmailField {...form.getInputProps('email')} />
        <PasswordField
          purpose="current"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
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
