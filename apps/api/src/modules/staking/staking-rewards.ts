// Rewards of a delegation as the staking ledger accrues them, in integer base units. One formula, used for what a
// position earned, for the overview's history and for the return shown before staking:
//   rewards = amount × rate × (1 − commission) × period multiplier × token weight × seconds / year,
// every factor in basis points, floored once at the end (no rounding error compounds over many settlements
// beyond one base unit per settlement).
import { STORY_STAKING, type StakingPeriod, type StakingTokenType } from '@vaultline/contracts';

const BPS = 10_000n;
export const YEAR_SECONDS = 365n * 86_400n;

export interface RewardTerms {
  /** What one unlocked FLEXIBLE token earns in a year, before commission. */
  rewardRateBps: number;
  commissionBps: number;
  period: StakingPeriod;
  tokenType: StakingTokenType;
}

const weightBps = (tokenType: StakingTokenType) =>
  BigInt(tokenType === 'LOCKED' ? STORY_STAKING.lockedTokenWeightBps : 10_000);

/** Rewards of `amount` over whole seconds from `from` to `to` (nothing when `to` is not after `from`). */
export function accrue(amount: bigint, terms: RewardTerms, from: Date, to: Date): bigint {
  const seconds = BigInt(Math.floor((to.getTime() - from.getTime()) / 1000));
  if (seconds <= 0n || amount <= 0n) return 0n;
  const numerator =
    amount *
    BigInt(terms.rewardRateBps) *
    (BPS - BigInt(terms.commissionBps)) *
    BigInt(STORY_STAKING.periods[terms.period].multiplierBps) *
    weightBps(terms.tokenType) *
    seconds;
  return numerator / (BPS * BPS * BPS * BPS * YEAR_SECONDS);
}

/** The yearly return of these terms after commission, multiplier and weight, in basis points (floored). */
export function netYearlyReturnBps(terms: RewardTerms): bigint {
  return (
    (BigInt(terms.rewardRateBps) *
      (BPS - BigInt(terms.commissionBps)) *
      BigInt(STORY_STAKING.periods[terms.period].multiplierBps) *
      weightBps(terms.tokenType)) /
    (BPS * BPS * BPS)
  );
}

/** Basis points as a percent string with two decimals ('5.00'). */
export const percentOf = (bps: bigint | number) => {
  const v = BigInt(bps);
  return `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
};

/** A position's earnings at `now`: what was settled plus what accrued since, from when it became active. */
export function rewardsAt(
  position: { amount: bigint; rewardsSettled: bigint; settledAt: Date; activeAt: Date } & RewardTerms,
  now: Date,
): bigint {
  const from = position.settledAt > position.activeAt ? position.settledAt : position.activeAt;
  return position.rewardsSettled + accrue(position.amount, position, from, now);
}
