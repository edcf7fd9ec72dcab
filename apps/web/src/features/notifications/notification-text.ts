import type { Notification } from '@vaultline/contracts';

/** Where a notification leads: its request's detail, the assets, or the account settings. */
export function notificationLink(n: Pick<Notification, 'kind' | 'subjectId'>): string {
  switch (n.kind) {
    case 'DEPOSIT_RECEIVED':
      return '/dashboard/assets';
    case 'NEW_IP_SIGN_IN':
      return '/dashboard/operation/account';
    default:
      return `/dashboard/approvals?request=${encodeURIComponent(n.subjectId)}`;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The values a notification's message is worded with (the message keys name them). */
export function notificationValues(n: Pick<Notification, 'data'>, typeLabel: (type: string) => string) {
  return {
    type: typeLabel(text(n.data.type)),
    status: text(n.data.status),
    wallet: text(n.data.walletName),
    ip: text(n.data.ip),
  };
}
