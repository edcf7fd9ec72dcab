import { LIMITS } from './constants.js';

/** Message builders and extra messages of the error catalogue (re-exported by errors.ts). */

export type MessageLanguage = 'en' | 'ko';

export interface LocalizedMessage {
  en: string;
  ko: string;
}

export const OTP_EXPIRED_MESSAGE: LocalizedMessage = {
  en: 'The authentication code has expired. Please enter a new code.',
  ko: '인증 코드가 만료되었습니다. 새 코드를 입력해 주세요.',
};

/** Messages the spec names without a code of their own. */
export const EXTRA_MESSAGES = {
  OTP_EXPIRED: OTP_EXPIRED_MESSAGE,
  CSV_GENERATING: {
    en: `The CSV file is still being generated. Please try again in ${LIMITS.CSV_RETRY_MINUTES} minutes.`,
    ko: `CSV 파일을 생성하고 있습니다. ${LIMITS.CSV_RETRY_MINUTES}분 후에 다시 시도해 주세요.`,
  },
  LOCKED_OUTPUTS: {
    en: `Some of this wallet's bitcoin outputs are locked by a transaction in progress. Please try again in ${LIMITS.LOCKED_OUTPUT_RETRY_SECONDS} seconds.`,
    ko: `진행 중인 거래로 인해 일부 비트코인 출력이 잠겨 있습니다. ${LIMITS.LOCKED_OUTPUT_RETRY_SECONDS}초 후에 다시 시도해 주세요.`,
  },
  TRANSACTION_ALREADY_PROCESSED: {
    en: 'This transaction has already been replaced or processed.',
    ko: '이미 대체되었거나 처리된 거래입니다.',
  },
  SAME_GAS_PRICE: {
    en: 'This gas price has already been used. Please enter a different gas price.',
    ko: '이미 사용된 가스비입니다. 다른 가스비를 입력해 주세요.',
  },
  BLACKLISTED_PASSWORD: {
    en: 'This password is too common and cannot be used. Please choose a different password.',
    ko: '사용할 수 없는 비밀번호입니다. 다른 비밀번호를 입력해 주세요.',
  },
  SAME_AS_PREVIOUS_PASSWORD: {
    en: 'Your new password cannot be the same as your previous password.',
    ko: '새 비밀번호는 이전 비밀번호와 같을 수 없습니다.',
  },
  INVALID_ARRAY_VALUE: {
    en: 'Some of the values entered are invalid. Please check and try again.',
    ko: '입력한 값 중 올바르지 않은 값이 있습니다. 확인 후 다시 시도해 주세요.',
  },
} as const satisfies Record<string, LocalizedMessage>;

export type ExtraMessageKey = keyof typeof EXTRA_MESSAGES;

/** Reads a count of seconds from error data: a number, a numeric string or `{ seconds }`. */
export function secondsFromData(data: unknown): number | undefined {
  const raw =
    typeof data === 'object' && data !== null && 'seconds' in data ? (data as { seconds: unknown }).seconds : data;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.ceil(value)) : undefined;
}

/** Code 4034: "This code was already used. Try again in N seconds." */
export function otpAlreadyUsedMessage(seconds: number, lang: MessageLanguage): string {
  const n = Math.max(0, Math.ceil(seconds));
  if (lang === 'ko') return `이미 사용된 인증 코드입니다. ${n}초 후에 다시 시도해 주세요.`;
  return `This code was already used. Try again in ${n} ${n === 1 ? 'second' : 'seconds'}.`;
}

export const PASSWORD_REQUIREMENTS = ['length', 'letter', 'digit', 'special'] as const;
export type PasswordRequirement = (typeof PASSWORD_REQUIREMENTS)[number];

export function isPasswordRequirement(x: unknown): x is PasswordRequirement {
  return typeof x === 'string' && (PASSWORD_REQUIREMENTS as readonly string[]).includes(x);
}

/** Reads missing password requirements from error data: an array or `{ missing: [...] }`. */
export function requirementsFromData(data: unknown): PasswordRequirement[] | undefined {
  const raw =
    typeof data === 'object' && data !== null && 'missing' in data ? (data as { missing: unknown }).missing : data;
  if (!Array.isArray(raw)) return undefined;
  const found = raw.filter(isPasswordRequirement);
  return found.length > 0 ? found : undefined;
}

const EN_REQUIREMENT: Record<PasswordRequirement, string> = {
  length: `at least ${LIMITS.PASSWORD_MIN} characters`,
  letter: 'a letter',
  digit: 'a number',
  special: 'a special character',
};

const KO_REQUIREMENT: Record<Exclude<PasswordRequirement, 'length'>, string> = {
  letter: '영문',
  digit: '숫자',
  special: '특수문자',
};

function joinEnglish(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 을 after a final consonant, 를 otherwise. */
function objectParticle(word: string): string {
  const code = word.charCodeAt(word.length - 1);
  const hasFinal = code >= 0xac00 && code <= 0xd7a3 && (code - 0xac00) % 28 !== 0;
  return hasFinal ? '을' : '를';
}

/**
 * Code 14 (and the password rules of section 5): lists what the password is missing, e.g.
 * "Your password needs at least 8 characters, a number and a special character."
 * An empty list is read as "every requirement" (the full rule).
 */
export function invalidPasswordMessage(missing: readonly PasswordRequirement[], lang: MessageLanguage): string {
  const list = PASSWORD_REQUIREMENTS.filter((r) => missing.length === 0 || missing.includes(r));
  if (lang === 'en') return `Your password needs ${joinEnglish(list.map((r) => EN_REQUIREMENT[r]))}.`;
  const kinds = list.filter((r) => r !== 'length').map((r) => KO_REQUIREMENT[r]);
  const length = list.includes('length');
  const min = LIMITS.PASSWORD_MIN;
  if (kinds.length === 0) return `비밀번호는 ${min}자 이상이어야 합니다.`;
  const joined = kinds.join(', ');
  const particle = objectParticle(joined);
  if (!length) return `비밀번호에 ${joined}${particle} 포함해 주세요.`;
  return `비밀번호는 ${joined}${particle} 포함하여 ${min}자 이상이어야 합니다.`;
}
