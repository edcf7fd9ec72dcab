import { describe, expect, it } from 'vitest';
import { filterOtpInput, isCompleteOtp } from './otp-input';

describe('OTP input filter', () => {
  it('keeps digits only, at most 6', () => {
    expect(filterOtpInput('123456')).toBe('123456');
    expect(filterOtpInput('12a3')).toBe('123');
    expect(filterOtpInput('abc')).toBe('');
    expect(filterOtpInput('1234567890')).toBe('123456');
    expect(filterOtpInput('')).toBe('');
  });

  it('accepts pasted codes with spaces or dashes, and full-width digits', () => {
    expect(filterOtpInput(' 123 456 ')).toBe('123456');
    expect(filterOtpInput('123-456')).toBe('123456');
    expect(filterOtpInput('１２３４５６')).toBe('123456');
  });

  it('refuses signs and decimals a number field would let through', () => {
    expect(filterOtpInput('-12.5e3')).toBe('1253');
  });

  it('knows a complete code', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
  });
});
