import { describe, expect, it } from 'vitest';
import {
  amountDisplay,
  amountText,
  bpsToPercent,
  chartRatios,
  earliestUnbondingEnd,
  estimatedReturnBps,
  exactAmountText,
  percentToBps,
  trimDecimal,
  yearlyRewards,
} from './staking-math';

describe('staking maths', () => {
  it('reads percent strings as basis points and writes them back with two decimals', () => {
    expect(percentToBps('5.00')).toBe(500n);
    expect(percentToBps('12.3')).toBe(1230n);
    expect(percentToBps('1.234')).toBeNull();
    expect(bpsToPercent(1234n)).toBe('12.34');
    expect(bpsToPercent(5n)).toBe('0.05');
    expect(bpsToPercent(1200n)).toBe('12.00');
  });

  it('estimates the yearly return after commission, period multiplier and locked weight, rounded down', () => {
    const base = { estimatedYearlyReturn: '8.00', commission: '5.00', rewardMultiplier: '1.00' } as const;
    // 8 % × 0.95 = 7.6 %
    expect(estimatedReturnBps({ ...base, tokenType: 'UNLOCKED' })).toBe(760n);
    // × 1.10 = 8.36 %
    expect(estimatedReturnBps({ ...base, rewardMultiplier: '1.10', tokenType: 'UNLOCKED' })).toBe(836n);
    // locked tokens earn at half weight: 3.8 %
    expect(estimatedReturnBps({ ...base, tokenType: 'LOCKED' })).toBe(380n);
    expect(estimatedReturnBps({ ...base, tokenType: 'LOCKED', lockedTokenWeight: '0.25' })).toBe(190n);
    // 7.77 % × 0.93 × 1.5 = 10.83915 % → 10.83 %
    expect(
      estimatedReturnBps({
        estimatedYearlyReturn: '7.77',
        commission: '7.00',
        rewardMultiplier: '1.50',
        tokenType: 'UNLOCKED',
      }),
    ).toBe(1083n);
    expect(estimatedReturnBps({ ...base, commission: 'x', tokenType: 'UNLOCKED' })).toBeNull();
    // A return already after commission (the contracts' wording): only the multiplier and the weight apply.
    expect(estimatedReturnBps({ estimatedYearlyReturn: '8.00', rewardMultiplier: '1.10', tokenType: 'UNLOCKED' })).toBe(
      880n,
    );
    expect(estimatedReturnBps({ estimatedYearlyReturn: '8.00', rewardMultiplier: '1.00', tokenType: 'LOCKED' })).toBe(
      400n,
    );
  });

  it('computes a yearly reward exactly, with no float rounding', () => {
    expect(yearlyRewards('1024', 760n, 18)).toBe('77.824');
    expect(yearlyRewards('0.1', 1n, 18)).toBe('0.00001');
    expect(yearlyRewards('123456789012345678.123456789012345678', 10_000n, 18)).toBe(
      '123456789012345678.123456789012345678',
    );
    expect(yearlyRewards('abc', 760n, 18)).toBeNull();
    expect(yearlyRewards('0', 760n, 18)).toBeNull();
  });

  it('adds bonding, the lock and unbonding to find the earliest end of unbonding', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const end = earliestUnbondingEnd(now, { bondingSeconds: 3600, unbondingSeconds: 14 * 86_400 }, 90 * 86_400);
    expect(end.toISOString()).toBe('2026-06-13T01:00:00.000Z');
  });

  it('formats amounts and scales a chart without floats for money', () => {
    expect(amountText('1234567.5', 'IP')).toBe('1,234,567.5 IP');
    expect(chartRatios(['0', '5', '10'])).toEqual([0, 0.5, 1]);
    expect(chartRatios(['0', '0'])).toEqual([0, 0]);
    expect(chartRatios(['0.000000000000000001', '0.000000000000000002'])).toEqual([0.5, 1]);
  });

  it('shows amounts short and readable, every digit kept for the title', () => {
    // The API's decimals come padded to the token's 18 places.
    expect(amountText('1024.000000000000000000', 'IP')).toBe('1,024 IP');
    expect(amountText('2048.500000000000000000', 'IP')).toBe('2,048.5 IP');
    expect(amountDisplay('0.012345678901234567', 'IP')).toEqual({
      text: '0.012345 IP',
      exact: '0.012345678901234567 IP',
    });
    // Cut, never rounded up: a balance is never overstated.
    expect(amountText('1.9999999', 'IP')).toBe('1.999999 IP');
    expect(amountText('0', 'IP')).toBe('0 IP');
    expect(amountText('0.000000000000000000', 'IP')).toBe('0 IP');
  });

  it('never shows a tiny amount as zero', () => {
    expect(amountDisplay('0.000000123', 'IP')).toEqual({ text: '< 0.000001 IP', exact: '0.000000123 IP' });
    expect(amountText('0.000000000000000001', 'IP')).toBe('< 0.000001 IP');
    expect(amountText('0.000001', 'IP')).toBe('0.000001 IP');
    expect(amountText('-0.0000001', 'IP')).toBe('> -0.000001 IP');
  });

  it('shows an amount it cannot read as it came, and honours other decimals', () => {
    expect(amountText('abc', 'IP')).toBe('abc IP');
    expect(amountText('1.1234567', 'X', 6)).toBe('1.1234567 X');
    expect(exactAmountText('1234567.1234567', 'IP')).toBe('1,234,567.1234567 IP');
  });

  it('trims the padding of a decimal for an input', () => {
    expect(trimDecimal('2048.000000000000000000')).toBe('2048');
    expect(trimDecimal('2048.500000000000000000')).toBe('2048.5');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal('0.000000000000000001')).toBe('0.000000000000000001');
  });
});
