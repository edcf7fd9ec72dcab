import type { LoginAnswer } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { nextLoginStep } from './login-answer';

const base = { memberId: '0b6f7c1e-8a4d-4e2b-9f3a-2c5d7e9f1a3b', kind: 'MEMBER' } as const;
const answer = (extra: Partial<LoginAnswer> & Pick<LoginAnswer, 'result'>): LoginAnswer => ({ ...base, ...extra });

describe('nextLoginStep', () => {
  it('maps each login result to what the screen does next', () => {
    expect(nextLoginStep(answer({ result: 'SUCCESS' }))).toEqual({ kind: 'signedIn' });
    expect(nextLoginStep(answer({ result: 'NEED_OTP', otpRegistered: true }))).toEqual({
      kind: 'enterOtp',
      memberId: base.memberId,
    });
    expect(nextLoginStep(answer({ result: 'NEED_OTP', otpRegistered: false, ticket: 't' }))).toEqual({
      kind: 'registerOtp',
      memberId: base.memberId,
      ticket: 't',
    });
    expect(nextLoginStep(answer({ result: 'NEED_IP_VERIFICATION' }))).toEqual({ kind: 'message', code: '4008' });
    expect(nextLoginStep(answer({ result: 'INVALID_PASSPHRASE' }))).toEqual({ kind: 'message', code: '4005' });
  });
});
