import type { PasswordContext } from '@vaultline/contracts';
import type { AppLanguage } from '../i18n';

/*
 * Password and code checks of the forms, on light mirrors of the contracts' schemas (password-rule.ts, otp-rule.ts,
 * each tested against its schema): the screens holding these forms draw before zod's schema core arrives.
 */
import { required, schemaError } from './field-rules';
import { newPasswordRule, passwordConfirmationRule } from './password-rule';

export { type FieldSchema, required, schemaError } from './field-rules';
// The code's check builds no schema (otp-rule.ts): screens with only a code field draw before zod's core arrives.
export { otpError } from './otp-rule';

/** A new password against the rules of section 5 (and, given, the email and current password). */
export function newPasswordError(value: string, lang: AppLanguage, context: PasswordContext = {}): string | null {
  return schemaError(required(newPasswordRule(context)), value, lang);
}

/** 'The passwords entered do not match. Please check again.' */
export function confirmationError(password: string, confirmation: string, lang: AppLanguage): string | null {
  return (
    schemaError(required(), confirmation, lang) ??
    schemaError(passwordConfirmationRule, { password, confirmation }, lang, 'confirmation')
  );
}
