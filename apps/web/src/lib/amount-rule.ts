import { assertAmountBounds, type DecimalAmountOptions, decimalAmountProblem } from '@vaultline/contracts';
import type { FieldSchema } from './field-rules';

/**
 * The contracts' `decimalAmountSchema` as a light check on the same rule (`decimalAmountProblem`, which builds no
 * schema): the withdraw and staking forms then draw before zod's schema core arrives. Same issues (amount-rule.test.ts
 * holds it to the schema).
 */
export function decimalAmountRule(options: DecimalAmountOptions): FieldSchema {
  // The schema refuses malformed bounds when it is built: so does this.
  assertAmountBounds(options);
  return {
    safeParse(value) {
      const problem =
        typeof value === 'string'
          ? decimalAmountProblem(value.trim(), options)
          : { message: 'validation.amount.notNumeric' as const };
      if (!problem) return { success: true };
      return {
        success: false,
        error: {
          issues: [{ path: [], message: problem.message, ...(problem.params ? { params: problem.params } : {}) }],
        },
      };
    },
  };
}
