import { z } from 'zod';
import { type ErrorCode, isErrorCode } from './error-codes.js';
import {
  EXTRA_MESSAGES,
  invalidPasswordMessage,
  type MessageLanguage,
  otpAlreadyUsedMessage,
  requirementsFromData,
  secondsFromData,
} from './error-messages.js';

export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes.js';
export {
  EXTRA_MESSAGES,
  type ExtraMessageKey,
  invalidPasswordMessage,
  isPasswordRequirement,
  type LocalizedMessage,
  type MessageLanguage,
  OTP_EXPIRED_MESSAGE,
  otpAlreadyUsedMessage,
  PASSWORD_REQUIREMENTS,
  type PasswordRequirement,
} from './error-messages.js';

/** The error catalogue of spec section 8 (error-codes.tsv), plus the project's own HTTP codes. */

export type ErrorGroup =
  | 'organization'
  | 'operator'
  | 'approval'
  | 'session'
  | 'auth'
  | 'ip'
  | 'invitation'
  | 'address-book'
  | 'wallet'
  | 'travel-rule'
  | 'cold-wallet'
  | 'other'
  | 'http';

export interface ErrorDefinition {
  /** HTTP status the server answers with. */
  status: number;
  group: ErrorGroup;
  en: string;
  ko: string;
}

const LOGGED_OUT = {
  en: 'You were logged out after 30 minutes of inactivity. Please log in again.',
  ko: '30분 동안 활동이 없어 로그아웃되었습니다. 다시 로그인해 주세요.',
} as const;
const UNKNOWN = {
  en: 'An unknown error occurred. Please try again later.',
  ko: '알 수 없는 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
} as const;
const GAS_FOR_CREATION = {
  en: 'There is not enough gas fee to create the wallet. Please try again later.',
  ko: '지갑 생성에 필요한 가스비가 부족합니다. 잠시 후 다시 시도해 주세요.',
} as const;
const REGISTRATION_REQUESTED = {
  en: 'Registration of this address has already been requested.',
  ko: '이미 등록이 요청된 주소입니다.',
} as const;

export const ERROR_CATALOGUE = {
  // Session
  '401': { status: 401, group: 'session', ...LOGGED_OUT },
  '4001': { status: 401, group: 'session', ...LOGGED_OUT },
  '5': {
    status: 401,
    group: 'session',
    en: 'You were automatically logged out after 30 minutes. Please log in again.',
    ko: '30분이 지나 자동으로 로그아웃되었습니다. 다시 로그인해 주세요.',
  },
  '19': {
    status: 401,
    group: 'session',
    en: 'You were logged out due to inactivity. Please log in again.',
    ko: '활동이 없어 로그아웃되었습니다. 다시 로그인해 주세요.',
  },
  '4028': {
    status: 401,
    group: 'session',
    en: 'You were logged out because your account was logged in from another browser.',
    ko: '다른 브라우저에서 로그인하여 로그아웃되었습니다.',
  },
  // Authentication
  '4002': {
    status: 400,
    group: 'auth',
    en: 'This email address is not registered.',
    ko: '등록되지 않은 이메일 주소입니다.',
  },
  '4004': {
    status: 400,
    group: 'auth',
    en: 'The authentication code is incorrect. Please check and try again.',
    ko: '인증 코드가 올바르지 않습니다. 확인 후 다시 입력해 주세요.',
  },
  '4005': { status: 400, group: 'auth', en: 'The password is incorrect.', ko: '비밀번호가 올바르지 않습니다.' },
  '4030': {
    status: 423,
    group: 'auth',
    en: 'You entered the wrong password 5 times, so login is blocked. Please use the "Forgot password" button to reset your password.',
    ko: '비밀번호를 5회 잘못 입력하여 로그인이 차단되었습니다. 비밀번호 찾기 버튼을 눌러 비밀번호를 재설정해 주세요.',
  },
  '4034': {
    status: 400,
    group: 'auth',
    en: 'This code was already used. Please wait for a new code and try again.',
    ko: '이미 사용된 인증 코드입니다. 새 코드가 표시되면 다시 시도해 주세요.',
  },
  '4035': {
    status: 400,
    group: 'auth',
    en: 'This password was used recently. Please choose a different password.',
    ko: '최근에 사용한 비밀번호입니다. 다른 비밀번호를 입력해 주세요.',
  },
  '17': {
    status: 400,
    group: 'auth',
    en: 'Your password has expired. Please change your password.',
    ko: '비밀번호가 만료되었습니다. 비밀번호를 변경해 주세요.',
  },
  '18': {
    status: 400,
    group: 'auth',
    en: 'This link has expired. Please request a new one.',
    ko: '링크가 만료되었습니다. 다시 요청해 주세요.',
  },
  '15': {
    status: 400,
    group: 'auth',
    en: 'Your password cannot be the same as your email address.',
    ko: '비밀번호는 이메일 주소와 같을 수 없습니다.',
  },
  '16': { status: 400, group: 'auth', ...EXTRA_MESSAGES.SAME_AS_PREVIOUS_PASSWORD },
  '14': { status: 400, group: 'auth', en: invalidPasswordMessage([], 'en'), ko: invalidPasswordMessage([], 'ko') },
  // IP check
  '4008': {
    status: 403,
    group: 'ip',
    en: 'You are logging in from a new IP address. Please check your email to verify it.',
    ko: '새로운 IP 주소에서 로그인을 시도했습니다. 이메일을 확인하여 IP 주소를 인증해 주세요.',
  },
  '4009': {
    status: 400,
    group: 'ip',
    en: 'The IP verification code is valid for 24 hours and has expired. Please log in again to receive a new one.',
    ko: 'IP 인증 코드는 24시간 동안 유효하며 만료되었습니다. 다시 로그인하여 새 인증 메일을 받아 주세요.',
  },
  '4010': { status: 409, group: 'ip', en: 'This IP address is already verified.', ko: '이미 인증된 IP 주소입니다.' },
  '4011': {
    status: 400,
    group: 'ip',
    en: 'This IP address differs from the one used to log in. Please verify from the network where you tried to log in.',
    ko: '로그인을 시도한 IP 주소와 다릅니다. 로그인을 시도한 네트워크에서 인증해 주세요.',
  },
  // Invitations
  '4016': {
    status: 400,
    group: 'invitation',
    en: 'This invitation has expired. Invitations are valid for 24 hours.',
    ko: '초대가 만료되었습니다. 초대는 24시간 동안 유효합니다.',
  },
  '4017': { status: 400, group: 'invitation', en: 'This invitation is invalid.', ko: '유효하지 않은 초대입니다.' },
  '4018': { status: 400, group: 'invitation', en: 'This invitation has been canceled.', ko: '취소된 초대입니다.' },
  '4019': { status: 409, group: 'invitation', en: 'You have already signed up.', ko: '이미 가입된 회원입니다.' },
  '4027': {
    status: 400,
    group: 'invitation',
    en: 'This invitation belongs to a different organization.',
    ko: '다른 조직의 초대입니다.',
  },
  '4024': {
    status: 409,
    group: 'invitation',
    en: 'This email address has already been invited or registered.',
    ko: '이미 초대되었거나 등록된 이메일 주소입니다.',
  },
  '4031': {
    status: 409,
    group: 'invitation',
    en: 'This invitation has already been accepted.',
    ko: '이미 수락된 초대입니다.',
  },
  // Address book
  '4014': { status: 409, group: 'address-book', ...REGISTRATION_REQUESTED },
  '4021': { status: 409, group: 'address-book', ...REGISTRATION_REQUESTED },
  '4020': {
    status: 409,
    group: 'address-book',
    en: 'Deletion of this address has already been requested.',
    ko: '이미 삭제가 요청된 주소입니다.',
  },
  '4022': {
    status: 409,
    group: 'address-book',
    en: 'This address book entry has already been deleted.',
    ko: '이미 삭제된 주소록입니다.',
  },
  // Wallets and withdrawals
  '4': { status: 400, group: 'wallet', en: 'Insufficient balance.', ko: '잔액이 부족합니다.' },
  '9': { status: 400, group: 'wallet', ...GAS_FOR_CREATION },
  '5001': { status: 400, group: 'wallet', ...GAS_FOR_CREATION },
  '10': {
    status: 400,
    group: 'wallet',
    en: 'The gas fee wallet balance is low. Please contact your administrator.',
    ko: '가스비 지갑의 잔액이 부족합니다. 관리자에게 문의해 주세요.',
  },
  '4012': {
    status: 409,
    group: 'wallet',
    en: 'Pending requests must be completed first.',
    ko: '진행 중인 요청이 먼저 완료되어야 합니다.',
  },
  '4013': {
    status: 409,
    group: 'wallet',
    en: 'Another manager is currently signing. Please try again later.',
    ko: '다른 관리자가 서명하고 있습니다. 잠시 후 다시 시도해 주세요.',
  },
  '4032': {
    status: 400,
    group: 'wallet',
    en: 'This withdrawal cannot be processed.',
    ko: '출금을 처리할 수 없습니다.',
  },
  '4033': { status: 409, group: 'wallet', en: 'This coin is already registered.', ko: '이미 등록된 코인입니다.' },
  '4006': {
    status: 409,
    group: 'wallet',
    en: 'This wallet name is already in use.',
    ko: '이미 사용 중인 지갑 이름입니다.',
  },
  '1': {
    status: 400,
    group: 'wallet',
    en: 'A wallet name may contain only letters, numbers, spaces, hyphens, underscores and dots.',
    ko: '지갑 이름에는 문자, 숫자, 공백, 하이픈(-), 밑줄(_), 마침표(.)만 사용할 수 있습니다.',
  },
  '2': {
    status: 400,
    group: 'wallet',
    en: 'A wallet name can be at most 50 characters long.',
    ko: '지갑 이름은 50자 이하로 입력해 주세요.',
  },
  '3': {
    status: 400,
    group: 'wallet',
    en: 'The address is incorrect. Please check and try again.',
    ko: '주소가 올바르지 않습니다. 확인 후 다시 입력해 주세요.',
  },
  // Travel rule
  '5100': {
    status: 400,
    group: 'travel-rule',
    en: 'This token is not supported for travel-rule verification.',
    ko: '트래블룰 검증을 지원하지 않는 토큰입니다.',
  },
  '5101': {
    status: 400,
    group: 'travel-rule',
    en: 'This network is not supported for travel-rule verification.',
    ko: '트래블룰 검증을 지원하지 않는 네트워크입니다.',
  },
  '5102': {
    status: 400,
    group: 'travel-rule',
    en: 'The address could not be found at the receiving provider.',
    ko: '수신 사업자에서 주소를 찾을 수 없습니다.',
  },
  '5103': { status: 400, group: 'travel-rule', en: 'The name does not match.', ko: '이름이 일치하지 않습니다.' },
  '5104': {
    status: 400,
    group: 'travel-rule',
    en: 'The date of birth does not match.',
    ko: '생년월일이 일치하지 않습니다.',
  },
  '5105': {
    status: 400,
    group: 'travel-rule',
    en: 'The company name does not match.',
    ko: '법인명이 일치하지 않습니다.',
  },
  '5106': {
    status: 400,
    group: 'travel-rule',
    en: 'The representative name does not match.',
    ko: '대표자 이름이 일치하지 않습니다.',
  },
  '5107': {
    status: 400,
    group: 'travel-rule',
    en: 'The corporation or its incorporation date does not match.',
    ko: '법인 정보 또는 설립일이 일치하지 않습니다.',
  },
  '5108': {
    status: 400,
    group: 'travel-rule',
    en: 'Travel-rule verification failed for an unknown reason. Please try again later.',
    ko: '알 수 없는 오류로 트래블룰 검증에 실패했습니다. 잠시 후 다시 시도해 주세요.',
  },
  // Cold-wallet QR codes
  '40000': { status: 400, group: 'cold-wallet', en: 'The QR code is invalid.', ko: '유효하지 않은 QR 코드입니다.' },
  '40001': {
    status: 400,
    group: 'cold-wallet',
    en: 'The QR codes were scanned in the wrong order. Please scan them in order.',
    ko: 'QR 코드의 순서가 올바르지 않습니다. 순서대로 스캔해 주세요.',
  },
  '40002': {
    status: 400,
    group: 'cold-wallet',
    en: 'This QR code contains a wrong component. Please check the QR code and try again.',
    ko: 'QR 코드의 구성 요소가 올바르지 않습니다. QR 코드를 확인 후 다시 시도해 주세요.',
  },
  // Other
  '0': { status: 500, group: 'other', ...UNKNOWN },
  '6': { status: 500, group: 'other', ...UNKNOWN },
  '5000': { status: 500, group: 'other', ...UNKNOWN },
  '4000': {
    status: 400,
    group: 'other',
    en: 'The request is invalid. Please check your input and try again.',
    ko: '요청이 올바르지 않습니다. 입력 내용을 확인 후 다시 시도해 주세요.',
  },
  '403': {
    status: 403,
    group: 'other',
    en: 'You do not have permission to perform this action.',
    ko: '이 작업을 수행할 권한이 없습니다.',
  },
  '7': {
    status: 400,
    group: 'other',
    en: 'The data does not match. Please refresh and try again.',
    ko: '데이터가 일치하지 않습니다. 새로고침 후 다시 시도해 주세요.',
  },
  '8': { status: 403, group: 'other', en: 'Access is not permitted.', ko: '접근 권한이 없습니다.' },
  // HTTP (project codes)
  '404': { status: 404, group: 'http', en: 'The requested item was not found.', ko: '요청한 항목을 찾을 수 없습니다.' },
  '405': {
    status: 405,
    group: 'http',
    en: 'This request method is not allowed.',
    ko: '허용되지 않는 요청 방식입니다.',
  },
  '414': {
    status: 414,
    group: 'http',
    en: 'The request address (URL) is too long.',
    ko: '요청 주소(URL)가 너무 깁니다.',
  },
  '413': { status: 413, group: 'http', en: 'The request is too large.', ko: '요청 크기가 너무 큽니다.' },
  '415': {
    status: 415,
    group: 'http',
    en: 'This content type is not supported.',
    ko: '지원하지 않는 콘텐츠 형식입니다.',
  },
  '429': {
    status: 429,
    group: 'http',
    en: 'Too many requests. Please try again later.',
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  },
  '503': {
    status: 503,
    group: 'http',
    en: 'The service is temporarily unavailable. Please try again later.',
    ko: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  },
  // Project codes beyond the spec's catalogue (41xx: organization rules).
  '4100': {
    status: 409,
    group: 'organization',
    en: 'A group with this name already exists.',
    ko: '같은 이름의 그룹이 이미 있습니다.',
  },
  '4101': {
    status: 403,
    group: 'organization',
    en: "The organization owner's membership and permissions cannot be changed here.",
    ko: '조직 소유자의 구성원 정보와 권한은 여기에서 변경할 수 없습니다.',
  },
  '4102': {
    status: 400,
    group: 'organization',
    en: 'You cannot remove yourself from the organization.',
    ko: '자기 자신을 조직에서 삭제할 수 없습니다.',
  },
  '4103': {
    status: 400,
    group: 'organization',
    en: 'Only members of this organization can be added.',
    ko: '이 조직의 구성원만 추가할 수 있습니다.',
  },
  '4104': {
    status: 409,
    group: 'operator',
    en: 'This workflow has already been decided.',
    ko: '이미 처리된 요청입니다.',
  },
  '4105': {
    status: 403,
    group: 'operator',
    en: 'The operator who created a request cannot approve or reject it.',
    ko: '요청을 만든 운영자는 그 요청을 승인하거나 반려할 수 없습니다.',
  },
  '4109': {
    status: 409,
    group: 'wallet',
    en: 'This EOS-type account name is already in use. Choose another.',
    ko: '이미 사용 중인 EOS 계정 이름입니다. 다른 이름을 선택해 주세요.',
  },
  '4106': {
    status: 400,
    group: 'approval',
    en: 'A step cannot require more approvals than it has approvers.',
    ko: '단계의 필요 승인 수는 승인자 수보다 많을 수 없습니다.',
  },
  '4107': {
    status: 409,
    group: 'approval',
    en: 'You have already approved or rejected this request.',
    ko: '이미 이 요청을 승인하거나 반려했습니다.',
  },
  '4108': {
    status: 409,
    group: 'approval',
    en: 'This request is no longer waiting for approval.',
    ko: '이 요청은 더 이상 승인 대기 중이 아닙니다.',
  },
  '4110': {
    status: 409,
    group: 'other',
    ...EXTRA_MESSAGES.CSV_GENERATING,
  },
  // 4111-4113: a chain node's answer to an outgoing transaction (issue 13); an overspend is the spec's 4.
  '4111': {
    status: 400,
    group: 'wallet',
    en: 'The network refused this transaction.',
    ko: '네트워크가 이 트랜잭션을 거부했습니다.',
  },
  // The spec's own texts for these two (section 9, messages without a code).
  '4112': { status: 409, group: 'wallet', ...EXTRA_MESSAGES.TRANSACTION_ALREADY_PROCESSED },
  '4113': { status: 409, group: 'wallet', ...EXTRA_MESSAGES.SAME_GAS_PRICE },
  // bitcoin-type outputs held by a transaction in flight: the spec's text, with its 40-second retry.
  '4114': { status: 409, group: 'wallet', ...EXTRA_MESSAGES.LOCKED_OUTPUTS },
  // The provider's four-eyes rule on a cold wallet that requires two signing operators (issue 18).
  '4115': {
    status: 409,
    group: 'operator',
    en: 'Another signing operator must confirm this transaction before its signature is handed in.',
    ko: '서명을 제출하기 전에 다른 서명 운영자가 이 트랜잭션을 확인해야 합니다.',
  },
  // A wallet creation the provider's signing operators declined to make a cold key for (issue 18).
  '4116': {
    status: 409,
    group: 'operator',
    en: 'The custody provider declined to create this cold wallet. Please contact the provider.',
    ko: '수탁 사업자가 이 콜드 지갑 생성을 거절했습니다. 사업자에게 문의해 주세요.',
  },
} as const satisfies Record<ErrorCode, ErrorDefinition>;

/** The body of every error answer. */
export interface ApiErrorBody {
  code: string;
  message: string;
  data?: unknown;
}

export const ApiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** Extra messages 4005 may point at with a string in `data`. */
const PASSWORD_DATA_MESSAGES: Record<string, keyof typeof EXTRA_MESSAGES> = {
  BLACKLISTED_PASSWORD: 'BLACKLISTED_PASSWORD',
  SAME_AS_PREVIOUS_PASSWORD: 'SAME_AS_PREVIOUS_PASSWORD',
  INVALID_ARRAY_VALUE: 'INVALID_ARRAY_VALUE',
};

/**
 * The translated message of an error code, or undefined for an unknown code.
 * 4034 reads `data` as the seconds until a new code is allowed; 14 (and 4005 with a list of
 * missing requirements in `data`) builds the password-rule message; 4005 with a string naming
 * an extra message (BLACKLISTED_PASSWORD, SAME_AS_PREVIOUS_PASSWORD, INVALID_ARRAY_VALUE) uses it.
 */
export function errorMessage(code: string, lang: MessageLanguage, data?: unknown): string | undefined {
  if (!isErrorCode(code)) return undefined;
  if (code === '4034') {
    const seconds = secondsFromData(data);
    if (seconds !== undefined) return otpAlreadyUsedMessage(seconds, lang);
  }
  if (code === '14' || code === '4005') {
    const missing = requirementsFromData(data);
    if (missing) return invalidPasswordMessage(missing, lang);
    if (code === '14') return invalidPasswordMessage([], lang);
    const extra = typeof data === 'string' ? PASSWORD_DATA_MESSAGES[data] : undefined;
    if (extra) return EXTRA_MESSAGES[extra][lang];
  }
  return ERROR_CATALOGUE[code][lang];
}
