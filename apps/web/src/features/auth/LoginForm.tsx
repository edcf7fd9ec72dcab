import { Anchor, Group, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../components/PasswordField';
import type { AppLanguage } from '../../i18n';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { emailRule } from '../../lib/email-rule';
import { required, schemaError } from '../../lib/field-rules';
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

type Field = keyof LoginAttempt;
type FieldErrors = Partial<Record<Field, string>>;

/** Only presence for the password: its rules apply when a password is set, not when it is typed to sign in. */
const RULES = { email: emailRule, password: required() };

function validate(values: LoginAttempt, lang: AppLanguage): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['email', 'password'] as const) {
    const message = schemaError(RULES[field], values[field], lang);
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * The two fields' state as @mantine/form keeps it for the other forms (checked on submit, a field's message cleared
 * as it is typed in, shown messages following a language switch), written out here: this is the one form on the
 * sign-in screen's first load, and the form library was about 6 KB gzip of it.
 */
function useLoginFields(defaultEmail: string) {
  const lang = useAppLanguage();
  const [values, setValues] = useState<LoginAttempt>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-translate only when the language changes
  useEffect(() => {
    setErrors((shown) => {
      const now = validate(values, lang);
      return Object.fromEntries(
        Object.keys(shown)
          .map((field) => [field, now[field as Field]])
          .filter(([, m]) => m),
      );
    });
  }, [lang]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });
  /** True when both fields pass; otherwise their messages show. */
  const check = () => {
    const found = validate(values, lang);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, set, inputProps, check };
}

/** Step 1 of signing in: email and password. */
export function LoginForm({ defaultEmail = '', notice, pending, forgotLink, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useLoginFields(defaultEmail);
  const passwordInput = useRef<HTMLInputElement>(null);

  // A refused password is cleared so the next attempt starts from an empty field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to a new notice only
  useEffect(() => {
    if (notice?.kind === 'wrongPassword' || notice?.kind === 'locked') {
      form.set('password', '');
      if (notice.kind === 'wrongPassword') passwordInput.current?.focus();
    }
  }, [notice]);

  const forgot = forgotLink(form.values.email.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) onSubmit({ email: form.values.email.trim(), password: form.values.password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notice ? <LoginNoticeAlert notice={notice} forgotLink={forgot} /> : null}
        <EmailField {...form.inputProps('email')} />
        <PasswordField
          ref={passwordInput}
          purpose="current"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          {...form.inputProps('password')}
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
