import { describe, expect, it } from 'vitest';
import { readLoginQuery, withoutGuestAccessError } from './login-query';

describe('login query', () => {
  it('reads email, redirect, error and step', () => {
    const query = readLoginQuery(new URLSearchParams('email=a%40b.co&redirect=/dashboard&error=4001&step=forgot'));
    expect(query).toEqual({
      email: 'a@b.co',
      redirect: '/dashboard',
      errorCode: '4001',
      guestAccess: false,
      step: 'forgot',
    });
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
