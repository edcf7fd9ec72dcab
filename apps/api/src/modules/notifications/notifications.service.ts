import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKindName,
  type NotificationPreference,
} from '@vaultline/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../auth/session.service.js';
import { type NotificationRow, notificationsRepository } from './notifications.repository.js';

export function notificationView(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Each signed-in account's own notifications and choices; nobody reads or marks another's. */
export function notificationsService({ db, clock }: { db: Db; clock: () => Date }) {
  const repo = (auth: AuthContext) => notificationsRepository(db, auth.accountId);
  async function preferences(auth: AuthContext): Promise<{ items: NotificationPreference[] }> {
    const chosen = new Map((await repo(auth).preferences()).map((p) => [p.kind, p]));
    return {
      items: NOTIFICATION_KINDS.map((kind) => {
        const row = chosen.get(kind);
        return { kind, ...(row ? { inApp: row.inApp, email: row.email } : NOTIFICATION_DEFAULTS[kind]) };
      }),
    };
  }
  return {
    async list(
      auth: AuthContext,
      body: { page: number; size: number; after?: string; filters?: { unreadOnly?: boolean | undefined } },
    ) {
      const r = repo(auth);
      const { rows, total, nextCursor } = await r.list(body, body.filters?.unreadOnly === true);
      return {
        items: rows.map(notificationView),
        page: body.page,
        size: body.size,
        total,
        nextCursor,
        unread: await r.unread(),
      };
    },
    async unread(auth: AuthContext) {
      return { unread: await repo(auth).unread() };
    },
    async markRead(auth: AuthContext, ids: string[] | 'ALL') {
      await repo(auth).markRead(ids, clock());
      return { ok: true as const };
    },
    preferences,
    async setPreferences(auth: AuthContext, items: { kind: NotificationKindName; inApp: boolean; email: boolean }[]) {
      // The last choice of a kind named twice stands.
      const byKind = new Map(items.map((i) => [i.kind, i]));
      await repo(auth).setPreferences([...byKind.values()], clock());
      return preferences(auth);
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
