import { compareDecimals, parseDecimal, scaled } from './decimals.js';
import type { ValidationKey } from './validation-messages.js';

/*
 * The amount rule without a schema: validation.ts's `decimalAmountSchema` reports what this finds, and forms check an
 * amount with it before zod's core arrives. One rule, two ways to ask it.
 */

export interface DecimalAmountOptions {
  /** Decimals of the token: the most digits allowed after the point. */
  decimals: number;
  /** Smallest amount allowed, as a decimal string. */
  minimum?: string | undefined;
  /** Largest amount allowed (the withdrawable balance), as a decimal string. */
  balance?: string | undefined;
  symbol: string;
}

/** What is wrong with an amount: a message key and its parameters. */
export interface AmountProblem {
  message: ValidationKey;
  params?: Record<string, unknown>;
}

/** Refuses bounds that are not decimal numbers (a programming error, not the user's). */
export function assertAmountBounds({ minimum, balance }: DecimalAmountOptions): void {
  for (const bound of [minimum, balance]) {
    if (bound !== undefined && !parseDecimal(bound)) throw new RangeError(`not a decimal number: "${bound}"`);
  }
}

/**
 * The first problem of a (trimmed) amount, in order: numeric ('Enter numbers.'), decimals, greater than zero, the
 * minimum, the balance; null when it passes.
 */
export function decimalAmountProblem(
  value: string,
  { decimals, minimum, balance, symbol }: DecimalAmountOptions,
): AmountProblem | null {
  const d = parseDecimal(value);
  if (!d) return { message: 'validation.amount.notNumeric' };
  if (d.fraction.length > decimals) return { message: 'validation.amount.tooManyDecimals', params: { decimals } };
  if (scaled(d, decimals) <= 0n) return { message: 'validation.amount.notPositive' };
  if (minimum !== undefined && compareDecimals(value, minimum) < 0) {
    return { message: 'validation.amount.belowMinimum', params: { amount: minimum, symbol } };
  }
  if (balance !== undefined && compareDecimals(value, balance) > 0) {
    return { message: 'validation.amount.insufficientBalance', params: { balance, symbol } };
  }
  return null;
}
