import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  alphanumericDotSchema,
  alphanumericSchema,
  compareDecimals,
  decimalAmountSchema,
  EMAIL_PATTERN,
  emailSchema,
  eosAccountNameSchema,
  fromBaseUnits,
  isPasswordValid,
  makePasswordSchema,
  memoSchema,
  otpCodeSchema,
  otpInputSchema,
  passwordConfirmationSchema,
  passwordRules,
  personNameSchema,
  stepApprovalsSchema,
  textSchema,
  toBaseUnits,
} from './validation.js';
import { translateIssues, VALIDATION_MESSAGES, validationMessage } from './validation-messages.js';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
function issues(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues;
}
const firstMessage = (schema: z.ZodType, value: unknown) => issues(schema, value)[0]?.message;

describe('generic checks', () => {
  it("checks an email with zod's own pattern (copied so the sign-in screen need not load zod's regexes)", () => {
    // The formatter drops escapes that change nothing (`\-` last in a class is a plain `-`): compare without them.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it('accepts standard emails up to 255 characters', () => {
    expect(ok(emailSchema, 'kim@vaultline.io')).toBe(true);
    expect(emailSchema.parse('  kim@vaultline.io ')).toBe('kim@vaultline.io');
    expect(firstMessage(emailSchema, 'kim@')).toBe('validation.email.invalid');
    expect(firstMessage(emailSchema, 'kim vaultline.io')).toBe('validation.email.invalid');
    expect(firstMessage(emailSchema, '')).toBe('validation.required');
    expect(firstMessage(emailSchema, `${'a'.repeat(251)}@b.io`)).toBe('validation.text.tooLong');
    expect(ok(emailSchema, `${'a'.repeat(250)}@b.io`)).toBe(true);
  });

  it('limits text to 1..255 characters after trimming', () => {
    expect(ok(textSchema, 'a'.repeat(255))).toBe(true);
    expect(firstMessage(textSchema, 'a'.repeat(256))).toBe('validation.text.tooLong');
    expect(firstMessage(textSchema, '   ')).toBe('validation.required');
    expect(firstMessage(textSchema, undefined)).toBe('validation.required');
  });

  it('checks alphanumeric values, with or without dots', () => {
    expect(ok(alphanumericSchema, 'abc123XYZ')).toBe(true);
    expect(firstMessage(alphanumericSchema, 'abc.123')).toBe('validation.alphanumeric');
    expect(ok(alphanumericSchema, 'abc_1')).toBe(false);
    expect(ok(alphanumericDotSchema, 'abc.123')).toBe(true);
    expect(firstMessage(alphanumericDotSchema, 'abc-123')).toBe('validation.alphanumericDot');
    expect(ok(alphanumericDotSchema, '')).toBe(false);
  });

  it('accepts English or Korean names only', () => {
    for (const name of ['Kim', 'Mary Jane', '김철수', '홍 길동', 'Lee 민수'])
      expect(ok(personNameSchema, name), name).toBe(true);
    for (const name of ['Kim2', "O'Brien", 'Kim-Lee', 'kim!', '김철수.', 'ㄱㄴ', 'José', '']) {
      expect(ok(personNameSchema, name), name).toBe(false);
    }
    expect(firstMessage(personNameSchema, 'Kim2')).toBe('validation.personName.invalid');
  });
});

describe('one-time codes', () => {
  it('requires exactly 6 digits for a complete code', () => {
    expect(ok(otpCodeSchema, '012345')).toBe(true);
    for (const code of ['12345', '1234567', '12345a', '', ' 12345']) expect(ok(otpCodeSchema, code), code).toBe(false);
    expect(firstMessage(otpCodeSchema, '123')).toBe('validation.otp.invalid');
  });

  it('accepts 0 to 6 digits while typing', () => {
    for (const code of ['', '1', '123456']) expect(ok(otpInputSchema, code), code).toBe(true);
    for (const code of ['1234567', '12a', '-1']) expect(ok(otpInputSchema, code), code).toBe(false);
  });
});

describe('EOS account names', () => {
  it('accepts exactly 12 characters of a-z and 1-5', () => {
    expect(ok(eosAccountNameSchema, 'vaultline125')).toBe(true);
    expect(ok(eosAccountNameSchema, 'abcdefghijkl')).toBe(true);
    expect(ok(eosAccountNameSchema, '111112222233')).toBe(true);
  });

  it('refuses 0, 6, 9, uppercase and other lengths', () => {
    for (const name of [
      'vaultline120',
      'vaultline126',
      'vaultline129',
      'Vaultline125',
      'vault.line12',
      'vaultline12',
      'vaultline1234',
    ]) {
      expect(firstMessage(eosAccountNameSchema, name), name).toBe('validation.eosAccountName.invalid');
    }
  });
});

describe('approval lines and memos', () => {
  it('allows 1 to 9 required approvals per step', () => {
    expect(ok(stepApprovalsSchema, 1)).toBe(true);
    expect(ok(stepApprovalsSchema, 9)).toBe(true);
    for (const n of [0, 10, 2.5, -1, '3'])
      expect(firstMessage(stepApprovalsSchema, n), String(n)).toBe('validation.stepApprovals.range');
  });

  it('limits memos to 255 characters and makes them optional', () => {
    expect(ok(memoSchema, undefined)).toBe(true);
    expect(ok(memoSchema, 'm'.repeat(255))).toBe(true);
    expect(firstMessage(memoSchema, 'm'.repeat(256))).toBe('validation.memo.tooLong');
  });
});

describe('passwords', () => {
  it('reports everything missing at once', () => {
    expect(passwordRules('')).toEqual(['length', 'letter', 'digit', 'special']);
    expect(passwordRules('abcdefgh')).toEqual(['digit', 'special']);
    expect(passwordRules('abc1!')).toEqual(['length']);
    expect(passwordRules('12345678!')).toEqual(['letter']);
  });

  it('needs at least 8 characters (7 refused, 8 accepted)', () => {
    expect(passwordRules('abc123!')).toEqual(['length']);
    expect(passwordRules('abcd123!')).toEqual([]);
    expect(isPasswordValid('abcd123!')).toBe(true);
  });

  it('refuses the email and the current password', () => {
    expect(passwordRules('Kim@vault1.io', { email: 'kim@vault1.io' })).toBe('equals-email');
    expect(passwordRules('abcd123!', { current: 'abcd123!' })).toBe('equals-current');
    expect(passwordRules('abcd123!', { email: 'kim@vault1.io', current: 'other123!' })).toEqual([]);
  });

  it('builds schema issues with keys and params', () => {
    const schema = makePasswordSchema({ email: 'kim@vault1.io', current: 'Old-pass1' });
    expect(ok(schema, 'New-pass1')).toBe(true);
    const [missing] = issues(schema, 'short');
    expect(missing?.message).toBe('validation.password.missing');
    expect(missing && 'params' in missing ? missing.params : undefined).toEqual({
      missing: ['length', 'digit', 'special'],
    });
    expect(firstMessage(schema, 'kim@vault1.io')).toBe('validation.password.equalsEmail');
    expect(firstMessage(schema, 'Old-pass1')).toBe('validation.password.equalsCurrent');
    expect(translateIssues(issues(schema, 'short'), 'en')).toEqual([
      { path: '', message: 'Your password needs at least 8 characters, a number and a special character.' },
    ]);
  });

  it('requires the confirmation to match', () => {
    expect(ok(passwordConfirmationSchema, { password: 'abcd123!', confirmation: 'abcd123!' })).toBe(true);
    const found = issues(passwordConfirmationSchema, { password: 'abcd123!', confirmation: 'abcd123?' });
    expect(found[0]?.path).toEqual(['confirmation']);
    expect(translateIssues(found, 'en')).toEqual([
      { path: 'confirmation', message: 'The passwords entered do not match. Please check again.' },
    ]);
  });
});

describe('amounts', () => {
  const big = '123456789012345678901234567890';
  const eth = decimalAmountSchema({ decimals: 18, minimum: '0.001', balance: big, symbol: 'ETH' });

  it('refuses what is not a number', () => {
    for (const v of ['abc', '1,000', '1e5', '', '.', '1.2.3', '0x10'])
      expect(firstMessage(eth, v), v).toBe('validation.amount.notNumeric');
  });

  it('limits decimals', () => {
    const usdt = decimalAmountSchema({ decimals: 6, symbol: 'USDT' });
    expect(ok(usdt, '1.123456')).toBe(true);
    const [issue] = issues(usdt, '1.1234567');
    expect(issue?.message).toBe('validation.amount.tooManyDecimals');
    expect(translateIssues(issues(usdt, '1.1234567'), 'en')[0]?.message).toBe(
      'Decimal 6 digit is the maximum you can enter.',
    );
    const whole = decimalAmountSchema({ decimals: 0, symbol: 'NFT' });
    expect(ok(whole, '3')).toBe(true);
    expect(ok(whole, '3.5')).toBe(false);
  });

  it('refuses zero and negative amounts', () => {
    for (const v of ['0', '0.000', '-1', '-0.5']) expect(firstMessage(eth, v), v).toBe('validation.amount.notPositive');
  });

  it('enforces the minimum', () => {
    expect(ok(eth, '0.001')).toBe(true);
    expect(firstMessage(eth, '0.000999999999999999')).toBe('validation.amount.belowMinimum');
    expect(translateIssues(issues(eth, '0.0009'), 'en')[0]?.message).toBe('The amount must be at least 0.001 ETH.');
    expect(translateIssues(issues(eth, '0.0009'), 'ko')[0]?.message).toBe('최소 0.001 ETH 이상 입력해 주세요.');
  });

  it('enforces the balance exactly with large values', () => {
    expect(ok(eth, big)).toBe(true);
    expect(ok(eth, `${big}.000000000000000000`)).toBe(true);
    expect(firstMessage(eth, `${big}.000000000000000001`)).toBe('validation.amount.insufficientBalance');
    expect(firstMessage(eth, '123456789012345678901234567891')).toBe('validation.amount.insufficientBalance');
    expect(ok(eth, '123456789012345678901234567889.999999999999999999')).toBe(true);
    expect(eth.parse(' 1.5 ')).toBe('1.5');
  });

  it('refuses bounds that are not numbers when the schema is made', () => {
    expect(() => decimalAmountSchema({ decimals: 2, minimum: 'abc', symbol: 'X' })).toThrow(RangeError);
  });

  it('converts to and from base units exactly', () => {
    expect(toBaseUnits('1.5', 6)).toBe(1_500_000n);
    expect(toBaseUnits('.5', 2)).toBe(50n);
    expect(toBaseUnits('1.50000000', 2)).toBe(150n);
    expect(toBaseUnits(big, 18)).toBe(BigInt(`${big}000000000000000000`));
    expect(toBaseUnits('0.000000000000000001', 18)).toBe(1n);
    expect(() => toBaseUnits('1.123', 2)).toThrow(RangeError);
    expect(() => toBaseUnits('abc', 2)).toThrow(RangeError);
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5');
    expect(fromBaseUnits('1', 18)).toBe('0.000000000000000001');
    expect(fromBaseUnits(100_000_000n, 8)).toBe('1');
    expect(fromBaseUnits(0n, 8)).toBe('0');
    expect(fromBaseUnits(-150n, 2)).toBe('-1.5');
    expect(fromBaseUnits(42n, 0)).toBe('42');
    expect(fromBaseUnits(`${big}000000000000000123`, 18)).toBe(`${big}.000000000000000123`);
    expect(compareDecimals('1.10', '1.1')).toBe(0);
    expect(compareDecimals('0.9', '1')).toBe(-1);
  });
});

describe('messages', () => {
  it('has both languages for every key', () => {
    for (const [key, m] of Object.entries(VALIDATION_MESSAGES)) {
      expect(m.en, key).not.toBe('');
      expect(m.ko, key).not.toBe('');
    }
  });

  it('fills placeholders and falls back to the key', () => {
    expect(validationMessage('validation.amount.insufficientBalance', 'en', { balance: '2', symbol: 'BTC' })).toBe(
      'Insufficient balance. You can enter up to 2 BTC.',
    );
    expect(validationMessage('validation.amount.tooManyDecimals', 'ko', { decimals: 8 })).toBe(
      '소수점 8자리까지 입력할 수 있습니다.',
    );
    expect(validationMessage('no.such.key', 'en')).toBe('no.such.key');
    expect(validationMessage('validation.password.missing', 'ko', { missing: ['digit'] })).toBe(
      '비밀번호에 숫자를 포함해 주세요.',
    );
  });

  it('translates plain issues with nested paths', () => {
    expect(translateIssues([{ path: ['items', 0, 'amount'], message: 'validation.amount.notNumeric' }], 'ko')).toEqual([
      { path: 'items.0.amount', message: '숫자를 입력해 주세요.' },
    ]);
  });
});
