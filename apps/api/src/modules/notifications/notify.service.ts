import { NOTIFICATION_DEFAULTS, type NotificationKindName } from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import { notificationOutbox } from './notification-outbox.repository.js';

export interface NotificationEvent {
  kind: NotificationKindName;
  /** Who to tell (duplicates and inactive accounts are dropped). */
  recipients: readonly string[];
  /** Someone who caused the event is not told about it (the approver of their own step, the creator). */
  except?: string | null;
  subjectType: 'request' | 'activity' | 'login_ip';
  subjectId: string;
  data: Record<string, unknown>;
}

/**
 * Tells each recipient in `tx`, the transaction of the event itself: an in-app notification where they want one,
 * and a mail in the outbox where they want that (the engine's sweep hands it to the mail queue; nothing here waits
 * for SMTP). Preferences are read now: a choice changed later applies to later events.
 */
export async function notify(tx: Db, event: NotificationEvent, now: Date): Promise<void> {
  const ids = [...new Set(event.recipients)].filter((id) => id !== event.except);
  const outbox = notificationOutbox(tx);
  const people = await outbox.recipients(ids, event.kind);
  const defaults = NOTIFICATION_DEFAULTS[event.kind];
  const rows = people
    .map((p) => ({ ...p, inApp: p.inApp ?? defaults.inApp, email: p.email ?? defaults.email }))
    .filter((p) => p.inApp || p.email)
    .map((p) => ({
      accountId: p.accountId,
      organizationId: p.organizationId,
      kind: event.kind,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      data: event.data,
      inApp: p.inApp,
      createdAt: now,
      emailStatus: p.email ? ('PENDING' as const) : ('NONE' as const),
    }));
  await outbox.insert(rows);
}
