import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetActivities, wallets } from '../../db/schema/index.js';

/** Activities changed since a moment, oldest change first, with what a notice shows. */
export function eventsRepository(db: Db) {
  return {
    async activitiesChangedSince(since: Date, limit: number) {
      return db
        .select({
          id: assetActivities.id,
          organizationId: assetActivities.organizationId,
          updatedAt: assetActivities.updatedAt,
          walletId: assetActivities.walletId,
          walletName: wallets.name,
          blockchain: assetActivities.blockchain,
          tokenId: assetActivities.tokenId,
          activityType: assetActivities.activityType,
          transferType: assetActivities.transferType,
          status: assetActivities.status,
          amount: assetActivities.amount,
          txHash: assetActivities.txHash,
          fromAddress: assetActivities.fromAddress,
          toAddress: assetActivities.toAddress,
          confirmations: assetActivities.confirmations,
          requiredConfirmations: assetActivities.requiredConfirmations,
          blockHeight: assetActivities.blockHeight,
          createdAt: assetActivities.createdAt,
          confirmedAt: assetActivities.confirmedAt,
        })
        .from(assetActivities)
        .innerJoin(wallets, eq(wallets.id, assetActivities.walletId))
        .where(gt(assetActivities.updatedAt, since))
        .orderBy(asc(assetActivities.updatedAt), asc(assetActivities.id))
        .limit(limit);
    },
  };
}
