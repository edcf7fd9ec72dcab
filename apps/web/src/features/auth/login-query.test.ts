import { describe, expect, it } from 'vitest';
import { loginSearch, readLoginQuery, withoutGuestAccessError } from './login-query';

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

  it('builds the search of another mode, keeping email and redirect', () => {
    expect(loginSearch('forgot', { email: 'a@b.co', redirect: '/dashboard/wallets' })).toBe(
      '?mode=forgot&email=a%40b.co&redirect=%2Fdashboard%2Fwallets',
    );
    expect(loginSearch('login')).toBe('');
  });

  it('treats the guest-access error as a notice, not an error code', () => {
    expect(readLoginQuery(new URLSearchParams('error=GUEST_ACCESS'))).toMatchObject({
      errorCode: null,
      guestAccess: true,
    });
    expect(readLoginQuery(new URLSearchParams('guestAccessError=1'))).toMatchObject({ guestAccess: true });
  });

  it('drops only the guest-access error', () => {
    expect(withoutGuestAccessError(new URLSearchParams('a=1&error=GUEST_ACCESS&b=2'))?.toString()).toBe('a=1&b=2');
    expect(withoutGuestAccessError(new URLSearchParams('guestAccessError&email=x'))?.toString()).toBe('email=x');
    expect(withoutGuestAccessError(new URLSearchParams('error=4001'))).toBeNull();
  });
});
