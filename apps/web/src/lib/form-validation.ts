import {
  makePasswordSchema,
  otpCodeSchema,
  type PasswordContext,
  passwordConfirmationSchema,
} from '@vaultline/contracts';
import type { AppLanguage } from '../i18n';
import { required, schemaError } from './field-rules';

export { type FieldSchema, required, schemaError } from './field-rules';

/** A new password against the rules of section 5 (and, given, the email and current password). */
export function newPasswordError(value: string, lang: AppLanguage, context: PasswordContext = {}): string | null {
  return schemaError(required(makePasswordSchema(context)), value, lang);
}

/** 'The passwords entered do not match. Please check again.' */
export function confirmationError(password: string, confirmation: string, lang: AppLanguage): string | null {
  return (
    schemaError(required(), confirmation, lang) ??
    schemaError(passwordConfirmationSchema, { password, confirmation }, lang, 'confirmation')
  );
}

export function otpError(value: string, lang: AppLanguage): string | null {
  return schemaError(otpCodeSchema, value, lang);
}
