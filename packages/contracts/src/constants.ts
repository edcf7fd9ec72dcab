import { z } from 'zod';

/** Business constants and limits (spec section 9). */
export const LIMITS = {
  /** Login session length without activity. */
  SESSION_MINUTES: 30,
  /** Validity of a member invitation. */
  INVITATION_HOURS: 24,
  /** Validity of an IP verification code sent by email. */
  IP_VERIFICATION_HOURS: 24,
  /** Wrong passwords in a row before the login is blocked. */
  MAX_WRONG_PASSWORDS: 5,
  /** Most required approvals in one approval-line step. */
  MAX_STEP_APPROVALS: 9,
  OTP_LENGTH: 6,
  PASSWORD_MIN: 8,
  /** Length of an EOS-type account name (wallet address). */
  EOS_NAME_LENGTH: 12,
  TEXT_MAX: 255,
  MEMO_MAX: 255,
  /** Wait before retrying while a CSV export is still being generated. */
  CSV_RETRY_MINUTES: 5,
  /** Wait before retrying while bitcoin-type outputs are locked. */
  LOCKED_OUTPUT_RETRY_SECONDS: 40,
  PAGE_SIZE_DEFAULT: 20,
  PAGE_SIZE_MAX: 100,
  /** How many previous passwords may not be reused. */
  RECENT_PASSWORDS: 5,
} as const;

export const ENVIRONMENTS = [
  'local',
  'development',
  'testnet',
  'testnet-staging',
  'intranet-testnet',
  'production',
  'production-staging',
] as const;
export const Environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;

/** production and production-staging count as production; every other environment does not. */
export function isProductionEnvironment(env: Environment | string): boolean {
  return env === 'production' || env === 'production-staging';
}

/**
 * local and development are the only environments with development doors: the `/dev/*` routes, the demo seed
 * and its printed credentials, `npm run otp`, the caught-mail mailbox. Everywhere else they do not exist.
 */
export function isDevelopmentEnvironment(env: Environment | string): boolean {
  return env === 'local' || env === 'development';
}

export const TIMEZONE = 'Asia/Seoul';

/** dayjs format tokens. */
export const DATE_FORMATS = {
  DATETIME: 'YYYY/MM/DD HH:mm:ss',
  DATE: 'YYYY-MM-DD',
  DATETIME_AMPM: 'YYYY/MM/DD A hh:mm:ss',
  TIME_AMPM: 'A hh:mm',
} as const;

export const CLIENT_VERSION = '0.1.0';
