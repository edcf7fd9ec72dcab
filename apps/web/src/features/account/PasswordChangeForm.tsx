import { Stack, Text } from '@mantine/core';
import type { Me } from '@vaultline/contracts';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../components/icons';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { Notice } from '../../components/Notice';
import { OtpCodeInput } from '../../components/OtpCodeInput';
import { PasswordField } from '../../components/PasswordField';
import { showErrorAtField, useNewPasswordForm } from '../../components/useNewPasswordForm';
import { useAppLanguage } from '../../i18n/useAppLanguage';
import { formatDate } from '../../lib/dates';
import { remainingAttempts } from '../../lib/error-fields';
import { useUpdatePassphrase } from './api';
import { notifyFailed, notifySaved } from './notify';
import { SettingsSave, SettingsSection } from './SettingsSection';

/** Current password, new password (with the live rules) and its confirmation, and a code. */
export function PasswordChangeForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const lang = useAppLanguage();
  const update = useUpdatePassphrase(me.id);
  const form = useNewPasswordForm({ email: me.email, withCurrent: true, withOtp: true });

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifySaved(t('settings.savedTitle'), t('settings.password.saved'));
      },
      onError: (error) => {
        if (error.code === '4005' && !showErrorAtField(form, error, lang)) {
          const left = remainingAttempts(error);
          const attempts = left === null ? '' : ` ${t('login.attemptsLeft', { count: left })}`;
          // Cleared first: changing a value clears its error.
          form.setFieldValue('currentPassword', '');
          form.setFieldError('currentPassword', `${error.messageIn(lang)}${attempts}`);
          return;
        }
        if (!showErrorAtField(form, error, lang)) notifyFailed(t('settings.failedTitle'), error);
      },
    }),
  );

  return (
    <SettingsSection section="password" icon={LockIcon} testId="password-form">
      {me.passphraseExpiresAt ? (
        <Notice color="gray" py={8}>
          <Text size="xs">{t('settings.password.expiresAt', { date: formatDate(me.passphraseExpiresAt) })}</Text>
        </Notice>
      ) : null}
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <input type="email" name="username" autoComplete="username" value={me.email} readOnly hidden />
          <PasswordField purpose="current" size="sm" {...form.getInputProps('currentPassword')} />
          <NewPasswordFields form={form} />
          <OtpCodeInput
            withAsterisk
            {...form.getInputProps('otpCode')}
            value={form.values.otpCode}
            onChange={(value) => form.setFieldValue('otpCode', value)}
          />
          <SettingsSave section="password" pending={update.isPending} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
