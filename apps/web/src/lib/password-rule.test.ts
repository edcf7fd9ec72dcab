import { makePasswordSchema, type PasswordContext, passwordConfirmationSchema } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { newPasswordRule, passwordConfirmationRule } from './password-rule';

const issues = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string; params?: unknown }[] };
  };
  return result.success
    ? []
    : (result.error?.issues ?? []).map(({ path, message, params }) => ({ path, message, params }));
};

describe('newPasswordRule', () => {
  const cases: [unknown, PasswordContext][] = [
    [undefined, {}],
    [42, {}],
    ['', {}],
    ['short', {}],
    ['abcdefgh', {}],
    ['abcdefg1', {}],
    ['abcdef1!', {}],
    ['Kim@example.com1', { email: 'kim@example.com1' }],
    ['abcdef1!', { email: 'ABCDEF1!' }],
    ['abcdef1!', { current: 'abcdef1!' }],
    ['abcdef1!x', { email: 'kim@example.com', current: 'abcdef1!' }],
  ];
  it.each(cases)('gives the same issues as makePasswordSchema for %j (%j)', (value, context) => {
    expect(issues(newPasswordRule(context), value)).toEqual(issues(makePasswordSchema(context), value));
  });
});

describe('passwordConfirmationRule', () => {
  const cases: unknown[] = [
    { password: 'abcdef1!', confirmation: 'abcdef1!' },
    { password: 'abcdef1!', confirmation: 'abcdef1' },
    { password: '', confirmation: '' },
    { password: 'a', confirmation: 'b' },
  ];
  it.each(cases.map((c) => [c]))('gives the same issues as passwordConfirmationSchema for %j', (value) => {
    expect(issues(passwordConfirmationRule, value)).toEqual(issues(passwordConfirmationSchema, value));
  });
});
