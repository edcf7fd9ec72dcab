import { emailSchema } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { emailRule } from './email-rule';

const firstIssue = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: { message: string }[] } };
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

describe('emailRule', () => {
  const samples: unknown[] = [
    undefined,
    null,
    42,
    '',
    '   ',
    'kim@example.com',
    '  kim@example.com  ',
    'kim@',
    'kim example.com',
    'a@b.c',
    'kim.lee+tag@sub.example.co.kr',
    `${'a'.repeat(250)}@example.com`,
    `${'a'.repeat(240)}@example.com`,
    ` ${'a'.repeat(300)} `,
    '한글@example.com',
  ];
  it.each(samples.map((s) => [s]))('gives the same first issue as emailSchema for %j', (value) => {
    expect(firstIssue(emailRule, value)).toBe(firstIssue(emailSchema, value));
  });
});
