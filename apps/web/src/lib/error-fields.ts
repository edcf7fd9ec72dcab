import type { ApiError } from './error-reader';

/** Codes that are about a new password the user typed: shown at the new-password field. */
export const NEW_PASSWORD_CODES: readonly string[] = ['14', '15', '16', '4035'];
/** Codes that are about the one-time code typed: shown at the OTP field. */
export const OTP_CODES: readonly string[] = ['4004', '4034'];

export type SecretField = 'newPassword' | 'otpCode';

function isPasswordReason(data: unknown): boolean {
  return (
    typeof data === 'string' || Array.isArray(data) || (typeof data === 'object' && data !== null && 'missing' in data)
  );
}

/**
 * The field an error belongs to when a new password is set (reset, expiry, change), or null when
 * it belongs to the whole form. 4005 with a reason in `data` (too common, same as before, or a
 * list of missing rules) is a complaint about the new password too.
 */
export function newPasswordErrorField(error: ApiError): SecretField | null {
  if (NEW_PASSWORD_CODES.includes(error.code)) return 'newPassword';
  if (error.code === '4005' && isPasswordReason(error.data)) return 'newPassword';
  if (OTP_CODES.includes(error.code)) return 'otpCode';
  return null;
}

/** `{ remainingAttempts }` of a wrong-password answer (4005); null when the server did not say. */
export function remainingAttempts(error: ApiError): number | null {
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('remainingAttempts' in data)) return null;
  const value = Number((data as { remainingAttempts: unknown }).remainingAttempts);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
}
