import { describe, expect, it } from 'vitest';
import {
  ApiErrorBodySchema,
  ERROR_CATALOGUE,
  ERROR_CODES,
  EXTRA_MESSAGES,
  errorMessage,
  invalidPasswordMessage,
  isErrorCode,
  OTP_EXPIRED_MESSAGE,
  otpAlreadyUsedMessage,
} from './errors.js';

/** The 62 codes of the spec's error-codes.tsv. */
// biome-ignore format: a compact list
const SPEC_CODES = [
  '401', '4001', '5', '19', '4028', '4002', '4004', '4005', '4030', '4034', '4035', '17', '18', '15', '16', '14',
  '4008', '4009', '4010', '4011', '4016', '4017', '4018', '4019', '4027', '4024', '4031', '4014', '4021', '4020',
  '4022', '4', '9', '5001', '10', '4012', '4013', '4032', '4033', '4006', '1', '2', '3', '5100', '5101', '5102',
  '5103', '5104', '5105', '5106', '5107', '5108', '40000', '40001', '40002', '0', '6', '5000', '4000', '403', '7',
  '8',
];

const PROJECT_CODES = [
  '404',
  '405',
  '413',
  '414',
  '415',
  '429',
  '503',
  '4100',
  '4101',
  '4102',
  '4103',
  '4104',
  '4105',
  '4106',
  '4107',
  '4108',
  '4109',
  '4110',
  '4111',
  '4112',
  '4113',
  '4114',
  '4115',
  '4116',
];

describe('error catalogue', () => {
  it('holds the 62 spec codes and the project codes', () => {
    expect(SPEC_CODES).toHaveLength(62);
    expect(new Set(SPEC_CODES).size).toBe(62);
    for (const code of [...SPEC_CODES, ...PROJECT_CODES]) expect(isErrorCode(code), code).toBe(true);
    expect(ERROR_CODES).toHaveLength(62 + PROJECT_CODES.length);
  });

  it('gives every code a non-empty message in both languages and a valid status', () => {
    for (const code of ERROR_CODES) {
      const def = ERROR_CATALOGUE[code];
      expect(def.en.trim(), code).not.toBe('');
      expect(def.ko.trim(), code).not.toBe('');
      expect(def.status).toBeGreaterThanOrEqual(400);
      expect(def.status).toBeLessThan(600);
    }
  });

  it('maps codes to HTTP statuses', () => {
    // biome-ignore format: a compact table
    const expected: Record<string, number> = {
      '401': 401, '4001': 401, '5': 401, '19': 401, '4028': 401, '403': 403, '8': 403, '4008': 403,
      '0': 500, '6': 500, '5000': 500, '4030': 423, '4006': 409, '4012': 409, '4013': 409, '4031': 409,
      '4000': 400, '4002': 400, '40000': 400, '404': 404, '429': 429, '503': 503,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(isErrorCode(code) && ERROR_CATALOGUE[code].status, code).toBe(status);
    }
  });

  it('uses the project groups', () => {
    expect(ERROR_CATALOGUE['4001'].group).toBe('session');
    expect(ERROR_CATALOGUE['5103'].group).toBe('travel-rule');
    expect(ERROR_CATALOGUE['40001'].group).toBe('cold-wallet');
    for (const code of PROJECT_CODES.filter((c) => c.length === 3)) {
      expect(isErrorCode(code) && ERROR_CATALOGUE[code].group).toBe('http');
    }
    for (const code of ['4100', '4101', '4102', '4103'] as const)
      expect(ERROR_CATALOGUE[code].group).toBe('organization');
    for (const code of ['4104', '4105'] as const) expect(ERROR_CATALOGUE[code].group).toBe('operator');
    for (const code of ['4106', '4107', '4108'] as const) expect(ERROR_CATALOGUE[code].group).toBe('approval');
  });

  it('refuses unknown codes and inherited keys', () => {
    expect(isErrorCode('99999')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(errorMessage('99999', 'en')).toBeUndefined();
    expect(errorMessage('constructor', 'ko')).toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('says the session ended after 30 minutes for 401 and 4001', () => {
    expect(errorMessage('401', 'en')).toContain('30 minutes');
    expect(errorMessage('4001', 'ko')).toBe('30분 동안 활동이 없어 로그아웃되었습니다. 다시 로그인해 주세요.');
  });

  it('points at the forgotten-password button for 4030', () => {
    expect(errorMessage('4030', 'en')).toMatch(/5 times.*Forgot password/);
    expect(errorMessage('4030', 'ko')).toContain('비밀번호 찾기');
  });

  it('uses the data of 4034 as seconds in both languages', () => {
    expect(errorMessage('4034', 'en', 27)).toBe('This code was already used. Try again in 27 seconds.');
    expect(errorMessage('4034', 'ko', 27)).toBe('이미 사용된 인증 코드입니다. 27초 후에 다시 시도해 주세요.');
    expect(errorMessage('4034', 'en', '12')).toContain('12 seconds');
    expect(errorMessage('4034', 'en', { seconds: 3.2 })).toContain('4 seconds');
    expect(otpAlreadyUsedMessage(1, 'en')).toBe('This code was already used. Try again in 1 second.');
    expect(errorMessage('4034', 'en')).toBe(ERROR_CATALOGUE['4034'].en);
    expect(errorMessage('4034', 'ko', 'soon')).toBe(ERROR_CATALOGUE['4034'].ko);
  });

  it('builds the password message for 14 and for 4005 with missing requirements', () => {
    expect(errorMessage('14', 'en')).toBe(
      'Your password needs at least 8 characters, a letter, a number and a special character.',
    );
    expect(errorMessage('14', 'en', ['digit'])).toBe('Your password needs a number.');
    expect(errorMessage('4005', 'en', { missing: ['length', 'special'] })).toBe(
      'Your password needs at least 8 characters and a special character.',
    );
    expect(errorMessage('4005', 'en')).toBe('The password is incorrect.');
    expect(errorMessage('4005', 'ko', 'BLACKLISTED_PASSWORD')).toBe(EXTRA_MESSAGES.BLACKLISTED_PASSWORD.ko);
  });

  it('returns the catalogue text otherwise', () => {
    expect(errorMessage('4', 'en')).toBe('Insufficient balance.');
    expect(errorMessage('4', 'ko')).toBe('잔액이 부족합니다.');
    expect(errorMessage('4000', 'en')).toContain('request is invalid');
  });
});

describe('invalidPasswordMessage', () => {
  it('lists each missing requirement in English', () => {
    expect(invalidPasswordMessage(['length', 'digit', 'special'], 'en')).toBe(
      'Your password needs at least 8 characters, a number and a special character.',
    );
    expect(invalidPasswordMessage(['letter'], 'en')).toBe('Your password needs a letter.');
    expect(invalidPasswordMessage(['length'], 'en')).toBe('Your password needs at least 8 characters.');
    expect(invalidPasswordMessage(['special', 'letter'], 'en')).toBe(
      'Your password needs a letter and a special character.',
    );
  });

  it('lists each missing requirement in Korean with the right particle', () => {
    expect(invalidPasswordMessage(['length'], 'ko')).toBe('비밀번호는 8자 이상이어야 합니다.');
    expect(invalidPasswordMessage(['letter'], 'ko')).toBe('비밀번호에 영문을 포함해 주세요.');
    expect(invalidPasswordMessage(['digit', 'special'], 'ko')).toBe('비밀번호에 숫자, 특수문자를 포함해 주세요.');
    expect(invalidPasswordMessage(['length', 'letter', 'digit', 'special'], 'ko')).toBe(
      '비밀번호는 영문, 숫자, 특수문자를 포함하여 8자 이상이어야 합니다.',
    );
  });
});

describe('extra messages and the error body', () => {
  it('has both languages for every extra message', () => {
    for (const [name, m] of Object.entries(EXTRA_MESSAGES)) {
      expect(m.en, name).not.toBe('');
      expect(m.ko, name).not.toBe('');
    }
    expect(EXTRA_MESSAGES.CSV_GENERATING.en).toContain('5 minutes');
    expect(EXTRA_MESSAGES.LOCKED_OUTPUTS.ko).toContain('40초');
    expect(OTP_EXPIRED_MESSAGE.en).toContain('expired');
  });

  it('parses an error body', () => {
    expect(ApiErrorBodySchema.parse({ code: '4034', message: 'used', data: 20 })).toEqual({
      code: '4034',
      message: 'used',
      data: 20,
    });
    expect(ApiErrorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});
