import { hasUnsafeCharacters } from '@vaultline/contracts';
import { LIMITS } from '@vaultline/contracts/form-rules';
import type { FieldSchema } from './field-rules';

const issue = (message: string) => ({ success: false, error: { issues: [{ path: [], message }] } }) as const;

/**
 * The contracts' `memoSchema` as a light check (the withdraw form then draws before zod's schema core arrives): no
 * NUL or lone surrogate, then at most 255 characters, the same first issue (memo-rule.test.ts holds it to the schema).
 * The form asks it only about a memo typed.
 */
export const memoRule: FieldSchema = {
  safeParse(value) {
    if (value === undefined) return { success: true };
    if (typeof value !== 'string') return issue('validation.text.invalidCharacters');
    if (hasUnsafeCharacters(value)) return issue('validation.text.invalidCharacters');
    if (value.length > LIMITS.MEMO_MAX) return issue('validation.memo.tooLong');
    return { success: true };
  },
};
