import type { NotificationKindName } from '@vaultline/contracts';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keysetOrPage, type SortKey } from '../../db/keyset.js';
import { notificationPreferences, notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

const KEYS: SortKey[] = [
  { key: notifications.createdAt, direction: 'DESC' },
  { key: notifications.id, direction: 'DESC' },
];

/** One account's notifications and preferences: every read and write below names that account. */
export function notificationsRepository(db: Db, accountId: string) {
  const mine = eq(notifications.accountId, accountId);
  const listed = and(mine, eq(notifications.inApp, true));
  return {
    async list(page: { page: number; size: number; after?: string | undefined }, unreadOnly: boolean) {
      const where = and(listed, unreadOnly ? isNull(notifications.readAt) : undefined);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(notifications).where(where);
      const { rows, nextCursor } = await keysetOrPage(db, page, {
        id: notifications.id,
        visible: listed,
        where,
        keys: KEYS,
        total,
        rows: (w, order, limit, offset) =>
          db
            .select()
            .from(notifications)
            .where(w)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
      });
      return { rows, total, nextCursor };
    },

    async unread(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(listed, isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    async markRead(ids: string[] | 'ALL', now: Date): Promise<void> {
      const which: SQL | undefined = ids === 'ALL' ? undefined : inArray(notifications.id, ids);
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(mine, isNull(notifications.readAt), which));
    },

    async preferences() {
      return db.select().from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId));
    },

    async setPreferences(items: { kind: NotificationKindName; inApp: boolean; email: boolean }[], now: Date) {
      if (items.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(items.map((i) => ({ ...i, accountId, updatedAt: now })))
        .onConflictDoUpdate({
          target: [notificationPreferences.accountId, notificationPreferences.kind],
          set: {
            inApp: sql`excluded.in_app`,
            email: sql`excluded.email`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },
  };
}
