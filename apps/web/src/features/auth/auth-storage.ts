import { hasStrings, readStored, removeStored, writeStored } from '../../lib/stored-state';

/** Set by the login page when the authenticator is not registered yet; read by the OTP screens. */
export const OTP_REGISTRATION_KEY = 'vaultline.otpRegistration';
/** Set by the login page when the password has expired (17); read by the expired-password screen. */
export const EXPIRED_PASSWORD_KEY = 'vaultline.expiredPassword';
export const AUTH_STORAGE_KEYS = [OTP_REGISTRATION_KEY, EXPIRED_PASSWORD_KEY] as const;

export interface OtpRegistrationState {
  memberId: string;
  ticket: string;
  email: string;
  /** Where to go once signed in, carried over from the login query. */
  redirect?: string | null;
}

export interface ExpiredPasswordState {
  memberId: string;
  ticket: string;
  email: string;
}

const isTicketState = (value: unknown): value is ExpiredPasswordState => hasStrings(value, 'memberId', 'ticket');

export const readOtpRegistration = () => readStored<OtpRegistrationState>(OTP_REGISTRATION_KEY, isTicketState);
export const saveOtpRegistration = (state: OtpRegistrationState) => writeStored(OTP_REGISTRATION_KEY, state);
export const readExpiredPassword = () => readStored<ExpiredPasswordState>(EXPIRED_PASSWORD_KEY, isTicketState);
export const saveExpiredPassword = (state: ExpiredPasswordState) => writeStored(EXPIRED_PASSWORD_KEY, state);

export function clearAuthStorage(...keys: (typeof AUTH_STORAGE_KEYS)[number][]): void {
  removeStored(...(keys.length > 0 ? keys : AUTH_STORAGE_KEYS));
}
