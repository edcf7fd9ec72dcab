import { describe, expect, it } from 'vitest';
import { formatAmount, formatTokenAmount, isPositive } from './amounts';

describe('formatAmount', () => {
  it('reads base units exactly, beyond what a float holds', () => {
    expect(formatAmount('1500000000000000000', 18)).toBe('1.5');
    expect(formatAmount('123456789012345678901234567', 18)).toBe('123,456,789.012345678901234567');
    expect(formatAmount('1', 18)).toBe('0.000000000000000001');
    expect(formatAmount('0', 6)).toBe('0');
    expect(formatAmount(1234567n, 0)).toBe('1,234,567');
  });

  it('cuts extra fraction digits without rounding up', () => {
    expect(formatAmount('1999999999', 9, { maxFraction: 4 })).toBe('1.9999');
    expect(formatAmount('1000000001', 9, { maxFraction: 4 })).toBe('1');
  });

  it('shows a dash for an unreadable amount instead of throwing', () => {
    expect(formatAmount('1.5', 6)).toBe('—');
    expect(formatAmount('abc', 6)).toBe('—');
  });

  it('adds the symbol and tells positive amounts', () => {
    expect(formatTokenAmount('2500000', { decimals: 6, symbol: 'USDT' })).toBe('2.5 USDT');
    expect(isPositive('1')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('x')).toBe(false);
  });
});
