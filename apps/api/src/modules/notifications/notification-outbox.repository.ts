import type { NotificationKindName } from '@vaultline/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, notificationPreferences, notifications } from '../../db/schema/index.js';
import type { NewNotification } from './notifications.repository.js';

// Not bound to one account: an event tells several people (a step's approvers, a wallet's members), and the mail
// sweep works through every account's outbox.
export function notificationOutbox(db: Db) {
  return {
    /** The live accounts among `accountIds`, with their choice for `kind` where they made one. */
    async recipients(accountIds: string[], kind: NotificationKindName) {
      if (accountIds.length === 0) return [];
      return db
        .select({
          accountId: accounts.id,
          organizationId: accounts.organizationId,
          inApp: notificationPreferences.inApp,
          email: notificationPreferences.email,
        })
        .from(accounts)
        .leftJoin(
          notificationPreferences,
          and(eq(notificationPreferences.accountId, accounts.id), eq(notificationPreferences.kind, kind)),
        )
        .where(and(inArray(accounts.id, accountIds), eq(accounts.status, 'ACTIVE')));
    },

    async insert(rows: NewNotification[]): Promise<void> {
      if (rows.length > 0) await db.insert(notifications).values(rows);
    },

    /** Mails waiting to be handed to the queue, oldest first, locked so two engines never hand the same one. */
    async pendingMails(limit: number) {
      return db
        .select({ id: notifications.id, organizationId: notifications.organizationId })
        .from(notifications)
        .where(eq(notifications.emailStatus, 'PENDING'))
        .orderBy(asc(notifications.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async setEmailStatus(ids: string[], status: 'QUEUED' | 'SENT' | 'FAILED', now: Date) {
      if (ids.length === 0) return;
      await db
        .update(notifications)
        .set({ emailStatus: status, ...(status === 'SENT' ? { emailSentAt: now } : {}) })
        .where(inArray(notifications.id, ids));
    },

    /** One mail to send: the notification and its recipient's address and language. */
    async mailOf(id: string) {
      const [row] = await db
        .select({
          notification: notifications,
          email: accounts.email,
          language: accounts.language,
          name: accounts.userName,
          status: accounts.status,
        })
        .from(notifications)
        .innerJoin(accounts, eq(accounts.id, notifications.accountId))
        .where(eq(notifications.id, id));
      return row;
    },

    /** Counts one try at sending; the count after it. */
    async countAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(notifications)
        .set({ emailAttempts: sql`${notifications.emailAttempts} + 1` })
        .where(eq(notifications.id, id))
        .returning({ attempts: notifications.emailAttempts });
      return row?.attempts ?? 0;
    },
  };
}
