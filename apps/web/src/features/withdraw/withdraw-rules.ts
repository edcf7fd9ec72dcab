import { compareDecimals, decimalAmountSchema, validationMessage, type WithdrawalPreview } from '@vaultline/contracts';
import type { AppLanguage } from '../../i18n';
import type { ApiError } from '../../lib/error-reader';
import { schemaError } from '../../lib/form-validation';

/**
 * The amount rules the server applies, in its order and words: numbers only, at most the token's decimals, above
 * zero, at least the smallest transferable amount, at most what this withdrawal can carry (`maxAmount`).
 */
export function amountError(value: string, preview: WithdrawalPreview, lang: AppLanguage): string | null {
  if (!value.trim()) return validationMessage('validation.required', lang);
  const { decimals, symbol } = preview.token;
  const schema = decimalAmountSchema({ decimals, minimum: preview.minimum, balance: preview.maxAmount, symbol });
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

interface ServerIssue {
  path?: unknown;
  message?: unknown;
  key?: unknown;
  params?: unknown;
}

/**
 * A refusal of one field (a 4000 whose `data.issues` names `body.amount` and the like), in the language shown now:
 * the message key translated here, the server's own words when it sent no key. Null when it is about no field.
 */
export function serverFieldErrors(error: ApiError, lang: AppLanguage): Partial<Record<WithdrawField, string>> {
  const data = error.data as { issues?: unknown } | null;
  if (error.code !== '4000' || !data || !Array.isArray(data.issues)) return {};
  const out: Partial<Record<WithdrawField, string>> = {};
  for (const issue of data.issues as ServerIssue[]) {
    const field = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '') : '';
    if (!(FIELDS as readonly string[]).includes(field) || out[field as WithdrawField]) continue;
    const params = typeof issue.params === 'object' && issue.params ? (issue.params as Record<string, unknown>) : {};
    const text =
      typeof issue.key === 'string'
        ? validationMessage(issue.key, lang, params)
        : typeof issue.message === 'string'
          ? issue.message
          : '';
    if (text) out[field as WithdrawField] = text;
  }
  return out;
}
