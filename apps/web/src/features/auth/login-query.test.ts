import { describe, expect, it } from 'vitest';
import { emailFromLinkState, loginLinkState, loginSearch, readLoginQuery, withoutDroppedErrors } from './login-query';

describe('login query', () => {
  it('reads email, redirect, error and mode', () => {
    const query = readLoginQuery(new URLSearchParams('email=a%40b.co&redirect=/dashboard&error=4001&mode=forgot'));
    expect(query).toMatchObject({
      mode: 'forgot',
      email: 'a@b.co',
      redirect: '/dashboard',
      errorCode: '4001',
      guestAccess: false,
    });
    expect(readLoginQuery(new URLSearchParams('step=forgot')).mode).toBe('forgot');
    expect(readLoginQuery(new URLSearchParams('mode=nonsense')).mode).toBe('login');
  });

  it('reads the reset and IP verification links', () => {
    expect(readLoginQuery(new URLSearchParams('mode=reset&memberId=m1&token=t1'))).toMatchObject({
      mode: 'reset',
      memberId: 'm1',
      token: 't1',
    });
    expect(readLoginQuery(new URLSearchParams('mode=verify-ip&memberId=m1&loginIpId=ip1&code=c1'))).toMatchObject({
      mode: 'verify-ip',
      memberId: 'm1',
      loginIpId: 'ip1',
      code: 'c1',
    });
  });

  it('builds the search of another mode, keeping redirect; the email never enters the URL', () => {
    expect(loginSearch('forgot', { redirect: '/dashboard/wallets' })).toBe(
      '?mode=forgot&redirect=%2Fdashboard%2Fwallets',
    );
    expect(loginSearch('login')).toBe('');
    expect(loginLinkState('a@b.co')).toEqual({ email: 'a@b.co' });
    expect(loginLinkState('')).toBeUndefined();
    expect(emailFromLinkState({ email: ' a@b.co ' })).toBe('a@b.co');
    expect(emailFromLinkState(null)).toBe('');
    expect(emailFromLinkState({ email: 42 })).toBe('');
  });

  it('treats the guest-access error as a notice, not an error code', () => {
    expect(readLoginQuery(new URLSearchParams('error=GUEST_ACCESS'))).toMatchObject({
      errorCode: null,
      guestAccess: true,
    });
    expect(readLoginQuery(new URLSearchParams('guestAccessError=1'))).toMatchObject({ guestAccess: true });
  });

  it('shows only error catalogue codes', () => {
    expect(readLoginQuery(new URLSearchParams('error=4028')).errorCode).toBe('4028');
    expect(readLoginQuery(new URLSearchParams('error=Account+locked%2C+call+%2B82')).errorCode).toBeNull();
    expect(readLoginQuery(new URLSearchParams('error=')).errorCode).toBeNull();
  });

  it('drops the guest-access error and any error that is not a catalogue code', () => {
    expect(withoutDroppedErrors(new URLSearchParams('a=1&error=GUEST_ACCESS&b=2'))?.toString()).toBe('a=1&b=2');
    expect(withoutDroppedErrors(new URLSearchParams('guestAccessError&email=x'))?.toString()).toBe('email=x');
    expect(withoutDroppedErrors(new URLSearchParams('error=Call+%2B82+now&redirect=%2Fx'))?.toString()).toBe(
      'redirect=%2Fx',
    );
    expect(withoutDroppedErrors(new URLSearchParams('error=4001'))).toBeNull();
  });
});
