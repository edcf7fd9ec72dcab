import { Stack } from '@mantine/core';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';
import type { NewPasswordForm } from './useNewPasswordForm';

/** A new password with its live requirement checklist, and its confirmation. */
export function NewPasswordFields({ form, autoFocus }: { form: NewPasswordForm; autoFocus?: boolean }) {
  return (
    <Stack gap="md">
      <Stack gap={10}>
        <PasswordField purpose="new" data-autofocus={autoFocus || undefined} {...form.getInputProps('newPassword')} />
        <PasswordChecklist password={form.values.newPassword} />
      </Stack>
      <PasswordField purpose="confirm" {...form.getInputProps('confirmation')} />
    </Stack>
  );
}
