import { compareDecimals, decimalAmountSchema, validationMessage } from '@vaultline/contracts';
import type { AppLanguage } from '../../i18n';
import type { ApiError } from '../../lib/error-reader';
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
  const schema = decimalAmountSchema({
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

interface ServerIssue {
  path?: unknown;
  message?: unknown;
  key?: unknown;
  params?: unknown;
}

/**
 * A refusal of some of the given fields (a 4000 whose `data.issues` names `body.amount` and the like), in the
 * language shown now: the message key translated here, the server's own words when it sent no key.
 */
export function serverFieldErrors<F extends string>(
  error: ApiError,
  fields: readonly F[],
  lang: AppLanguage,
): Partial<Record<F, string>> {
  const data = error.data as { issues?: unknown } | null;
  if (error.code !== '4000' || !data || !Array.isArray(data.issues)) return {};
  const out: Partial<Record<F, string>> = {};
  for (const issue of data.issues as ServerIssue[]) {
    const field = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '') : '';
    if (!(fields as readonly string[]).includes(field) || out[field as F]) continue;
    const params = typeof issue.params === 'object' && issue.params ? (issue.params as Record<string, unknown>) : {};
    const text =
      typeof issue.key === 'string'
        ? validationMessage(issue.key, lang, params)
        : typeof issue.message === 'string'
          ? issue.message
          : '';
    if (text) out[field as F] = text;
  }
  return out;
}
