/*
 * The character rule of every text field, without a schema: validation.ts builds its text schemas on it, and forms
 * check a free text (a memo) with it before zod's core arrives.
 */

/** An unpaired UTF-16 surrogate: JSON can carry one, but no text of ours holds it and UTF-8 cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or a lone surrogate: refused in every text field (PostgreSQL cannot store NUL; a surrogate is mangled). */
export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * An email address as zod's `z.regexes.email` has it (its source, copied so the sign-in screen checks an address
 * without loading zod's whole regex module); validation.ts's emailSchema uses this one, and a test holds it equal
 * to zod's.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
