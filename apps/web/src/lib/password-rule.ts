import { type PasswordContext, passwordRules } from '@vaultline/contracts';
import type { FieldSchema } from './field-rules';

type Issue = { path: string[]; message: string; params?: Record<string, unknown> };
const fail = (issue: Issue) => ({ success: false, error: { issues: [issue] } }) as const;

/**
 * The contracts' `makePasswordSchema` as a light check on the same rules (`passwordRules`, which builds no schema):
 * the password forms of signed-in screens then draw before zod's schema core arrives. Same issue, same parameters
 * (password-rule.test.ts holds it to the schema).
 */
export function newPasswordRule(context: PasswordContext = {}): FieldSchema {
  return {
    safeParse(value) {
      if (typeof value !== 'string') return fail({ path: [], message: 'validation.required' });
      const result = passwordRules(value, context);
      if (result === 'equals-email') return fail({ path: [], message: 'validation.password.equalsEmail' });
      if (result === 'equals-current') return fail({ path: [], message: 'validation.password.equalsCurrent' });
      if (result.length > 0)
        return fail({ path: [], message: 'validation.password.missing', params: { missing: result } });
      return { success: true };
    },
  };
}

/** The contracts' `passwordConfirmationSchema` as a light check: the issue is on `confirmation`, as there. */
export const passwordConfirmationRule: FieldSchema = {
  safeParse(value) {
    const { password, confirmation } = (value ?? {}) as { password?: unknown; confirmation?: unknown };
    if (typeof password !== 'string') return fail({ path: ['password'], message: 'validation.required' });
    if (typeof confirmation !== 'string') return fail({ path: ['confirmation'], message: 'validation.required' });
    if (password !== confirmation) return fail({ path: ['confirmation'], message: 'validation.password.mismatch' });
    return { success: true };
  },
};
