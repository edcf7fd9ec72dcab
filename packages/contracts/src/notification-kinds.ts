/**
 * What a member is told about, in the app and by email (issue 19). Schema-free, so account settings can list the
 * kinds before zod's core arrives; `NotificationKind` (calls/notifications.ts) is the enum of these.
 */
export const NOTIFICATION_KINDS = [
  /** A request waits for the member's decision (it was created, or reached their step). */
  'APPROVAL_NEEDED',
  /** The member's own request was approved or rejected by its line. */
  'REQUEST_DECIDED',
  /** The member's own request was executed. */
  'REQUEST_COMPLETED',
  /** The member's own request failed in execution. */
  'REQUEST_FAILED',
  /** A deposit to one of the member's wallets was confirmed. */
  'DEPOSIT_RECEIVED',
  /** The account signed in from a new IP address (verified through the emailed link). */
  'NEW_IP_SIGN_IN',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** What a member gets when they never chose: everything in the app; email for all but deposits and completions. */
export const NOTIFICATION_DEFAULTS: Record<NotificationKindName, { inApp: boolean; email: boolean }> = {
  APPROVAL_NEEDED: { inApp: true, email: true },
  REQUEST_DECIDED: { inApp: true, email: true },
  REQUEST_COMPLETED: { inApp: true, email: false },
  REQUEST_FAILED: { inApp: true, email: true },
  DEPOSIT_RECEIVED: { inApp: true, email: false },
  NEW_IP_SIGN_IN: { inApp: true, email: true },
};
