import { describe, expect, it } from 'vitest';
import { readApiError, readErrorCode, toApiError, UNKNOWN_ERROR_CODE } from './error-reader';

describe('readApiError', () => {
  it('reports an unknown error with the raw message when there is no error body', () => {
    const error = readApiError(0, undefined, 'Failed to fetch', 'en');
    expect(error.code).toBe(UNKNOWN_ERROR_CODE);
    expect(error.status).toBe(0);
    expect(error.rawMessage).toBe('Failed to fetch');
    expect(error.message).toContain('Failed to fetch');
    expect(readApiError(502, '<html>Bad gateway</html>', 'Bad Gateway', 'en').rawMessage).toBe('Bad Gateway');
    expect(readApiError(500, { message: 'no code' }, 'Internal Server Error', 'en').code).toBe(UNKNOWN_ERROR_CODE);
  });

  it('translates a known code in English and Korean', () => {
    const body = { code: '4002', message: 'MEMBER_NOT_FOUND' };
    const en = readApiError(400, body, undefined, 'en');
    const ko = readApiError(400, body, undefined, 'ko');
    expect(en.code).toBe('4002');
    expect(en.message).not.toBe('MEMBER_NOT_FOUND');
    expect(ko.message).not.toBe(en.message);
    expect(ko.message).toMatch(/[가-힣]/);
    expect(en.messageIn('ko')).toBe(ko.message);
  });

  it('accepts a numeric code', () => {
    expect(readApiError(401, { code: 4001, message: 'x' }, undefined, 'en').code).toBe('4001');
  });

  it('reads the seconds of 4034 from data', () => {
    const en = readApiError(400, { code: '4034', message: 'OTP_USED', data: 27 }, undefined, 'en');
    const ko = readApiError(400, { code: '4034', message: 'OTP_USED', data: 27 }, undefined, 'ko');
    expect(en.message).toContain('27');
    expect(ko.message).toContain('27');
    expect(en.data).toBe(27);
  });

  it('says how long to wait when a 429 carries retryAfterSeconds, in both languages', () => {
    const body = { code: '429', message: 'Too Many Requests', data: { retryAfterSeconds: 250 } };
    const en = readApiError(429, body, undefined, 'en');
    expect(en.message).toBe('Too many requests. Please try again in 4 minutes 10 seconds.');
    expect(en.messageIn('ko')).toBe('요청이 너무 많습니다. 4분 10초 후에 다시 시도해 주세요.');
    // Without a wait the catalogue's own message stays.
    expect(readApiError(429, { code: '429', message: 'x' }, undefined, 'en').message).toBe(
      'Too many requests. Please try again later.',
    );
  });

  it("shows the server's message for a code the catalogue does not know", () => {
    const error = readApiError(418, { code: 'TEAPOT_42', message: 'I am a teapot' }, 'teapot', 'ko');
    expect(error.code).toBe('TEAPOT_42');
    expect(error.message).toBe('I am a teapot');
    expect(error.rawMessage).toBe('I am a teapot');
  });

  it('records status, time and data', () => {
    const before = Date.now();
    const error = readApiError(409, { code: '4006', message: 'dup', data: { name: 'Ops' } }, undefined, 'en');
    expect(error.status).toBe(409);
    expect(error.data).toEqual({ name: 'Ops' });
    expect(error.time).toBeInstanceOf(Date);
    expect(error.time.getTime()).toBeGreaterThanOrEqual(before);
    expect(error.time.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('explains a bare error code and wraps anything thrown', () => {
    expect(readErrorCode('4001', 'en').message).toBe(
      readApiError(401, { code: '4001', message: '' }, '', 'en').message,
    );
    expect(readErrorCode('NOPE', 'en').message).toBe(readApiError(0, undefined, '', 'en').message);
    expect(toApiError(new Error('boom'), 'en').rawMessage).toBe('boom');
  });
});

describe('every code of the session, authentication and IP groups', () => {
  const CODES = [
    '401',
    '4001',
    '5',
    '19',
    '4028',
    '4002',
    '4004',
    '4005',
    '4030',
    '4034',
    '4035',
    '17',
    '18',
    '15',
    '16',
    '14',
    '4008',
    '4009',
    '4010',
    '4011',
  ];
  it.each(CODES)('%s reads as its own translated message in both languages', (code) => {
    for (const lang of ['en', 'ko'] as const) {
      const error = readApiError(
        400,
        { code, message: `RAW_${code}`, data: code === '4034' ? 12 : undefined },
        undefined,
        lang,
      );
      expect(error.code).toBe(code);
      expect(error.message).not.toContain(`RAW_${code}`);
      expect(error.message.length).toBeGreaterThan(5);
      if (lang === 'ko') expect(error.message).toMatch(/[가-힣]/);
    }
  });
});
