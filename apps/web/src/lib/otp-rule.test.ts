import { otpCodeSchema, otpInputSchema } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { otpCodeRule, otpInputRule } from './otp-rule';

const firstIssue = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: { message: string }[] } };
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

const samples: unknown[] = [
  undefined,
  null,
  123456,
  '',
  '1',
  '12345',
  '123456',
  '1234567',
  '12a456',
  ' 123456',
  '１２３４５６',
];

describe('otpCodeRule', () => {
  it.each(samples.map((s) => [s]))('gives the same first issue as otpCodeSchema for %j', (value) => {
    expect(firstIssue(otpCodeRule, value)).toBe(firstIssue(otpCodeSchema, value));
  });
});

describe('otpInputRule', () => {
  it.each(samples.map((s) => [s]))('gives the same first issue as otpInputSchema for %j', (value) => {
    expect(firstIssue(otpInputRule, value)).toBe(firstIssue(otpInputSchema, value));
  });
});
