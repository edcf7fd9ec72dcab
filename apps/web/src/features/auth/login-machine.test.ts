import type { LoginAnswer } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { readApiError } from '../../lib/error-reader';
import { advanceLogin, INITIAL_LOGIN_STATE, type LoginState } from './login-machine';

const memberId = '0b6f7c1e-8a4d-4e2b-9f3a-2c5d7e9f1a3b';
const attempt = { email: 'kim@example.com', password: 'secret-1!' };
const answer = (extra: Partial<LoginAnswer> & Pick<LoginAnswer, 'result'>) => ({
  answer: { memberId, kind: 'MEMBER' as const, ...extra },
});
const error = (code: string, status = 400, data: unknown = null) => ({
  error: readApiError(status, { code, message: 'x', data }),
});
const otpStep: LoginState = { step: 'otp', memberId, ...attempt, error: null };

describe('login step machine', () => {
  it('signs in on SUCCESS', () => {
    expect(advanceLogin(INITIAL_LOGIN_STATE, attempt, answer({ result: 'SUCCESS' })).effect).toEqual({
      kind: 'signedIn',
    });
    expect(advanceLogin(otpStep, attempt, answer({ result: 'SUCCESS' })).effect).toEqual({ kind: 'signedIn' });
  });

  it('asks for the code when the authenticator is registered, keeping the credentials for the second call', () => {
    const next = advanceLogin(INITIAL_LOGIN_STATE, attempt, answer({ result: 'NEED_OTP', otpRegistered: true }));
    expect(next.state).toEqual(otpStep);
    expect(next.effect).toBeUndefined();
  });

  it('starts the registration when the authenticator is not registered', () => {
    const next = advanceLogin(
      INITIAL_LOGIN_STATE,
      attempt,
      answer({ result: 'NEED_OTP', otpRegistered: false, ticket: 'tk' }),
    );
    expect(next.effect).toEqual({
      kind: 'registerOtp',
      registration: { memberId, ticket: 'tk', email: attempt.email },
    });
  });

  it('explains the IP check, as an answer or as error 4008', () => {
    const fromAnswer = advanceLogin(
      INITIAL_LOGIN_STATE,
      attempt,
      answer({ result: 'NEED_IP_VERIFICATION', code: '4008' }),
    );
    expect(fromAnswer.state).toMatchObject({ step: 'credentials', notice: { kind: 'verifyIp', email: attempt.email } });
    const fromError = advanceLogin(INITIAL_LOGIN_STATE, attempt, error('4008', 403));
    expect(fromError.state).toMatchObject({ step: 'credentials', notice: { kind: 'verifyIp' } });
  });

  it('warns about a wrong password with the attempts left', () => {
    const next = advanceLogin(INITIAL_LOGIN_STATE, attempt, error('4005', 400, { remainingAttempts: 3 }));
    expect(next.state).toMatchObject({ step: 'credentials', notice: { kind: 'wrongPassword', remainingAttempts: 3 } });
    const unknownCount = advanceLogin(INITIAL_LOGIN_STATE, attempt, answer({ result: 'INVALID_PASSPHRASE' }));
    expect(unknownCount.state).toMatchObject({ notice: { kind: 'wrongPassword', remainingAttempts: null } });
  });

  it('reports a blocked login', () => {
    const next = advanceLogin(INITIAL_LOGIN_STATE, attempt, error('4030', 423));
    expect(next.state).toMatchObject({ step: 'credentials', notice: { kind: 'locked' } });
  });

  it('hands an expired password over with its ticket', () => {
    const next = advanceLogin(INITIAL_LOGIN_STATE, attempt, error('17', 400, { memberId, ticket: 'exp' }));
    expect(next.effect).toEqual({
      kind: 'passwordExpired',
      expired: { memberId, ticket: 'exp', email: attempt.email },
    });
    // Without a ticket there is nothing to continue with: the message is shown instead.
    expect(advanceLogin(INITIAL_LOGIN_STATE, attempt, error('17')).state).toMatchObject({ notice: { kind: 'error' } });
  });

  it('keeps the code step for a wrong, reused or rate-limited code', () => {
    for (const code of ['4004', '4034', '429']) {
      const next = advanceLogin(otpStep, attempt, error(code));
      expect(next.state).toMatchObject({ step: 'otp', error: { code } });
    }
  });

  it('goes back to the credentials when the code step meets a password problem', () => {
    expect(advanceLogin(otpStep, attempt, error('4030', 423)).state).toMatchObject({
      step: 'credentials',
      notice: { kind: 'locked' },
    });
  });

  it('shows any other failure above the form', () => {
    const next = advanceLogin(INITIAL_LOGIN_STATE, attempt, error('4002'));
    expect(next.state).toMatchObject({ step: 'credentials', notice: { kind: 'error', error: { code: '4002' } } });
  });
});
