import { describe, expect, it } from 'vitest';
import { readApiError } from './error-reader';
import { sessionEndedCode, sessionEndedLoginSearch } from './session-end';

const error = (code: string, status: number) => readApiError(status, { code, message: 'x' });

describe('session end rule', () => {
  it('recognises the session-ended codes and nothing else', () => {
    for (const code of ['401', '4001', '5', '19', '4028']) expect(sessionEndedCode(error(code, 401))).toBe(code);
    expect(sessionEndedCode(error('4004', 400))).toBeNull();
    expect(sessionEndedCode(error('403', 403))).toBeNull();
    expect(sessionEndedCode(new Error('x'))).toBeNull();
    // A 401 carrying some other code still means no session.
    expect(sessionEndedCode(error('0', 401))).toBe('401');
  });

  it('sends a plain 401 as a guest-access notice and the others with their code, back to where they were', () => {
    const guest = new URLSearchParams(sessionEndedLoginSearch('401', '/dashboard/wallets?tab=1'));
    expect(guest.get('error')).toBe('GUEST_ACCESS');
    expect(guest.get('redirect')).toBe('/dashboard/wallets?tab=1');
    expect(new URLSearchParams(sessionEndedLoginSearch('4028', '/dashboard/assets')).get('error')).toBe('4028');
    expect(new URLSearchParams(sessionEndedLoginSearch('19', '/dashboard/assets')).get('error')).toBe('19');
  });
});
