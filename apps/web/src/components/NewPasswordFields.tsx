import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './PasswordChecklist';
import type { NewPasswordForm } from './useNewPasswordForm';

/** A new password with its live requirement checklist, and its confirmation. */
export function NewPasswordFields({ form, autoFocus }: { form: NewPasswordForm; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Stack gap={10}>
        <PasswordInput
          label={t('password.newLabel')}
          placeholder={t('password.newPlaceholder')}
          autoComplete="new-password"
          size="md"
          withAsterisk
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('newPassword')}
        />
        <PasswordChecklist password={form.values.newPassword} />
      </Stack>
      <PasswordInput
        label={t('password.confirmLabel')}
        placeholder={t('password.confirmPlaceholder')}
        autoComplete="new-password"
        size="md"
        withAsterisk
        {...form.getInputProps('confirmation')}
      />
    </Stack>
  );
}
