import {
  compareDecimals,
  fromBaseUnits,
  STORY_STAKING,
  type StakingTokenType,
  toBaseUnits,
} from '@vaultline/contracts';
import { formatAmount } from '../../lib/amounts';

/**
 * The staking screens' arithmetic on decimal strings, exactly: rates become basis points and amounts base units as
 * bigints, never floats. Percent strings carry two decimals ('5.00'), so a percent in hundredths is basis points.
 */

const BPS = 10_000n;

/** '5.00' (percent) → 500n basis points; null when it is not a number with at most two decimals. */
export function percentToBps(percent: string): bigint | null {
  try {
    return toBaseUnits(percent, 2);
  } catch {
    return null;
  }
}

/** '1.10' (a factor) → 11 000n basis points (10 000 = ×1); null when unreadable. */
export function factorToBps(factor: string): bigint | null {
  try {
    return toBaseUnits(factor, 4);
  } catch {
    return null;
  }
}

/** Hundredths of a percent (basis points) as a percent string with exactly two decimals: 1234n → '12.34'. */
export function bpsToPercent(bps: bigint): string {
  const [whole = '0', fraction = ''] = fromBaseUnits(bps, 2).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * Whether a validator's `estimatedYearlyReturn` already has its commission taken off. The contracts say it does
 * ("After its commission: what one unlocked FLEXIBLE IP earns in a year"); the first draft said "before commission".
 * While true, the estimate does not take the commission off a second time.
 */
export const YEARLY_RETURN_AFTER_COMMISSION = true;

export interface EstimateInput {
  /** The validator's estimated yearly return for one unlocked FLEXIBLE IP, percent ('8.00'). */
  estimatedYearlyReturn: string;
  /** Its commission, percent ('5.00'), when the return above is before commission; left out, none is taken off. */
  commission?: string | undefined;
  /** The period's reward multiplier ('1.10'). */
  rewardMultiplier: string;
  tokenType: StakingTokenType;
  /** The weight of locked tokens ('0.50'); the protocol's constant when not given. */
  lockedTokenWeight?: string;
}

/**
 * The yearly return of a stake, in basis points, rounded down: return × (1 − commission, when given) × period
 * multiplier × (the locked weight for LOCKED tokens). Null when a rate cannot be read.
 */
export function estimatedReturnBps(input: EstimateInput): bigint | null {
  const yearly = percentToBps(input.estimatedYearlyReturn);
  const commission = input.commission === undefined ? 0n : percentToBps(input.commission);
  const multiplier = factorToBps(input.rewardMultiplier);
  const weight =
    input.tokenType === 'LOCKED'
      ? input.lockedTokenWeight
        ? factorToBps(input.lockedTokenWeight)
        : BigInt(STORY_STAKING.lockedTokenWeightBps)
      : BPS;
  if (yearly === null || commission === null || multiplier === null || weight === null) return null;
  const kept = commission >= BPS ? 0n : BPS - commission;
  return (yearly * kept * multiplier * weight) / (BPS * BPS * BPS);
}

/** What `amount` earns in a year at `bps`, as a decimal string rounded down to the token's decimals. */
export function yearlyRewards(amount: string, bps: bigint, decimals: number): string | null {
  try {
    const units = toBaseUnits(amount, decimals);
    if (units <= 0n) return null;
    return fromBaseUnits((units * bps) / BPS, decimals);
  } catch {
    return null;
  }
}

/** The earliest an unstake's unbonding ends for a stake made at `now`: bonding, then the period's lock, then unbonding. */
export function earliestUnbondingEnd(
  now: Date,
  protocol: { bondingSeconds: number; unbondingSeconds: number },
  lockSeconds: number,
): Date {
  return new Date(now.getTime() + (protocol.bondingSeconds + lockSeconds + protocol.unbondingSeconds) * 1000);
}

/** Whether a decimal string is above zero (an unreadable one counts as zero). */
export function isPositiveDecimal(value: string): boolean {
  try {
    return compareDecimals(value, '0') > 0;
  } catch {
    return false;
  }
}

/** Fraction digits an amount shows: a day's rewards stay visible, a table cell stays short. */
export const SHOWN_FRACTION_DIGITS = 6;
const SMALLEST_SHOWN = `0.${'0'.repeat(SHOWN_FRACTION_DIGITS - 1)}1`;

/** An amount as shown ('1,024.000123 IP') and with every digit it has ('1,024.000123456789 IP', for a title). */
export interface AmountDisplay {
  text: string;
  exact: string;
}

/**
 * A decimal amount of the API ('1024.000000000000000000') as the screens show it, through the app's base-unit
 * formatter (exact, no float): trailing zeros trimmed, at most six fraction digits, cut and never rounded up so that
 * nothing is overstated. An amount that is not zero but smaller than the last digit shown reads '< 0.000001', never
 * a false '0'. `exact` keeps every digit.
 */
export function amountDisplay(value: string, symbol: string, decimals = 18): AmountDisplay {
  let units: bigint;
  try {
    units = toBaseUnits(value, decimals);
  } catch {
    // More digits than the token has, or not a number: shown as it came rather than guessed at.
    return { text: `${value} ${symbol}`, exact: `${value} ${symbol}` };
  }
  let shown = formatAmount(units, decimals, { maxFraction: SHOWN_FRACTION_DIGITS });
  if (units !== 0n && /^-?0$/.test(shown)) shown = units > 0n ? `< ${SMALLEST_SHOWN}` : `> -${SMALLEST_SHOWN}`;
  return { text: `${shown} ${symbol}`, exact: `${formatAmount(units, decimals)} ${symbol}` };
}

/** '1024.500000000000000000' → '1024.5': the API's padded decimal as a person types it (a Max button's fill). */
export function trimDecimal(value: string): string {
  if (!/^-?\d+\.\d*$/.test(value)) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** '1,024.5 IP' of a decimal string, shortened as `amountDisplay` does. */
export function amountText(value: string, symbol: string, decimals = 18): string {
  return amountDisplay(value, symbol, decimals).text;
}

/** '1,024.500000000000000001 IP': every digit, for a title or where the exact figure matters. */
export function exactAmountText(value: string, symbol: string, decimals = 18): string {
  return amountDisplay(value, symbol, decimals).exact;
}

/** '5.00%' of a percent string. */
export function percentText(value: string): string {
  return `${value}%`;
}

/**
 * The points of a chart of decimal amounts as fractions of the largest (0 … 1), computed on bigints so that amounts
 * of any size and precision scale exactly; only the final ratio, a screen position, is a float.
 */
export function chartRatios(values: readonly string[], decimals = 18): number[] {
  const units = values.map((value) => {
    try {
      const scaled = toBaseUnits(value, decimals);
      return scaled > 0n ? scaled : 0n;
    } catch {
      return 0n;
    }
  });
  const max = units.reduce((a, b) => (b > a ? b : a), 0n);
  if (max === 0n) return units.map(() => 0);
  return units.map((u) => Number((u * 1_000_000n) / max) / 1_000_000);
}
