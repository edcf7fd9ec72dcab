import { LIMITS } from '@vaultline/contracts/form-rules';
import { otpInputRule } from './otp-rule';

export const OTP_LENGTH = LIMITS.OTP_LENGTH;

/**
 * What an OTP field keeps of what was typed or pasted: digits only (full-width digits from an
 * East Asian keyboard count), at most 6. Spaces and dashes of a pasted "123 456" are dropped.
 */
export function filterOtpInput(raw: string): string {
  const digits = raw
    .normalize('NFKC')
    .replace(/[^0-9]/g, '')
    .slice(0, OTP_LENGTH);
  // The contracts' rule for a code being typed: 0 to 6 digits.
  return otpInputRule.safeParse(digits).success ? digits : '';
}

export function isCompleteOtp(value: string): boolean {
  return value.length === OTP_LENGTH && /^[0-9]+$/.test(value);
}
