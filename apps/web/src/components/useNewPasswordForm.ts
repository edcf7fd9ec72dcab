import type { UseFormReturnType } from '@mantine/form';
import { useAppLanguage } from '../i18n/useAppLanguage';
import { useContractForm } from '../lib/contract-form';
import { newPasswordErrorField } from '../lib/error-fields';
import type { ApiError } from '../lib/error-reader';
import { confirmationError, newPasswordError, required } from '../lib/form-validation';
import { otpCodeRule } from '../lib/otp-rule';

export type NewPasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
  otpCode: string;
};

export type NewPasswordForm = UseFormReturnType<NewPasswordValues>;

export interface NewPasswordFormOptions {
  /** The account email: a new password may not equal it. */
  email?: string;
  /** Ask for the current password too (password change while signed in). */
  withCurrent?: boolean;
  /** Ask for the authenticator's code too. */
  withOtp?: boolean;
}

/**
 * The form behind every "set a new password" screen: the rules of section 5 with their
 * translated messages, the confirmation match, and the optional current password and OTP code.
 */
export function useNewPasswordForm({ email, withCurrent = false, withOtp = false }: NewPasswordFormOptions) {
  const lang = useAppLanguage();
  return useContractForm<NewPasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmation: '', otpCode: '' },
    rules: {
      currentPassword: withCurrent ? required() : undefined,
      // The rules compare the new password with the email and the current one: they depend on other fields.
      newPassword: (value, values) =>
        newPasswordError(value, lang, { email, current: withCurrent ? values.currentPassword : undefined }),
      confirmation: (value, values) => confirmationError(values.newPassword, value, lang),
      otpCode: withOtp ? otpCodeRule : undefined,
    },
  });
}

/**
 * Puts a server answer at its field (password rules at the new password, a wrong code at the OTP
 * field); false when the error belongs to the whole form.
 */
export function showErrorAtField(form: NewPasswordForm, error: ApiError, lang: 'en' | 'ko'): boolean {
  const field = newPasswordErrorField(error);
  if (!field) return false;
  if (field === 'otpCode') form.setFieldValue('otpCode', '');
  form.setFieldError(field, error.messageIn(lang));
  return true;
}
