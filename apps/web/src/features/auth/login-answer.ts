import type { LoginAnswer } from '@vaultline/contracts';

/** What the login screen does next with a login answer. */
export type LoginStepAfterPassword =
  | { kind: 'signedIn' }
  | { kind: 'registerOtp'; memberId: string; ticket: string | undefined }
  | { kind: 'enterOtp'; memberId: string }
  /** The answer is explained by a message of the error catalogue. */
  | { kind: 'message'; code: string };

export function nextLoginStep(answer: LoginAnswer): LoginStepAfterPassword {
  switch (answer.result) {
    case 'SUCCESS':
      return { kind: 'signedIn' };
    case 'NEED_OTP':
      // An authenticator that was never registered has to be set up before any code can be entered.
      return answer.otpRegistered === false
        ? { kind: 'registerOtp', memberId: answer.memberId, ticket: answer.ticket }
        : { kind: 'enterOtp', memberId: answer.memberId };
    case 'NEED_IP_VERIFICATION':
      return { kind: 'message', code: answer.code ?? '4008' };
    case 'INVALID_PASSPHRASE':
      return { kind: 'message', code: '4005' };
  }
}
