import { describe, expect, it } from 'vitest';
import { accrue, netYearlyReturnBps, percentOf, type RewardTerms, rewardsAt } from './staking-rewards.js';

const IP = 10n ** 18n;
const start = new Date('2026-01-01T00:00:00Z');
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const YEAR = 365 * 86_400;

// Two validators: A earns 10 % a year and keeps 5 %, B earns 15 % and keeps 10 %.
const A = { rewardRateBps: 1_000, commissionBps: 500 };
const B = { rewardRateBps: 1_500, commissionBps: 1_000 };

// Worked by hand for 10 000 IP over one year: rate × (1 − commission) × multiplier × weight.
//   A FLEXIBLE unlocked: 10 000 × 0.10 × 0.95            = 950 IP;   SHORT (×1.1): 1 045 IP;   locked (×0.5): 475 IP
//   B FLEXIBLE unlocked: 10 000 × 0.15 × 0.90            = 1 350 IP; SHORT (×1.1): 1 485 IP;   locked (×0.5): 675 IP
const table: [string, RewardTerms, bigint][] = [
  ['A flexible unlocked', { ...A, period: 'FLEXIBLE', tokenType: 'UNLOCKED' }, 950n * IP],
  ['A short unlocked', { ...A, period: 'SHORT', tokenType: 'UNLOCKED' }, 1_045n * IP],
  ['A flexible locked', { ...A, period: 'FLEXIBLE', tokenType: 'LOCKED' }, 475n * IP],
  ['B flexible unlocked', { ...B, period: 'FLEXIBLE', tokenType: 'UNLOCKED' }, 1_350n * IP],
  ['B short unlocked', { ...B, period: 'SHORT', tokenType: 'UNLOCKED' }, 1_485n * IP],
  ['B flexible locked', { ...B, period: 'FLEXIBLE', tokenType: 'LOCKED' }, 675n * IP],
];

describe('staking rewards', () => {
  it.each(table)('%s: 10 000 IP for a year earns the hand-computed amount', (_name, terms, expected) => {
    expect(accrue(10_000n * IP, terms, start, after(YEAR))).toBe(expected);
  });

  it('one day is a 365th of a year, floored to the base unit', () => {
    // 950 IP / 365 = 2.602739726027397260 27… IP
    expect(accrue(10_000n * IP, { ...A, period: 'FLEXIBLE', tokenType: 'UNLOCKED' }, start, after(86_400))).toBe(
      2_602_739_726_027_397_260n,
    );
  });

  it('earns nothing before it is active, for no time, or for nothing staked', () => {
    const terms: RewardTerms = { ...A, period: 'FLEXIBLE', tokenType: 'UNLOCKED' };
    expect(accrue(10n * IP, terms, after(10), after(5))).toBe(0n);
    expect(accrue(0n, terms, start, after(YEAR))).toBe(0n);
    const position = { ...terms, amount: 10_000n * IP, rewardsSettled: 0n, settledAt: start, activeAt: after(YEAR) };
    expect(rewardsAt(position, after(YEAR))).toBe(0n);
    expect(rewardsAt(position, after(2 * YEAR))).toBe(950n * IP);
  });

  it('settled rewards carry over and accrual continues from the settlement', () => {
    const terms: RewardTerms = { ...B, period: 'FLEXIBLE', tokenType: 'UNLOCKED' };
    // Half a year at 10 000 IP (675 IP), then 5 000 IP left for the other half (337.5 IP).
    const settled = accrue(10_000n * IP, terms, start, after(YEAR / 2));
    expect(settled).toBe(675n * IP);
    const position = {
      ...terms,
      amount: 5_000n * IP,
      rewardsSettled: settled,
      settledAt: after(YEAR / 2),
      activeAt: start,
    };
    expect(rewardsAt(position, after(YEAR))).toBe(675n * IP + 3375n * 10n ** 17n);
  });

  it('the net yearly return shown before staking is the same formula', () => {
    expect(percentOf(netYearlyReturnBps({ ...A, period: 'FLEXIBLE', tokenType: 'UNLOCKED' }))).toBe('9.50');
    expect(percentOf(netYearlyReturnBps({ ...B, period: 'SHORT', tokenType: 'UNLOCKED' }))).toBe('14.85');
    expect(percentOf(netYearlyReturnBps({ ...B, period: 'FLEXIBLE', tokenType: 'LOCKED' }))).toBe('6.75');
  });
});
