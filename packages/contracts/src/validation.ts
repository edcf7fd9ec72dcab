import { z } from 'zod';
import { assertAmountBounds, type DecimalAmountOptions, decimalAmountProblem } from './amount-rule.js';
import { LIMITS } from './constants.js';
import { type PasswordContext, passwordRules } from './password-rules.js';
import { EMAIL_PATTERN, hasUnsafeCharacters } from './text-rules.js';
import type { ValidationKey } from './validation-messages.js';

// Amounts, password rules and the character rule live in schema-free modules (decimals.ts, amount-rule.ts,
// password-rules.ts, text-rules.ts); re-exported here, and the schemas below are built on them.
export {
  type AmountProblem,
  assertAmountBounds,
  type DecimalAmountOptions,
  decimalAmountProblem,
} from './amount-rule.js';
export { compareDecimals, fromBaseUnits, toBaseUnits } from './decimals.js';
export { isPasswordValid, type PasswordContext, type PasswordRulesResult, passwordRules } from './password-rules.js';
export { EMAIL_PATTERN, hasUnsafeCharacters } from './text-rules.js';

/**
 * Validation rules of spec section 5. Issue messages are message keys (see validation-messages.ts);
 * custom issues carry their values in `params`.
 */

const key = (k: ValidationKey) => ({ error: k });

const safe = (value: string) => !hasUnsafeCharacters(value);
const SAFE_TEXT = key('validation.text.invalidCharacters');

export const emailSchema = z
  .string(key('validation.required'))
  .trim()
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .regex(EMAIL_PATTERN, key('validation.email.invalid'));

export const textSchema = z
  .string(key('validation.required'))
  .refine(safe, SAFE_TEXT)
  .trim()
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'));

/** A list's free-text filter: optional, up to 255 characters, no unsafe characters. */
export const searchSchema = z
  .string()
  .refine(safe, SAFE_TEXT)
  .trim()
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .optional();

export const alphanumericSchema = z
  .string(key('validation.required'))
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .regex(/^[A-Za-z0-9]+$/, key('validation.alphanumeric'));

export const alphanumericDotSchema = z
  .string(key('validation.required'))
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .regex(/^[A-Za-z0-9.]+$/, key('validation.alphanumericDot'));

/** English or Korean letters (complete Hangul syllables); words separated by spaces. */
export const PERSON_NAME_PATTERN = /^[A-Za-z가-힣]+(?: +[A-Za-z가-힣]+)*$/;

export const personNameSchema = z
  .string(key('validation.required'))
  .trim()
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .regex(PERSON_NAME_PATTERN, key('validation.personName.invalid'));

/**
 * A company's name as registered: English or Korean letters and digits, words separated by spaces, with the
 * punctuation company names carry (`Hanbit Trading Co., Ltd.`, `A&B (Korea)`, `O'Neil-Park`).
 */
export const PARTY_NAME_PATTERN = /^[A-Za-z0-9가-힣](?:[A-Za-z0-9가-힣.,&'()\- ]*[A-Za-z0-9가-힣.)])?$/;

export const partyNameSchema = z
  .string(key('validation.required'))
  .trim()
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .regex(PARTY_NAME_PATTERN, key('validation.partyName.invalid'));

/** A complete one-time code: exactly 6 digits. */
export const otpCodeSchema = z
  .string(key('validation.otp.invalid'))
  .regex(new RegExp(`^[0-9]{${LIMITS.OTP_LENGTH}}$`), key('validation.otp.invalid'));

/** A one-time code while it is typed: 0 to 6 digits. */
export const otpInputSchema = z
  .string(key('validation.otp.digitsOnly'))
  .regex(new RegExp(`^[0-9]{0,${LIMITS.OTP_LENGTH}}$`), key('validation.otp.digitsOnly'));

/** EOS-type account name (wallet address): exactly 12 characters of a-z and 1-5. */
export const eosAccountNameSchema = z
  .string(key('validation.eosAccountName.invalid'))
  .regex(new RegExp(`^[a-z1-5]{${LIMITS.EOS_NAME_LENGTH}}$`), key('validation.eosAccountName.invalid'));

/** Required approvals of one approval-line step. */
export const stepApprovalsSchema = z
  .number(key('validation.stepApprovals.range'))
  .int(key('validation.stepApprovals.range'))
  .min(1, key('validation.stepApprovals.range'))
  .max(LIMITS.MAX_STEP_APPROVALS, key('validation.stepApprovals.range'));

export const memoSchema = z
  .string()
  .refine(safe, SAFE_TEXT)
  .max(LIMITS.MEMO_MAX, key('validation.memo.tooLong'))
  .optional();

// ---------------------------------------------------------------------------------------------
// Passwords

/** A password schema for one account; one issue listing everything missing at once. */
export function makePasswordSchema(context: PasswordContext = {}) {
  return z.string(key('validation.required')).superRefine((password, ctx) => {
    const result = passwordRules(password, context);
    if (result === 'equals-email') {
      ctx.addIssue({ code: 'custom', message: 'validation.password.equalsEmail' satisfies ValidationKey });
    } else if (result === 'equals-current') {
      ctx.addIssue({ code: 'custom', message: 'validation.password.equalsCurrent' satisfies ValidationKey });
    } else if (result.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.password.missing' satisfies ValidationKey,
        params: { missing: result },
      });
    }
  });
}

/** New password and its confirmation must match; the issue is on `confirmation`. */
export const passwordConfirmationSchema = z
  .object({ password: z.string(key('validation.required')), confirmation: z.string(key('validation.required')) })
  .refine((v) => v.password === v.confirmation, {
    error: 'validation.password.mismatch' satisfies ValidationKey,
    path: ['confirmation'],
  });

// ---------------------------------------------------------------------------------------------
// Amounts: decimal strings, exact bigint arithmetic (never floats)

/**
 * An amount typed as a decimal string. Checks, in order: numeric ('Enter numbers.'), decimals,
 * greater than zero, the minimum, the balance (amount-rule.ts). The output is the trimmed string.
 */
export function decimalAmountSchema(options: DecimalAmountOptions) {
  assertAmountBounds(options);
  return z
    .string(key('validation.amount.notNumeric'))
    .trim()
    .superRefine((value, ctx) => {
      const problem = decimalAmountProblem(value, options);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: problem.message,
          ...(problem.params ? { params: problem.params } : {}),
        });
    });
}
