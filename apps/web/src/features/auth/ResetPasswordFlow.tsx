import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AlertIcon, CheckIcon, KeyIcon } from '../../components/icons';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { OtpCodeInput } from '../../components/OtpCodeInput';
import { ScreenTitle } from '../../components/ScreenTitle';
import { showErrorAtField, useNewPasswordForm } from '../../components/useNewPasswordForm';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { type ApiError, toApiError } from '../../lib/error-reader';
import { usePassphraseVerify, useResetMutation } from './api';
import type { LoginLink } from './login-query';
import { PendingPanel, ResultPanel } from './ResultPanel';
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
  const newLink = { label: t('reset.newLink'), ...forgotLink };

  if (!memberId || !token) {
    return (
      <ResultPanel
        testId="reset-failed"
        icon={<AlertIcon size={22} />}
        color="orange"
        title={t('reset.linkFailedTitle')}
        body={t('reset.invalidLink')}
        action={newLink}
      />
    );
  }
  if (verify.isPending) return <PendingPanel label={t('reset.checking')} />;
  const failure = linkError ?? (verify.isError ? toApiError(verify.error) : null);
  if (failure || !verify.data) {
    return (
      <ResultPanel
        testId="reset-failed"
        icon={<AlertIcon size={22} />}
        color="orange"
        title={t('reset.linkFailedTitle')}
        action={newLink}
      >
        {failure ? <ErrorAlert error={failure} title={t('login.noticeTitle')} color="orange" /> : null}
      </ResultPanel>
    );
  }
  const { email, otpRequired, purpose } = verify.data;
  if (done) {
    return (
      <ResultPanel
        testId="reset-done"
        icon={<CheckIcon size={24} />}
        color="teal"
        title={t('reset.doneTitle')}
        body={t('reset.doneBody')}
        action={{ label: t('login.submit'), ...loginLink(email) }}
      />
    );
  }
  return (
    <ResetPasswordForm
      memberId={memberId}
      token={token}
      email={email}
      otpRequired={otpRequired}
      title={purpose === 'EXPIRED' ? t('reset.expiredPurposeTitle') : t('reset.title')}
      onDone={() => setDone(true)}
      onLinkExpired={setLinkError}
    />
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
