import { describe, expect, it } from 'vitest';
import { allocate, donutArc, formatPercent } from './allocation';

const item = (key: string, amount: bigint) => ({ key, label: key, amount });

describe('allocate', () => {
  it('splits 100% in basis points that always add up, largest first', () => {
    const slices = allocate([item('a', 1n), item('b', 1n), item('c', 1n)]);
    expect(slices.map((s) => s.basisPoints).reduce((x, y) => x + y, 0)).toBe(10_000);
    expect(slices.map((s) => formatPercent(s.basisPoints)).sort()).toEqual(['33.33%', '33.33%', '33.34%']);
  });

  it('works on 18-decimal balances far beyond Number precision', () => {
    const big = 10n ** 30n;
    const slices = allocate([item('whale', big * 3n), item('small', big), item('dust', 1n)]);
    expect(slices.map((s) => [s.key, s.basisPoints])).toEqual([
      ['whale', 7500],
      ['small', 2500],
      ['dust', 0],
    ]);
    // Number() would lose the dust: 3e30 + 1e30 + 1 is not representable exactly.
    expect(slices.reduce((sum, s) => sum + s.amount, 0n)).toBe(big * 4n + 1n);
  });

  it('leaves out empty wallets and answers nothing for an all-zero total', () => {
    expect(allocate([item('a', 0n), item('b', 5n)]).map((s) => s.key)).toEqual(['b']);
    expect(allocate([item('a', 5n)])[0]?.basisPoints).toBe(10_000);
    expect(allocate([item('a', 0n)])).toEqual([]);
    expect(allocate([])).toEqual([]);
  });

  it('gives the rounding remainder to the largest remainders', () => {
    // 2/3 = 6666.67 bp and 1/3 = 3333.33 bp: the larger remainder gets the lost point.
    const slices = allocate([item('a', 2n), item('b', 1n)]);
    expect(slices.map((s) => s.basisPoints)).toEqual([6667, 3333]);
  });
});

describe('formatPercent and donutArc', () => {
  it('formats basis points', () => {
    expect(formatPercent(10_000)).toBe('100.00%');
    expect(formatPercent(5)).toBe('0.05%');
    expect(formatPercent(1234)).toBe('12.34%');
  });

  it('draws a full circle as two halves and a part as one segment', () => {
    expect(donutArc(0, 1, 90, 64, 90).match(/M /g)).toHaveLength(2);
    expect(donutArc(0, 0.25, 90, 64, 90)).toMatch(/^M 90\.000 0\.000 A 90 90 0 0 1 180\.000 90\.000/);
  });
});

describe('export range default', () => {
  it('is the last seven calendar days in Asia/Seoul, across the Seoul midnight', async () => {
    const { lastWeekInSeoul } = await import('./ExportDialog');
    // 2026-11-22 15:05 UTC is already 2026-11-23 00:05 in Seoul.
    expect(lastWeekInSeoul(new Date('2026-11-22T15:05:00Z'))).toEqual(['2026-11-17', '2026-11-23']);
    expect(lastWeekInSeoul(new Date('2026-11-22T14:55:00Z'))).toEqual(['2026-11-16', '2026-11-22']);
  });
});
