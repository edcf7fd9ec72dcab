import type { LoginAnswer } from '@vaultline/contracts';
import { OTP_CODES, remainingAttempts } from '../../lib/error-fields';
import { type ApiError, readErrorCode } from '../../lib/error-reader';
import type { ExpiredPasswordState, OtpRegistrationState } from './auth-storage';

/**
 * The login screen as a small state machine: which step shows (credentials or one-time code), what
 * notice explains the last answer, and what the page must do when the flow leaves the screen.
 */

/** A message shown above the credentials form. */
export type LoginNotice =
  | { kind: 'wrongPassword'; error: ApiError; remainingAttempts: number | null }
  | { kind: 'locked'; error: ApiError }
  | { kind: 'verifyIp'; error: ApiError; email: string }
  | { kind: 'error'; error: ApiError };

export type LoginState =
  | { step: 'credentials'; notice: LoginNotice | null }
  | {
      step: 'otp';
      memberId: string;
      email: string;
      /** Kept in memory only, to send the password again with the code. */
      password: string;
      error: ApiError | null;
    };

/** What the page does when the flow leaves the login screen. */
export type LoginEffect =
  | { kind: 'signedIn' }
  | { kind: 'registerOtp'; registration: OtpRegistrationState }
  | { kind: 'passwordExpired'; expired: ExpiredPasswordState };

export interface LoginTransition {
  state: LoginState;
  effect?: LoginEffect;
}

export type LoginAttempt = {
  email: string;
  password: string;
};

export type LoginResult = { answer: LoginAnswer } | { error: ApiError };

export const INITIAL_LOGIN_STATE: LoginState = { step: 'credentials', notice: null };

const credentials = (notice: LoginNotice | null): LoginState => ({ step: 'credentials', notice });

function fromAnswer(state: LoginState, answer: LoginAnswer, attempt: LoginAttempt): LoginTransition {
  switch (answer.result) {
    case 'SUCCESS':
      return { state, effect: { kind: 'signedIn' } };
    case 'NEED_OTP':
      if (answer.otpRegistered === false) {
        if (!answer.ticket) return { state: credentials({ kind: 'error', error: readErrorCode('0') }) };
        const registration = { memberId: answer.memberId, ticket: answer.ticket, email: attempt.email };
        return { state: INITIAL_LOGIN_STATE, effect: { kind: 'registerOtp', registration } };
      }
      return {
        state: {
          step: 'otp',
          memberId: answer.memberId,
          email: attempt.email,
          password: attempt.password,
          error: null,
        },
      };
    case 'NEED_IP_VERIFICATION':
      return {
        state: credentials({ kind: 'verifyIp', error: readErrorCode(answer.code ?? '4008'), email: attempt.email }),
      };
    case 'INVALID_PASSPHRASE':
      return { state: credentials({ kind: 'wrongPassword', error: readErrorCode('4005'), remainingAttempts: null }) };
  }
}

function expiredTicket(error: ApiError): { memberId: string; ticket: string } | null {
  const data = error.data as { memberId?: unknown; ticket?: unknown } | null | undefined;
  if (typeof data?.memberId !== 'string' || typeof data.ticket !== 'string' || !data.ticket) return null;
  return { memberId: data.memberId, ticket: data.ticket };
}

function fromError(state: LoginState, error: ApiError, attempt: LoginAttempt): LoginTransition {
  switch (error.code) {
    case '4005':
      return { state: credentials({ kind: 'wrongPassword', error, remainingAttempts: remainingAttempts(error) }) };
    case '4030':
      return { state: credentials({ kind: 'locked', error }) };
    case '4008':
      return { state: credentials({ kind: 'verifyIp', error, email: attempt.email }) };
    case '17': {
      const ticket = expiredTicket(error);
      if (!ticket) return { state: credentials({ kind: 'error', error }) };
      return {
        state: INITIAL_LOGIN_STATE,
        effect: { kind: 'passwordExpired', expired: { ...ticket, email: attempt.email } },
      };
    }
  }
  // A wrong or reused code, a rate limit or a network failure: the code step stays for another try.
  if (state.step === 'otp' && (OTP_CODES.includes(error.code) || error.code === '429' || error.status === 0)) {
    return { state: { ...state, error } };
  }
  return { state: credentials({ kind: 'error', error }) };
}

/** The next state (and effect) after the server answered a login attempt. */
export function advanceLogin(state: LoginState, attempt: LoginAttempt, result: LoginResult): LoginTransition {
  return 'answer' in result ? fromAnswer(state, result.answer, attempt) : fromError(state, result.error, attempt);
}
