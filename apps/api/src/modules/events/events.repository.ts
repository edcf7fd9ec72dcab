import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetActivities, notifications, requests, wallets } from '../../db/schema/index.js';
import { activityListColumns } from '../assets/activities.repository.js';

/** Activities changed since a moment, oldest change first, with what a notice shows. */
// Not bound to an organization: chain-side changes of every organization, sorted to each stream by notice-hub.
export function eventsRepository(db: Db) {
  return {
    async activitiesChangedSince(since: Date, limit: number) {
      return db
        .select({
          ...activityListColumns,
          organizationId: assetActivities.organizationId,
          updatedAt: assetActivities.updatedAt,
        })
        .from(assetActivities)
        .innerJoin(wallets, eq(wallets.id, assetActivities.walletId))
        .where(gt(assetActivities.updatedAt, since))
        .orderBy(asc(assetActivities.updatedAt), asc(assetActivities.id))
        .limit(limit);
    },

    /** Requests changed since a moment (created, decided, executed), with who may see each. */
    async requestsChangedSince(since: Date, limit: number) {
      return db
        .select({
          id: requests.id,
          organizationId: requests.organizationId,
          type: requests.type,
          status: requests.status,
          progress: requests.progress,
          walletId: requests.walletId,
          initiatorId: requests.initiatorId,
          steps: requests.steps,
          updatedAt: requests.updatedAt,
        })
        .from(requests)
        .where(gt(requests.updatedAt, since))
        .orderBy(asc(requests.updatedAt), asc(requests.id))
        .limit(limit);
    },

    /** In-app notifications made since a moment (they never change but for being read), for their accounts. */
    async notificationsSince(since: Date, limit: number) {
      return db
        .select({
          id: notifications.id,
          accountId: notifications.accountId,
          organizationId: notifications.organizationId,
          kind: notifications.kind,
          updatedAt: notifications.createdAt,
        })
        .from(notifications)
        .where(and(gt(notifications.createdAt, since), eq(notifications.inApp, true)))
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
        .limit(limit);
    },
  };
}
