import { describe, expect, it } from 'vitest';
import {
  afterWrongPassword,
  isPasswordExpired,
  newPasswordProblem,
  passwordExpiresAt,
  sessionVerdict,
} from './auth.policy.js';

const t0 = new Date('2026-11-22T00:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describe('auth policy', () => {
  it('expires passwords after the configured days; 0 turns expiry off', () => {
    expect(passwordExpiresAt(t0, 90)?.toISOString()).toBe('2027-02-20T00:00:00.000Z');
    expect(isPasswordExpired(t0, 90, later(89 * 86_400_000))).toBe(false);
    expect(isPasswordExpired(t0, 90, later(90 * 86_400_000))).toBe(true);
    expect(isPasswordExpired(t0, 0, later(9_999 * 86_400_000))).toBe(false);
    expect(passwordExpiresAt(null, 90)).toBeNull();
  });

  it('locks at the fifth wrong password and counts down before it', () => {
    expect([0, 1, 2, 3].map((n) => afterWrongPassword(n).remaining)).toEqual([4, 3, 2, 1]);
    expect(afterWrongPassword(3).locked).toBe(false);
    expect(afterWrongPassword(4)).toEqual({ failed: 5, locked: true, remaining: 0 });
  });

  it('judges a session: take-over, logout, superseded token, inactivity, expiry', () => {
    const base = { revokedReason: null, tokenId: 'a', lastSeenAt: t0, expiresAt: later(1800_000) };
    expect(sessionVerdict(base, 'a', later(60_000), 1800)).toBe('valid');
    expect(sessionVerdict(undefined, 'a', t0, 1800)).toBe('4001');
    expect(sessionVerdict({ ...base, revokedReason: 'REPLACED' }, 'a', t0, 1800)).toBe('4028');
    expect(sessionVerdict({ ...base, revokedReason: 'LOGOUT' }, 'a', t0, 1800)).toBe('4001');
    expect(sessionVerdict(base, 'b', t0, 1800)).toBe('4001');
    expect(sessionVerdict(base, 'a', later(1800_000), 1800)).toBe('19');
    const active = { ...base, lastSeenAt: later(1700_000) };
    expect(sessionVerdict(active, 'a', later(1800_000), 1800)).toBe('4001');
  });

  it('checks a new password in the order a person fixes it', () => {
    const facts = { email: 'kim@example.com', sameAsCurrent: false, inRecent: false };
    expect(newPasswordProblem('abc', facts)).toEqual({ code: '14', missing: ['length', 'digit', 'special'] });
    expect(newPasswordProblem('Kim@example.com1', { ...facts, email: 'kim@example.com1' })).toEqual({ code: '15' });
    expect(newPasswordProblem('Good-pass-1!', { ...facts, sameAsCurrent: true })).toEqual({ code: '16' });
    expect(newPasswordProblem('Good-pass-1!', { ...facts, inRecent: true })).toEqual({ code: '4035' });
    expect(newPasswordProblem('Good-pass-1!', facts)).toBeNull();
  });
});
