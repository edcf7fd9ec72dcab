import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { KeyIcon } from '../../components/icons';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { OtpCodeInput } from '../../components/OtpCodeInput';
import { ScreenTitle } from '../../components/ScreenTitle';
import { showErrorAtField, useNewPasswordForm } from '../../components/useNewPasswordForm';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import type { ApiError } from '../../lib/error-reader';
import { usePassphraseVerify, useResetMutation } from './api';
import { LinkCheck } from './LinkCheck';
import type { LoginLink } from './login-query';
import { ResultPanel } from './ResultPanel';
import { SubmitButton } from './SubmitButton';

export interface ResetPasswordFlowProps {
  memberId: string;
  token: string;
  /** The login screen, with the account's email filled in. */
  loginLink: (email: string) => LoginLink;
  /** The forgotten-password screen, to ask for a new link. */
  forgotLink: LoginLink;
}

/** The emailed reset link: checks it, asks for the new password (and code), then leads to sign-in. */
export function ResetPasswordFlow({ memberId, token, loginLink, forgotLink }: ResetPasswordFlowProps) {
  const { t } = useTranslation();
  const verify = usePassphraseVerify(memberId, token);
  const [linkError, setLinkError] = useState<ApiError | null>(null);
  const [done, setDone] = useState(false);

  return (
    <LinkCheck
      link="reset"
      complete={Boolean(memberId && token)}
      check={verify}
      refusal={linkError}
      action={{ label: t('reset.newLink'), ...forgotLink }}
    >
      {({ email, otpRequired, purpose }) =>
        done ? (
          <ResultPanel
            testId="reset-done"
            tone="done"
            title={t('reset.doneTitle')}
            body={t('reset.doneBody')}
            action={{ label: t('login.submit'), ...loginLink(email) }}
          />
        ) : (
          <ResetPasswordForm
            memberId={memberId}
            token={token}
            email={email}
            otpRequired={otpRequired}
            title={purpose === 'EXPIRED' ? t('reset.expiredPurposeTitle') : t('reset.title')}
            onDone={() => setDone(true)}
            onLinkExpired={setLinkError}
          />
        )
      }
    </LinkCheck>
  );
}

interface ResetPasswordFormProps {
  memberId: string;
  token: string;
  email: string;
  otpRequired: boolean;
  title: string;
  onDone: () => void;
  onLinkExpired: (error: ApiError) => void;
}

function ResetPasswordForm({
  memberId,
  token,
  email,
  otpRequired,
  title,
  onDone,
  onLinkExpired,
}: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const reset = useResetMutation();
  const form = useNewPasswordForm({ email, withOtp: otpRequired });
  const [formError, setFormError] = useState<ApiError | null>(null);

  const submit = form.onSubmit((values) => {
    setFormError(null);
    reset.mutate(
      { memberId, token, newPassword: values.newPassword, otpCode: otpRequired ? values.otpCode : undefined },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error.code === '18') onLinkExpired(error);
          else if (!showErrorAtField(form, error, lang)) setFormError(error);
        },
      },
    );
  });

  return (
    <Stack gap="lg" data-testid="reset-form">
      <ScreenTitle icon={<KeyIcon size={22} />} title={title} description={t('reset.body', { email })} />
      {formError ? <ErrorAlert error={formError} title={t('reset.failedTitle')} /> : null}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <NewPasswordFields form={form} autoFocus />
          {otpRequired ? (
            <OtpCodeInput
              description={t('reset.otpDescription')}
              withAsterisk
              {...form.getInputProps('otpCode')}
              value={form.values.otpCode}
              onChange={(value) => form.setFieldValue('otpCode', value)}
            />
          ) : null}
          <SubmitButton loading={reset.isPending}>{t('reset.submit')}</SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
