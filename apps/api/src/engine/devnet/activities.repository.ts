import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, transaction } from '../../db/client.js';
import { assetActivities, chainCursors, walletBalances, walletMembers, wallets } from '../../db/schema/index.js';
import { notify } from '../../modules/notifications/notify.service.js';

/** Mempool deposits looked up per pass at most: each is one call to the node. */
const MAX_DROP_CHECKS_PER_PASS = 50;

export interface DepositSeen {
  organizationId: string;
  walletId: string;
  blockchain: string;
  tokenId: string;
  txHash: string;
  /** -1 for the transaction's own value, else the Transfer log's index (see assetActivities.logIndex). */
  logIndex: number;
  fromAddress: string;
  toAddress: string;
  amount: string;
  blockHeight: number | null;
  blockHash: string | null;
  failed: boolean;
  requiredConfirmations: number;
}

/** The watcher's reads and writes: cursors, deposit activities and the balances they move. */
// Not bound to an organization: chain-side data, the watcher scans every organization's wallets per blockchain.
export function watcherRepository(db: Db) {
  return {
    async cursor(blockchain: string) {
      const [row] = await db.select().from(chainCursors).where(eq(chainCursors.blockchain, blockchain));
      return row?.scannedHeight ?? 0;
    },

    /** Never moves back: two watchers finishing out of order keep the higher height. */
    async advanceCursor(blockchain: string, height: number, now: Date) {
      await db
        .insert(chainCursors)
        .values({ blockchain, scannedHeight: height, updatedAt: now })
        .onConflictDoUpdate({
          target: chainCursors.blockchain,
          set: { scannedHeight: sql`greatest(${chainCursors.scannedHeight}, ${height})`, updatedAt: now },
        });
    },

    async walletsAt(blockchain: string, addresses: string[]) {
      if (addresses.length === 0) return [];
      return db
        .select({ id: wallets.id, organizationId: wallets.organizationId, address: wallets.address })
        .from(wallets)
        .where(and(eq(wallets.blockchain, blockchain), inArray(wallets.address, addresses)));
    },

    /**
     * Records a deposit once (the unique wallet+hash+type+log key absorbs repeats), then moves a PENDING one that
     * was first seen in the mempool into its block, FAILED when the block failed it.
     */
    async recordDeposit(d: DepositSeen, now: Date) {
      const status = d.blockHeight !== null && d.failed ? 'FAILED' : 'PENDING';
      await db
        .insert(assetActivities)
        .values({
          organizationId: d.organizationId,
          walletId: d.walletId,
          blockchain: d.blockchain,
          tokenId: d.tokenId,
          activityType: 'DEPOSIT',
          status,
          amount: d.amount,
          txHash: d.txHash,
          logIndex: d.logIndex,
          fromAddress: d.fromAddress,
          toAddress: d.toAddress,
          blockHeight: d.blockHeight,
          blockHash: d.blockHash,
          confirmations: 0,
          requiredConfirmations: d.requiredConfirmations,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      if (d.blockHeight === null) return;
      await db
        .update(assetActivities)
        .set({ blockHeight: d.blockHeight, blockHash: d.blockHash, status, updatedAt: now })
        .where(
          and(
            eq(assetActivities.walletId, d.walletId),
            eq(assetActivities.txHash, d.txHash),
            eq(assetActivities.logIndex, d.logIndex),
            eq(assetActivities.activityType, 'DEPOSIT'),
            // PENDING from the mempool, or FAILED because it vanished from it (dropped, or its block reorganized
            // away and the node forgot it): mined after all, it counts again. A FAILED one with a block (reverted)
            // has its outcome and stays.
            or(eq(assetActivities.status, 'PENDING'), eq(assetActivities.status, 'FAILED')),
            isNull(assetActivities.blockHeight),
          ),
        );
    },

    /** Deposits seen only in the mempool, last touched before `before`: candidates for having been dropped. */
    async unminedBefore(blockchain: string, before: Date) {
      return db
        .select({ id: assetActivities.id, txHash: assetActivities.txHash, updatedAt: assetActivities.updatedAt })
        .from(assetActivities)
        .where(
          and(
            eq(assetActivities.blockchain, blockchain),
            eq(assetActivities.status, 'PENDING'),
            eq(assetActivities.activityType, 'DEPOSIT'),
            isNull(assetActivities.blockHeight),
            lt(assetActivities.updatedAt, before),
          ),
        )
        .limit(MAX_DROP_CHECKS_PER_PASS);
    },

    /** FAILED: the node no longer knows the transaction. Only the row as read (still unmined) is moved. */
    async markDropped(id: string, seenUpdatedAt: Date, now: Date) {
      await db
        .update(assetActivities)
        .set({ status: 'FAILED', updatedAt: now })
        .where(
          and(
            eq(assetActivities.id, id),
            eq(assetActivities.status, 'PENDING'),
            isNull(assetActivities.blockHeight),
            eq(assetActivities.updatedAt, seenUpdatedAt),
          ),
        );
    },

    async pendingMined(blockchain: string) {
      return db
        .select({
          id: assetActivities.id,
          blockHeight: assetActivities.blockHeight,
          blockHash: assetActivities.blockHash,
          confirmations: assetActivities.confirmations,
          requiredConfirmations: assetActivities.requiredConfirmations,
        })
        .from(assetActivities)
        .where(
          and(
            eq(assetActivities.blockchain, blockchain),
            eq(assetActivities.status, 'PENDING'),
            eq(assetActivities.activityType, 'DEPOSIT'),
            isNotNull(assetActivities.blockHeight),
          ),
        );
    },

    async setConfirmations(id: string, confirmations: number, now: Date) {
      await db
        .update(assetActivities)
        .set({ confirmations, updatedAt: now })
        .where(
          and(
            eq(assetActivities.id, id),
            eq(assetActivities.status, 'PENDING'),
            lt(assetActivities.confirmations, confirmations),
          ),
        );
    },

    /**
     * CONFIRMED and the balance credited in one transaction; the update only matches a PENDING row and returns
     * it, so when two watchers (or a retried tick) confirm the same deposit, exactly one of them credits it.
     */
    async confirm(id: string, confirmations: number, now: Date): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(assetActivities)
          .set({ status: 'CONFIRMED', confirmations, confirmedAt: now, updatedAt: now })
          .where(and(eq(assetActivities.id, id), eq(assetActivities.status, 'PENDING')))
          .returning();
        if (!row) return false;
        await tx
          .insert(walletBalances)
          .values({
            walletId: row.walletId,
            tokenId: row.tokenId,
            organizationId: row.organizationId,
            blockchain: row.blockchain,
            total: row.amount,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [walletBalances.walletId, walletBalances.tokenId],
            set: { total: sql`${walletBalances.total} + ${row.amount}::numeric`, updatedAt: now },
          });
        // The wallet's members hear of it with the credit: both or neither.
        const [wallet] = await tx.select({ name: wallets.name }).from(wallets).where(eq(wallets.id, row.walletId));
        const members = await tx
          .select({ accountId: walletMembers.accountId })
          .from(walletMembers)
          .where(eq(walletMembers.walletId, row.walletId));
        await notify(
          tx,
          {
            kind: 'DEPOSIT_RECEIVED',
            recipients: members.map((m) => m.accountId),
            subjectType: 'activity',
            subjectId: row.id,
            data: {
              walletId: row.walletId,
              walletName: wallet?.name ?? '',
              tokenId: row.tokenId,
              amount: row.amount,
              txHash: row.txHash,
            },
          },
          now,
        );
        return true;
      });
    },
  };
}
