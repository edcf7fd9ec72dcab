import { and, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { type Db, transaction } from '../../db/client.js';
import { assetActivities, chainCursors, walletBalances } from '../../db/schema/index.js';

/** A deposit recorded in a block, as the reorganization check needs it. */
export interface DepositInBlock {
  id: string;
  txHash: string;
  status: 'PENDING' | 'CONFIRMED' | 'FAILED';
  blockHeight: number;
  blockHash: string;
}

/** Where a reorganized deposit goes: back to the mempool, into the block that now holds it, or FAILED when gone. */
export interface DepositPlacement {
  status: 'PENDING' | 'FAILED';
  blockHeight: number | null;
  blockHash: string | null;
}

/** The watcher's writes that undo what a reorganization took away; each is conditional on the stored block hash. */
export function reorgRepository(db: Db) {
  const seenAt = (d: DepositInBlock, status: 'PENDING' | 'CONFIRMED') =>
    and(
      eq(assetActivities.id, d.id),
      eq(assetActivities.status, status),
      eq(assetActivities.blockHash, d.blockHash),
      eq(assetActivities.blockHeight, d.blockHeight),
    );

  return {
    /**
     * Deposits a reorganization may still undo: every PENDING one in a block, and CONFIRMED ones in blocks above
     * `confirmedAbove` (older ones are final for us). Rows recorded before block hashes were stored have none to
     * compare and are left alone.
     */
    async inBlocks(blockchain: string, confirmedAbove: number): Promise<DepositInBlock[]> {
      const rows = await db
        .select({
          id: assetActivities.id,
          txHash: assetActivities.txHash,
          status: assetActivities.status,
          blockHeight: assetActivities.blockHeight,
          blockHash: assetActivities.blockHash,
        })
        .from(assetActivities)
        .where(
          and(
            eq(assetActivities.blockchain, blockchain),
            eq(assetActivities.activityType, 'DEPOSIT'),
            isNotNull(assetActivities.blockHeight),
            isNotNull(assetActivities.blockHash),
            or(
              eq(assetActivities.status, 'PENDING'),
              and(eq(assetActivities.status, 'CONFIRMED'), gt(assetActivities.blockHeight, confirmedAbove)),
            ),
          ),
        );
      return rows as DepositInBlock[];
    },

    /** A PENDING deposit leaves its old block; false when another pass already moved it. */
    async replacePending(d: DepositInBlock, to: DepositPlacement, now: Date): Promise<boolean> {
      const rows = await db
        .update(assetActivities)
        .set({ ...to, confirmations: 0, updatedAt: now })
        .where(seenAt(d, 'PENDING'))
        .returning({ id: assetActivities.id });
      return rows.length > 0;
    },

    /**
     * A CONFIRMED deposit whose block is gone: back to PENDING (or FAILED) and its credit taken off the balance,
     * in one transaction. The update matches only the row as this pass read it, so of two passes at once exactly
     * one takes the credit back.
     */
    async uncredit(d: DepositInBlock, to: DepositPlacement, now: Date): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(assetActivities)
          .set({ ...to, confirmations: 0, confirmedAt: null, updatedAt: now })
          .where(seenAt(d, 'CONFIRMED'))
          .returning();
        if (!row) return false;
        // The credit was made by confirm(): the balance row exists. If the money was spent meanwhile the
        // non-negative check fails the transaction and the deposit stays CONFIRMED for an operator to look at.
        await tx
          .update(walletBalances)
          .set({ total: sql`${walletBalances.total} - ${row.amount}::numeric`, updatedAt: now })
          .where(and(eq(walletBalances.walletId, row.walletId), eq(walletBalances.tokenId, row.tokenId)));
        return true;
      });
    },

    /** The next pass scans again from above `height`: the blocks that replaced the reorganized ones. */
    async rewindCursor(blockchain: string, height: number, now: Date) {
      await db
        .update(chainCursors)
        .set({ scannedHeight: sql`least(${chainCursors.scannedHeight}, ${height})`, updatedAt: now })
        .where(eq(chainCursors.blockchain, blockchain));
    },
  };
}
