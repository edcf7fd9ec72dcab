import { compareDecimals, validationMessage, type WithdrawalPreview } from '@vaultline/contracts';
import type { AppLanguage } from '../../i18n';
// The amount's rule without a schema (lib/amount-rule): the form draws before zod's core arrives.
import { decimalAmountRule } from '../../lib/amount-rule';
import type { ApiError } from '../../lib/error-reader';
import { schemaError } from '../../lib/form-validation';
import { serverFieldErrors as fieldErrorsOf } from '../../lib/server-field-errors';

/**
 * The amount rules the server applies, in its order and words: numbers only, at most the token's decimals, above
 * zero, at least the smallest transferable amount, at most what this withdrawal can carry (`maxAmount`).
 */
export function amountError(value: string, preview: WithdrawalPreview, lang: AppLanguage): string | null {
  if (!value.trim()) return validationMessage('validation.required', lang);
  const { decimals, symbol } = preview.token;
  const schema = decimalAmountRule({ decimals, minimum: preview.minimum, balance: preview.maxAmount, symbol });
  return schemaError(schema, value, lang);
}

/** Whether the typed amount can be sent as it is (the submit stays off until it can). */
export function isSendable(value: string, preview: WithdrawalPreview): boolean {
  return amountError(value, preview, 'en') === null;
}

/** Whether anything can be withdrawn at all: a positive `maxAmount` not below the minimum. */
export function canWithdrawAny(preview: WithdrawalPreview): boolean {
  return compareDecimals(preview.maxAmount, '0') > 0 && compareDecimals(preview.maxAmount, preview.minimum) >= 0;
}

export type WithdrawField = 'walletId' | 'tokenId' | 'addressBookId' | 'amount' | 'memo';
const FIELDS: readonly WithdrawField[] = ['walletId', 'tokenId', 'addressBookId', 'amount', 'memo'];

/**
 * A refusal of the form's fields (a 4000 whose `data.issues` names `body.amount` and the like), in the language shown
 * now (lib/server-field-errors).
 */
export const serverFieldErrors = (error: ApiError, lang: AppLanguage): Partial<Record<WithdrawField, string>> =>
  fieldErrorsOf(error, FIELDS, lang);
