import { type DecimalAmountOptions, decimalAmountSchema } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { decimalAmountRule } from './amount-rule';

const issues = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string; params?: unknown }[] };
  };
  return result.success
    ? []
    : (result.error?.issues ?? []).map(({ path, message, params }) => ({ path, message, params }));
};

const options: DecimalAmountOptions = { decimals: 6, minimum: '0.5', balance: '100', symbol: 'USDT' };
const values: unknown[] = [
  undefined,
  42,
  '',
  ' ',
  'abc',
  '1.2.3',
  '-1',
  '0',
  '0.0000001',
  '0.4',
  '0.5',
  ' 1.25 ',
  '100',
  '100.000001',
  '.5',
  '5.',
];

describe('decimalAmountRule', () => {
  it.each(values.map((v) => [v]))('gives the same issues as decimalAmountSchema for %j', (value) => {
    expect(issues(decimalAmountRule(options), value)).toEqual(issues(decimalAmountSchema(options), value));
  });
  it('gives the same issues without bounds', () => {
    const open = { decimals: 0, symbol: 'BTC' };
    for (const value of ['1', '1.5', '0']) {
      expect(issues(decimalAmountRule(open), value)).toEqual(issues(decimalAmountSchema(open), value));
    }
  });
  it('refuses malformed bounds like the schema', () => {
    const bad = { decimals: 2, minimum: 'x', symbol: 'ETH' };
    expect(() => decimalAmountSchema(bad)).toThrow(RangeError);
    expect(() => decimalAmountRule(bad)).toThrow(RangeError);
  });
});
