import { describe, expect, it } from 'vitest';
import { notificationLink, notificationValues } from './notification-text';

describe('notification text', () => {
  it('leads each kind to where it is about', () => {
    expect(notificationLink({ kind: 'APPROVAL_NEEDED', subjectId: 'r-1' })).toBe('/dashboard/approvals?request=r-1');
    expect(notificationLink({ kind: 'REQUEST_FAILED', subjectId: 'a b' })).toBe('/dashboard/approvals?request=a%20b');
    expect(notificationLink({ kind: 'DEPOSIT_RECEIVED', subjectId: 'x' })).toBe('/dashboard/assets');
    expect(notificationLink({ kind: 'NEW_IP_SIGN_IN', subjectId: 'x' })).toBe('/dashboard/operation/account');
  });

  it('reads its values from the data, text only', () => {
    const values = notificationValues({ data: { type: 'WITHDRAWAL', walletName: 'Cold', ip: 7 } }, (t) => `<${t}>`);
    expect(values).toEqual({ type: '<WITHDRAWAL>', status: '', wallet: 'Cold', ip: '' });
  });
});
