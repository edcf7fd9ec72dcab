import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  stakingPositions,
  stakingUnbondings,
  stakingValidators,
  walletBalances,
  wallets,
} from '../../db/schema/index.js';
import { walletScopeCondition } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';

export type ValidatorRow = typeof stakingValidators.$inferSelect;
export type PositionRow = typeof stakingPositions.$inferSelect;
export type UnbondingRow = typeof stakingUnbondings.$inferSelect;

/** Validators are the network's, not an organization's: read by anyone who may see staking. */
export function stakingValidatorsRepository(db: Db) {
  return {
    async list(blockchains: readonly string[]) {
      if (blockchains.length === 0) return [];
      return db
        .select()
        .from(stakingValidators)
        .where(inArray(stakingValidators.blockchain, [...blockchains]))
        .orderBy(asc(stakingValidators.blockchain), asc(stakingValidators.name));
    },
    async find(blockchain: string, validatorId: string) {
      const [row] = await db
        .select()
        .from(stakingValidators)
        .where(
          and(
            eq(stakingValidators.blockchain, blockchain),
            eq(stakingValidators.validatorId, validatorId.toLowerCase()),
          ),
        );
      return row;
    },
    /** Every organization's delegated amount per validator: the ledger's part of the network total. */
    async delegatedByValidator(blockchains: readonly string[]) {
      if (blockchains.length === 0) return new Map<string, bigint>();
      const rows = await db
        .select({
          blockchain: stakingPositions.blockchain,
          validatorId: stakingPositions.validatorId,
          amount: sql<string>`sum(${stakingPositions.amount})::text`,
        })
        .from(stakingPositions)
        .where(inArray(stakingPositions.blockchain, [...blockchains]))
        .groupBy(stakingPositions.blockchain, stakingPositions.validatorId);
      return new Map(rows.map((r) => [`${r.blockchain}:${r.validatorId}`, BigInt(r.amount ?? '0')]));
    },
    /** A validator's terms as its chain states them now (insert or overwrite). */
    async replace(values: typeof stakingValidators.$inferInsert) {
      const { blockchain: _b, validatorId: _v, ...terms } = values;
      await db
        .insert(stakingValidators)
        .values(values)
        .onConflictDoUpdate({
          target: [stakingValidators.blockchain, stakingValidators.validatorId],
          set: { ...terms, updatedAt: sql`now()` },
        });
    },
    /** Validators of `blockchain` the chain no longer lists: kept for the positions that name them, inactive. */
    async deactivateOthers(blockchain: string, listed: readonly string[]) {
      await db
        .update(stakingValidators)
        .set({ active: 'INACTIVE', updatedAt: sql`now()` })
        .where(
          and(
            eq(stakingValidators.blockchain, blockchain),
            listed.length > 0 ? notInArray(stakingValidators.validatorId, [...listed]) : undefined,
          ),
        );
    },
    async upsert(values: typeof stakingValidators.$inferInsert) {
      await db
        .insert(stakingValidators)
        .values(values)
        .onConflictDoNothing({ target: [stakingValidators.blockchain, stakingValidators.validatorId] });
    },
  };
}

/** One organization's staking ledger rows. */
export function stakingRepository(db: Db, organizationId: string) {
  const mine = eq(stakingPositions.organizationId, organizationId);
  return {
    /** The wallets on these networks the scope sees, with their native balance row. */
    async wallets(scope: WalletScope, blockchains: readonly string[], nativeTokenIds: readonly string[]) {
      if (blockchains.length === 0) return [];
      return db
        .select({
          id: wallets.id,
          name: wallets.name,
          blockchain: wallets.blockchain,
          address: wallets.address,
          total: sql<string>`coalesce(${walletBalances.total}, 0)::text`,
          staked: sql<string>`coalesce(${walletBalances.staked}, 0)::text`,
          locked: sql<string>`coalesce(${walletBalances.locked}, 0)::text`,
        })
        .from(wallets)
        .leftJoin(
          walletBalances,
          and(eq(walletBalances.walletId, wallets.id), inArray(walletBalances.tokenId, [...nativeTokenIds])),
        )
        .where(
          and(
            eq(wallets.organizationId, organizationId),
            inArray(wallets.blockchain, [...blockchains]),
            walletScopeCondition(db, wallets.id, scope),
          ),
        )
        .orderBy(asc(wallets.name));
    },

    async positions(walletIds: readonly string[], filter: { validatorId?: string | undefined } = {}) {
      if (walletIds.length === 0) return [];
      return db
        .select()
        .from(stakingPositions)
        .where(
          and(
            mine,
            inArray(stakingPositions.walletId, [...walletIds]),
            filter.validatorId ? eq(stakingPositions.validatorId, filter.validatorId.toLowerCase()) : undefined,
          ),
        )
        .orderBy(asc(stakingPositions.stakedAt), asc(stakingPositions.id));
    },

    async unbondings(walletIds: readonly string[], filter: { validatorId?: string | undefined } = {}) {
      if (walletIds.length === 0) return [];
      return db
        .select()
        .from(stakingUnbondings)
        .where(
          and(
            eq(stakingUnbondings.organizationId, organizationId),
            inArray(stakingUnbondings.walletId, [...walletIds]),
            filter.validatorId ? eq(stakingUnbondings.validatorId, filter.validatorId.toLowerCase()) : undefined,
          ),
        )
        .orderBy(asc(stakingUnbondings.startedAt), asc(stakingUnbondings.id));
    },

    async findPosition(positionId: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select()
        .from(stakingPositions)
        .where(and(mine, eq(stakingPositions.id, positionId)));
      const [row] = opts.lock ? await q.for('update') : await q;
      return row;
    },

    /** A wallet's positions and claimable unbondings with one validator, locked: what a claim pays out. */
    async lockClaimable(walletId: string, validatorId: string, now: Date) {
      const positions = await db
        .select()
        .from(stakingPositions)
        .where(and(mine, eq(stakingPositions.walletId, walletId), eq(stakingPositions.validatorId, validatorId)))
        .orderBy(asc(stakingPositions.id))
        .for('update');
      const unbondings = await db
        .select()
        .from(stakingUnbondings)
        .where(
          and(
            eq(stakingUnbondings.organizationId, organizationId),
            eq(stakingUnbondings.walletId, walletId),
            eq(stakingUnbondings.validatorId, validatorId),
            isNull(stakingUnbondings.claimedAt),
            lte(stakingUnbondings.endsAt, now),
          ),
        )
        .orderBy(asc(stakingUnbondings.id))
        .for('update');
      return { positions, unbondings };
    },

    /** The position of a stake request; none if settlement already made it (then that one). */
    async insertPosition(values: Omit<typeof stakingPositions.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(stakingPositions)
        .values({ ...values, organizationId })
        .onConflictDoNothing({ target: stakingPositions.requestId })
        .returning();
      return row;
    },

    async updatePosition(positionId: string, set: Partial<typeof stakingPositions.$inferInsert>) {
      await db
        .update(stakingPositions)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(mine, eq(stakingPositions.id, positionId)));
    },

    async insertUnbonding(values: Omit<typeof stakingUnbondings.$inferInsert, 'organizationId'>) {
      const [row] = await db
        .insert(stakingUnbondings)
        .values({ ...values, organizationId })
        .onConflictDoNothing({ target: stakingUnbondings.requestId })
        .returning();
      return row;
    },

    async markClaimed(unbondingIds: readonly string[], claimRequestId: string, now: Date) {
      if (unbondingIds.length === 0) return;
      await db
        .update(stakingUnbondings)
        .set({ claimRequestId, claimedAt: now })
        .where(
          and(eq(stakingUnbondings.organizationId, organizationId), inArray(stakingUnbondings.id, [...unbondingIds])),
        );
    },
  };
}
