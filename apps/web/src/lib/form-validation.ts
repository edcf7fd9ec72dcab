import {
  makePasswordSchema,
  otpCodeSchema,
  type PasswordContext,
  passwordConfirmationSchema,
  personNameSchema,
  translateIssues,
  validationMessage,
} from '@vaultline/contracts';
import type { AppLanguage } from '../i18n';

type Issues = Parameters<typeof translateIssues>[0];
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issues } };
}

/** The first translated issue of a contracts schema for a value; null when the value passes. */
export function schemaError(schema: Schema, value: unknown, lang: AppLanguage, path?: string): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issues = translateIssues(result.error.issues, lang);
  const issue = path === undefined ? issues[0] : issues.find((i) => i.path === path);
  return issue?.message ?? null;
}

export function requiredError(value: string, lang: AppLanguage): string | null {
  return value ? null : validationMessage('validation.required', lang);
}

/** A new password against the rules of section 5 (and, given, the email and current password). */
export function newPasswordError(value: string, lang: AppLanguage, context: PasswordContext = {}): string | null {
  return requiredError(value, lang) ?? schemaError(makePasswordSchema(context), value, lang);
}

/** 'The passwords entered do not match. Please check again.' */
export function confirmationError(password: string, confirmation: string, lang: AppLanguage): string | null {
  return (
    requiredError(confirmation, lang) ??
    schemaError(passwordConfirmationSchema, { password, confirmation }, lang, 'confirmation')
  );
}

export function otpError(value: string, lang: AppLanguage): string | null {
  return schemaError(otpCodeSchema, value, lang);
}

export function personNameError(value: string, lang: AppLanguage): string | null {
  return schemaError(personNameSchema, value, lang);
}
