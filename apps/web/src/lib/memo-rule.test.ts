import { memoSchema } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { memoRule } from './memo-rule';

const firstIssue = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: { message: string }[] } };
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

describe('memoRule', () => {
  const samples: unknown[] = [
    undefined,
    '',
    'rent for May',
    ' spaced ',
    'a'.repeat(255),
    'a'.repeat(256),
    'nul\u0000inside',
    'lone \uD800 surrogate',
    `${'a'.repeat(300)}\u0000`,
    '😀 paired',
  ];
  it.each(samples.map((s) => [s]))('gives the same first issue as memoSchema for %j', (value) => {
    expect(firstIssue(memoRule, value)).toBe(firstIssue(memoSchema, value));
  });
});
