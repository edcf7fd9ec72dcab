import { LIMITS } from '@vaultline/contracts/form-rules';
import type { AppLanguage } from '../i18n';
import { type FieldSchema, schemaError } from './field-rules';

const issue = (message: string) => ({ success: false, error: { issues: [{ path: [], message }] } }) as const;
const COMPLETE = new RegExp(`^[0-9]{${LIMITS.OTP_LENGTH}}$`);
const TYPING = new RegExp(`^[0-9]{0,${LIMITS.OTP_LENGTH}}$`);

/**
 * The contracts' `otpCodeSchema` as a light check: every screen that asks for a code (keep-alive, confirmations,
 * decisions) then draws before zod's schema core arrives. Same rule, same issue (otp-rule.test.ts holds it to the
 * schema).
 */
export const otpCodeRule: FieldSchema = {
  safeParse: (value) =>
    typeof value === 'string' && COMPLETE.test(value) ? { success: true } : issue('validation.otp.invalid'),
};

/** The contracts' `otpInputSchema` (a code while it is typed: 0 to 6 digits) as a light check, like `otpCodeRule`. */
export const otpInputRule: FieldSchema = {
  safeParse: (value) =>
    typeof value === 'string' && TYPING.test(value) ? { success: true } : issue('validation.otp.digitsOnly'),
};

export function otpError(value: string, lang: AppLanguage): string | null {
  return schemaError(otpCodeRule, value, lang);
}
