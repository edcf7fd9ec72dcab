import { z } from 'zod';
import { LIMITS } from './constants.js';
import { PASSWORD_REQUIREMENTS, type PasswordRequirement } from './error-messages.js';
import type { ValidationKey } from './validation-messages.js';

/**
 * Validation rules of spec section 5. Issue messages are message keys (see validation-messages.ts);
 * custom issues carry their values in `params`.
 */

const key = (k: ValidationKey) => ({ error: k });

/** An unpaired UTF-16 surrogate: JSON can carry one, but no text of ours holds it and UTF-8 cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or a lone surrogate: refused in every text field (PostgreSQL cannot store NUL; a surrogate is mangled). */
export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

const safe = (value: string) => !hasUnsafeCharacters(value);
const SAFE_TEXT = key('validation.text.invalidCharacters');

export const emailSchema = z
  .string(key('validation.required'))
  .trim()
  .min(1, key('validation.required'))
  .max(LIMITS.TEXT_MAX, key('validation.text.tooLong'))
  .regex(z.regexes.email, key('validation.email.invalid'));

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

export interface PasswordContext {
  /** The account email; the password must differ from it (case-insensitively). */
  email?: string | undefined;
  /** The current password; a new password must differ from it. */
  current?: string | undefined;
}

/** What a password lacks: the missing requirements (all at once), or an equality that is refused. */
export type PasswordRulesResult = PasswordRequirement[] | 'equals-email' | 'equals-current';

const PASSWORD_TESTS: Record<PasswordRequirement, (pw: string) => boolean> = {
  length: (pw) => [...pw].length >= LIMITS.PASSWORD_MIN,
  letter: (pw) => /[A-Za-z]/.test(pw),
  digit: (pw) => /[0-9]/.test(pw),
  // ASCII punctuation and symbols: ! " # $ % & ' ( ) * + , - . / : ; < = > ? @ [ \ ] ^ _ ` { | } ~
  special: (pw) => /[!-/:-@[-`{-~]/.test(pw),
};

/**
 * Checks a password against the rules of section 5. An empty array means it passes. Missing
 * requirements are reported first; then equality with the email, then with the current password.
 * (A recently used password can only be refused by the server: error 4035.)
 */
export function passwordRules(password: string, context: PasswordContext = {}): PasswordRulesResult {
  const missing = PASSWORD_REQUIREMENTS.filter((r) => !PASSWORD_TESTS[r](password));
  if (missing.length > 0) return missing;
  if (context.email && password.trim().toLowerCase() === context.email.trim().toLowerCase()) return 'equals-email';
  if (context.current && password === context.current) return 'equals-current';
  return [];
}

export function isPasswordValid(password: string, context: PasswordContext = {}): boolean {
  const result = passwordRules(password, context);
  return Array.isArray(result) && result.length === 0;
}

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

const DECIMAL = /^(-)?([0-9]*)(?:\.([0-9]*))?$/;

interface ParsedDecimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

function parseDecimal(value: string): ParsedDecimal | undefined {
  const match = DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole === '' && fraction === '') return undefined;
  return { negative: match[1] === '-', whole, fraction };
}

function scaled(d: ParsedDecimal, decimals: number): bigint {
  const units = BigInt(`${d.whole || '0'}${d.fraction.padEnd(decimals, '0')}`);
  return d.negative ? -units : units;
}

/** Converts a decimal string to base units exactly; throws on non-numbers or too many decimals. */
export function toBaseUnits(decimal: string, decimals: number): bigint {
  const d = parseDecimal(decimal);
  if (!d) throw new RangeError(`not a decimal number: "${decimal}"`);
  const fraction = d.fraction.replace(/0+$/, '');
  if (fraction.length > decimals) throw new RangeError(`"${decimal}" has more than ${decimals} decimals`);
  return scaled({ ...d, fraction }, decimals);
}

/** Converts base units to a decimal string exactly, without trailing zeros ('1500000', 6 → '1.5'). */
export function fromBaseUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Compares two decimal strings exactly: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const pa = parseDecimal(a);
  const pb = parseDecimal(b);
  if (!pa || !pb) throw new RangeError(`not a decimal number: "${pa ? b : a}"`);
  const scale = Math.max(pa.fraction.length, pb.fraction.length);
  const x = scaled(pa, scale);
  const y = scaled(pb, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface DecimalAmountOptions {
  /** Decimals of the token: the most digits allowed after the point. */
  decimals: number;
  /** Smallest amount allowed, as a decimal string. */
  minimum?: string | undefined;
  /** Largest amount allowed (the withdrawable balance), as a decimal string. */
  balance?: string | undefined;
  symbol: string;
}

/**
 * An amount typed as a decimal string. Checks, in order: numeric ('Enter numbers.'), decimals,
 * greater than zero, the minimum, the balance. The output is the trimmed string.
 */
export function decimalAmountSchema({ decimals, minimum, balance, symbol }: DecimalAmountOptions) {
  for (const bound of [minimum, balance]) {
    if (bound !== undefined && !parseDecimal(bound)) throw new RangeError(`not a decimal number: "${bound}"`);
  }
  return z
    .string(key('validation.amount.notNumeric'))
    .trim()
    .superRefine((value, ctx) => {
      const issue = (message: ValidationKey, params?: Record<string, unknown>) =>
        ctx.addIssue({ code: 'custom', message, ...(params ? { params } : {}) });
      const d = parseDecimal(value);
      if (!d) return issue('validation.amount.notNumeric');
      if (d.fraction.length > decimals) return issue('validation.amount.tooManyDecimals', { decimals });
      const units = scaled(d, decimals);
      if (units <= 0n) return issue('validation.amount.notPositive');
      if (minimum !== undefined && compareDecimals(value, minimum) < 0) {
        return issue('validation.amount.belowMinimum', { amount: minimum, symbol });
      }
      if (balance !== undefined && compareDecimals(value, balance) > 0) {
        return issue('validation.amount.insufficientBalance', { balance, symbol });
      }
    });
}
