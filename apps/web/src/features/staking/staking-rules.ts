import { compareDecimals, validationMessage } from '@vaultline/contracts';
import type { AppLanguage } from '../../i18n';
// The amount's rule without a schema (lib/amount-rule): the form draws before zod's core arrives.
import { decimalAmountRule } from '../../lib/amount-rule';
import { schemaError } from '../../lib/form-validation';

export interface AmountBounds {
  decimals: number;
  symbol: string;
  /** The smallest amount allowed, when there is one. */
  minimum?: string | undefined;
  /** The most allowed (max stake, the position's amount). */
  maximum?: string | undefined;
}

/** The amount rules the server applies, in its order and words: numbers, decimals, above zero, minimum, maximum. */
export function amountError(value: string, bounds: AmountBounds, lang: AppLanguage): string | null {
  if (!value.trim()) return validationMessage('validation.required', lang);
  const schema = decimalAmountRule({
    decimals: bounds.decimals,
    minimum: bounds.minimum,
    balance: bounds.maximum,
    symbol: bounds.symbol,
  });
  return schemaError(schema, value, lang);
}

/** Whether anything at all can be staked: a positive maximum not below the minimum. */
export function canStakeAny(maximum: string, minimum: string | undefined): boolean {
  try {
    return compareDecimals(maximum, '0') > 0 && (minimum === undefined || compareDecimals(maximum, minimum) >= 0);
  } catch {
    return false;
  }
}

/** Server refusals of form fields: shared by every form (lib/server-field-errors). */
export { serverFieldErrors } from '../../lib/server-field-errors';
