import type { z } from 'zod';
import { LIMITS } from './constants.js';
import { invalidPasswordMessage, type MessageLanguage, requirementsFromData } from './error-messages.js';

/**
 * Zod issue messages of the contracts are message keys; these are their English and Korean
 * templates, with `{name}` placeholders filled from the issue's params.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': { en: 'This field is required.', ko: '필수 입력 항목입니다.' },
  'validation.invalid': { en: 'The value is invalid.', ko: '올바르지 않은 값입니다.' },
  'validation.text.tooLong100': { en: 'Enter no more than 100 characters.', ko: '100자 이하로 입력해 주세요.' },
  'validation.businessNumber.invalid': {
    en: 'Enter the 10-digit business registration number (000-00-00000).',
    ko: '사업자등록번호 10자리를 입력해 주세요 (000-00-00000).',
  },
  'validation.encrypted.invalid': {
    en: 'The secure field could not be read. Reload the page and try again.',
    ko: '보안 입력값을 읽을 수 없습니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.',
  },
  'validation.text.tooLong': {
    en: `Enter no more than ${LIMITS.TEXT_MAX} characters.`,
    ko: `${LIMITS.TEXT_MAX}자 이하로 입력해 주세요.`,
  },
  'validation.text.invalidCharacters': {
    en: 'The text contains characters that cannot be used.',
    ko: '사용할 수 없는 문자가 포함되어 있습니다.',
  },
  'validation.email.invalid': { en: 'Enter a valid email address.', ko: '올바른 이메일 주소를 입력해 주세요.' },
  'validation.alphanumeric': { en: 'Only letters and numbers are allowed.', ko: '영문과 숫자만 입력할 수 있습니다.' },
  'validation.alphanumericDot': {
    en: 'Only letters, numbers and dots are allowed.',
    ko: '영문, 숫자, 마침표(.)만 입력할 수 있습니다.',
  },
  'validation.personName.invalid': {
    en: 'Names can contain only English or Korean letters, without numbers, punctuation or special characters.',
    ko: '이름은 영문 또는 한글로만 입력해 주세요. 숫자, 문장 부호, 특수문자는 사용할 수 없습니다.',
  },
  'validation.partyName.invalid': {
    en: "Names can contain English or Korean letters, numbers, spaces and . , & ' ( ) -.",
    ko: "이름은 영문, 한글, 숫자, 공백과 . , & ' ( ) - 로만 입력해 주세요.",
  },
  'validation.otp.invalid': {
    en: `Enter the ${LIMITS.OTP_LENGTH}-digit code.`,
    ko: `${LIMITS.OTP_LENGTH}자리 인증 코드를 입력해 주세요.`,
  },
  'validation.otp.digitsOnly': {
    en: `Enter up to ${LIMITS.OTP_LENGTH} digits.`,
    ko: `숫자만 ${LIMITS.OTP_LENGTH}자리까지 입력할 수 있습니다.`,
  },
  'validation.eosAccountName.invalid': {
    en: `The address must be exactly ${LIMITS.EOS_NAME_LENGTH} characters: lowercase letters a-z and digits 1-5.`,
    ko: `주소는 영문 소문자(a-z)와 숫자(1-5)로 정확히 ${LIMITS.EOS_NAME_LENGTH}자여야 합니다.`,
  },
  'validation.stepApprovals.range': {
    en: `Required approvals must be a whole number from 1 to ${LIMITS.MAX_STEP_APPROVALS}.`,
    ko: `필요 승인 수는 1부터 ${LIMITS.MAX_STEP_APPROVALS}까지의 정수로 입력해 주세요.`,
  },
  'validation.memo.tooLong': {
    en: `The memo can be up to ${LIMITS.MEMO_MAX} characters.`,
    ko: `메모는 ${LIMITS.MEMO_MAX}자까지 입력할 수 있습니다.`,
  },
  /** Params: `missing` (PasswordRequirement[]); the text lists what is missing. */
  'validation.password.missing': { en: invalidPasswordMessage([], 'en'), ko: invalidPasswordMessage([], 'ko') },
  'validation.password.equalsEmail': {
    en: 'Your password cannot be the same as your email address.',
    ko: '비밀번호는 이메일 주소와 같을 수 없습니다.',
  },
  'validation.password.equalsCurrent': {
    en: 'Your new password cannot be the same as your current password.',
    ko: '새 비밀번호는 현재 비밀번호와 같을 수 없습니다.',
  },
  'validation.password.mismatch': {
    en: 'The passwords entered do not match. Please check again.',
    ko: '입력한 비밀번호가 일치하지 않습니다. 다시 확인해 주세요.',
  },
  'validation.token.unknown': { en: 'This token is not supported.', ko: '지원하지 않는 토큰입니다.' },
  'validation.date.invalid': { en: 'Enter a date as YYYY-MM-DD.', ko: '날짜를 YYYY-MM-DD 형식으로 입력해 주세요.' },
  'validation.date.range': {
    en: 'The end date must not be before the start date, and the range must not exceed 366 days.',
    ko: '종료일은 시작일보다 빠를 수 없으며, 기간은 366일을 넘을 수 없습니다.',
  },
  'validation.amount.notNumeric': { en: 'Enter numbers.', ko: '숫자를 입력해 주세요.' },
  'validation.amount.tooManyDecimals': {
    en: 'Decimal {decimals} digit is the maximum you can enter.',
    ko: '소수점 {decimals}자리까지 입력할 수 있습니다.',
  },
  'validation.amount.notPositive': { en: 'Enter an amount greater than 0.', ko: '0보다 큰 금액을 입력해 주세요.' },
  'validation.amount.tooLarge': { en: 'The amount is too large.', ko: '금액이 너무 큽니다.' },
  'validation.addressBook.nameTaken': {
    en: 'An address book entry with this name already exists.',
    ko: '같은 이름의 주소록이 이미 있습니다.',
  },
  'validation.addressBook.duplicate': {
    en: 'This address is already registered for this coin.',
    ko: '이 코인으로 이미 등록된 주소입니다.',
  },
  'validation.addressBook.memoNotSupported': {
    en: 'This network does not carry a memo.',
    ko: '이 네트워크는 메모를 지원하지 않습니다.',
  },
  'validation.addressBook.ownWallet': {
    en: "This is one of the organization's own wallets.",
    ko: '조직의 지갑 주소입니다.',
  },
  'validation.addressBook.sanctioned': {
    en: 'This address is on a sanctions list and cannot be used.',
    ko: '제재 대상 주소로 사용할 수 없습니다.',
  },
  'validation.addressBook.vaspRequired': {
    en: 'Choose the exchange this address belongs to.',
    ko: '주소가 속한 거래소를 선택해 주세요.',
  },
  'validation.sanctions.csvInvalid': {
    en: 'The file is not a CSV with a header row of address, chain and listing (or entity) columns.',
    ko: '주소(address), 체인(chain), 등재 대상(listing 또는 entity) 열의 머리글 행이 있는 CSV 파일이 아닙니다.',
  },
  'validation.addressBook.notApplicable': {
    en: 'This field does not apply to this kind of entry.',
    ko: '이 유형의 주소록에는 해당하지 않는 항목입니다.',
  },
  'validation.phone.invalid': {
    en: 'Enter a phone number of digits, spaces, + and -.',
    ko: '숫자, 공백, +, - 로 전화번호를 입력해 주세요.',
  },
  'validation.address.invalid': {
    en: 'This is not a valid address on {blockchain}.',
    ko: '{blockchain}에서 사용할 수 없는 주소입니다.',
  },
  'validation.amount.belowMinimum': {
    en: 'The amount must be at least {amount} {symbol}.',
    ko: '최소 {amount} {symbol} 이상 입력해 주세요.',
  },
  'validation.amount.insufficientBalance': {
    en: 'Insufficient balance. You can enter up to {balance} {symbol}.',
    ko: '잔액이 부족합니다. 최대 {balance} {symbol}까지 입력할 수 있습니다.',
  },
  'validation.staking.notStakingNetwork': {
    en: "Staking is not available on this wallet's network.",
    ko: '이 지갑의 네트워크에서는 스테이킹을 할 수 없습니다.',
  },
  'validation.staking.validatorUnknown': {
    en: 'Choose an active validator of this network.',
    ko: '이 네트워크의 활성 검증인을 선택해 주세요.',
  },
  'validation.staking.tokenTypeNotAccepted': {
    en: 'This validator does not accept this kind of token. Choose another validator or token kind.',
    ko: '이 검증인은 해당 종류의 토큰을 받지 않습니다. 다른 검증인이나 토큰 종류를 선택해 주세요.',
  },
  'validation.staking.lockedTokensFlexibleOnly': {
    en: 'Locked tokens can only be staked with the flexible period.',
    ko: '잠긴 토큰은 유연 기간으로만 스테이킹할 수 있습니다.',
  },
  'validation.staking.roundedToGwei': {
    en: 'Decimal 9 digit is the maximum you can enter.',
    ko: '소수점 9자리까지 입력할 수 있습니다.',
  },
  'validation.staking.positionUnknown': {
    en: 'This stake does not exist or is no longer staked.',
    ko: '존재하지 않거나 더 이상 스테이킹되어 있지 않은 항목입니다.',
  },
  'validation.staking.positionBonding': {
    en: 'This stake is still bonding and cannot be unstaked yet.',
    ko: '아직 본딩 중인 스테이킹은 언스테이킹할 수 없습니다.',
  },
  'validation.staking.positionLocked': {
    en: 'This stake is locked until {date}.',
    ko: '이 스테이킹은 {date}까지 잠겨 있습니다.',
  },
  'validation.staking.exceedsPosition': {
    en: 'You can unstake up to {amount} {symbol}.',
    ko: '최대 {amount} {symbol}까지 언스테이킹할 수 있습니다.',
  },
  'validation.staking.remainderBelowMinimum': {
    en: 'What stays staked must be 0 or at least {amount} {symbol}.',
    ko: '남는 스테이킹 수량은 0이거나 {amount} {symbol} 이상이어야 합니다.',
  },
  'validation.staking.nothingToClaim': {
    en: 'There is nothing to claim from this validator yet.',
    ko: '이 검증인에게서 받을 수 있는 수량이 아직 없습니다.',
  },
  'validation.staking.rewardsAccruing': {
    en: 'Rewards of {accrued} {symbol} are still accruing: Story pays rewards out from {threshold} {symbol}.',
    ko: '보상 {accrued} {symbol}이(가) 쌓이는 중입니다. Story는 보상이 {threshold} {symbol} 이상일 때 지급합니다.',
  },
  'validation.staking.requestPending': {
    en: 'Another request for this stake is in progress.',
    ko: '이 스테이킹에 대한 다른 요청이 진행 중입니다.',
  },
} as const satisfies Record<string, { en: string; ko: string }>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(VALIDATION_MESSAGES, key);
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/**
 * The text of a message key in one language, with `{name}` placeholders filled from params
 * (a placeholder without a param stays as it is). An unknown key is returned unchanged.
 */
export function validationMessage(key: string, lang: MessageLanguage, params?: Record<string, unknown>): string {
  if (!isValidationKey(key)) return key;
  if (key === 'validation.password.missing') {
    const missing = requirementsFromData(params);
    if (missing) return invalidPasswordMessage(missing, lang);
  }
  return VALIDATION_MESSAGES[key][lang].replace(PLACEHOLDER, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
}

export interface TranslatedIssue {
  /** Dotted path ('confirmation', 'items.0.amount'); '' for the value itself. */
  path: string;
  message: string;
}

/** Translates zod issues (or issues sent over the wire) whose messages are message keys. */
export function translateIssues(
  issues: readonly z.core.$ZodIssue[] | readonly IssueLike[],
  lang: MessageLanguage,
): TranslatedIssue[] {
  return issues.map((issue: z.core.$ZodIssue | IssueLike) => {
    const params = 'params' in issue && issue.params ? issue.params : undefined;
    return {
      path: issue.path.map((part) => (typeof part === 'symbol' ? (part.description ?? '') : String(part))).join('.'),
      message: validationMessage(issue.message, lang, params),
    };
  });
}
