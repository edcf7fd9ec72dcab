// The staking ledger's reading of its rows at a moment: a position's state and rewards, what is claimable, and the
// rewards history of the overview's chart. Pure: rows and a time in, views out.
import {
  type DelegationState,
  fromBaseUnits,
  STORY_STAKING,
  type StakingPeriod,
  type StakingTokenType,
} from '@vaultline/contracts';
import type { PositionRow, UnbondingRow } from './staking.repository.js';
import { netYearlyReturnBps, percentOf, type RewardTerms, rewardsAt } from './staking-rewards.js';

const IP_DECIMALS = 18;
export const ip = (units: bigint) => fromBaseUnits(units, IP_DECIMALS);

export const termsOf = (p: PositionRow): RewardTerms => ({
  rewardRateBps: p.rewardRateBps,
  commissionBps: p.commissionBps,
  period: p.period as StakingPeriod,
  tokenType: p.tokenType as StakingTokenType,
});

/** Everything a position has earned by `now` (claimed or not). */
export function earned(p: PositionRow, now: Date): bigint {
  return rewardsAt(
    {
      ...termsOf(p),
      amount: BigInt(p.amount),
      rewardsSettled: BigInt(p.rewardsSettled),
      settledAt: p.settledAt,
      activeAt: p.activeAt,
    },
    now,
  );
}

export const unclaimedRewards = (p: PositionRow, now: Date) => earned(p, now) - BigInt(p.rewardsClaimed);

export function positionState(p: PositionRow, now: Date): DelegationState {
  if (now < p.activeAt) return 'BONDING';
  return BigInt(p.amount) > 0n ? 'ACTIVE' : 'CLAIMED';
}

export const unbondingState = (u: UnbondingRow, now: Date): DelegationState =>
  u.claimedAt ? 'CLAIMED' : now < u.endsAt ? 'UNBONDING' : 'UNBONDED';

export function positionView(p: PositionRow, validatorName: string, now: Date) {
  const state = positionState(p, now);
  return {
    positionId: p.id,
    walletId: p.walletId,
    validatorId: p.validatorId,
    validatorName,
    delegationId: p.delegationId,
    period: p.period as StakingPeriod,
    tokenType: p.tokenType as StakingTokenType,
    state,
    amount: ip(BigInt(p.amount)),
    rewards: ip(unclaimedRewards(p, now)),
    estimatedYearlyReturn: percentOf(netYearlyReturnBps(termsOf(p))),
    stakedAt: p.stakedAt.toISOString(),
    activeAt: p.activeAt.toISOString(),
    lockedUntil: p.lockedUntil.toISOString(),
    unbondingEndsAt: null,
    canUnstake: state === 'ACTIVE' && now >= p.lockedUntil,
    txHash: p.txHash,
  };
}

/** An unstaked part, shown as a position of its own while it unbonds and until it is claimed. */
export function unbondingView(u: UnbondingRow, position: PositionRow, validatorName: string, now: Date) {
  return {
    positionId: u.id,
    walletId: u.walletId,
    validatorId: u.validatorId,
    validatorName,
    delegationId: position.delegationId,
    period: position.period as StakingPeriod,
    tokenType: position.tokenType as StakingTokenType,
    state: unbondingState(u, now),
    amount: ip(BigInt(u.amount)),
    rewards: '0',
    estimatedYearlyReturn: '0.00',
    stakedAt: position.stakedAt.toISOString(),
    activeAt: position.activeAt.toISOString(),
    lockedUntil: position.lockedUntil.toISOString(),
    unbondingEndsAt: u.endsAt.toISOString(),
    canUnstake: false,
    txHash: u.txHash,
  };
}

/**
 * What a claim would pay now, in base units: unbonded principal not yet claimed, and the unclaimed rewards of each
 * wallet-and-validator pair that has reached the chain's payout threshold. Story's consensus layer sweeps every
 * delegation and withdraws its rewards only once they reach `min_partial_withdrawal_amount` (8 IP by default): below
 * that they are earned but not payable, and are shown as accruing, never as claimable.
 */
export function claimableOf(
  positions: readonly PositionRow[],
  unbondings: readonly UnbondingRow[],
  now: Date,
  threshold: bigint = STORY_STAKING.rewardPayoutThreshold,
) {
  const principal = unbondings
    .filter((u) => !u.claimedAt && u.endsAt <= now)
    .reduce((sum, u) => sum + BigInt(u.amount), 0n);
  const perPair = new Map<string, bigint>();
  for (const p of positions) {
    const key = `${p.walletId}:${p.validatorId}`;
    perPair.set(key, (perPair.get(key) ?? 0n) + unclaimedRewards(p, now));
  }
  let rewards = 0n;
  for (const pending of perPair.values()) if (pending >= threshold) rewards += pending;
  return { principal, rewards };
}

export const claimableView = (c: { principal: bigint; rewards: bigint }) => ({
  principal: ip(c.principal),
  rewards: ip(c.rewards),
  total: ip(c.principal + c.rewards),
});

const DAY_MS = 86_400_000;
/** Asia/Seoul has no daylight saving: a Seoul day ends at 15:00 UTC. */
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/**
 * Rewards earned to the end of each of the last `days` Seoul days (the last one up to `now`). Before a position's
 * last settlement only its settled total is known, so that stretch is drawn linearly from its start.
 */
export function rewardsHistory(positions: readonly PositionRow[], now: Date, days: number) {
  const todayStart = Math.floor((now.getTime() + SEOUL_OFFSET_MS) / DAY_MS) * DAY_MS - SEOUL_OFFSET_MS;
  const points: { date: string; rewards: string }[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const end = new Date(Math.min(todayStart + (1 - i) * DAY_MS, now.getTime()));
    let total = 0n;
    for (const p of positions) {
      if (end <= p.activeAt) continue;
      if (end >= p.settledAt) total += earned(p, end);
      else {
        const span = BigInt(p.settledAt.getTime() - p.activeAt.getTime());
        const part = BigInt(end.getTime() - p.activeAt.getTime());
        total += span > 0n ? (BigInt(p.rewardsSettled) * part) / span : 0n;
      }
    }
    const date = new Date(todayStart - i * DAY_MS + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
    points.push({ date, rewards: ip(total) });
  }
  return points;
}
