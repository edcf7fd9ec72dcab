import { EMAIL_PATTERN, LIMITS } from '@vaultline/contracts/form-rules';
import type { FieldSchema } from './field-rules';

const issue = (message: string) => ({ success: false, error: { issues: [{ path: [], message }] } }) as const;

/**
 * The contracts' `emailSchema` as a light check, for the sign-in screen (which then needs no schema core before it
 * draws): the same rules in the same order, the same first issue (email-rule.test.ts holds it to the schema).
 */
export const emailRule: FieldSchema = {
  safeParse(value) {
    if (typeof value !== 'string') return issue('validation.required');
    const email = value.trim();
    if (email.length < 1) return issue('validation.required');
    if (email.length > LIMITS.TEXT_MAX) return issue('validation.text.tooLong');
    if (!EMAIL_PATTERN.test(email)) return issue('validation.email.invalid');
    return { success: true };
  },
};
