import { nativeToken, type RequestContentOf } from '@vaultline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { walletBalances } from '../../db/schema/index.js';

export interface BalanceRow {
  tokenId: string;
  total: bigint;
  staked: bigint;
  locked: bigint;
}

/** What a pending withdrawal holds in `locked`, per token row: the amount, and the native coin's fee reserve. */
export function reservationsOf(content: RequestContentOf<'WITHDRAWAL'>): Map<string, bigint> {
  const held = new Map<string, bigint>([[content.tokenId, BigInt(content.amount)]]);
  const fee = BigInt(content.feeReserve ?? '0');
  const native = nativeToken(content.blockchain).tokenId;
  if (fee > 0n) held.set(native, (held.get(native) ?? 0n) + fee);
  return held;
}

/**
 * The balance rows withdrawals move. Every change happens with the rows locked (FOR UPDATE) in the caller's
 * transaction, so concurrent withdrawals from one wallet see each other's reservations and never overdraw.
 */
export function withdrawalBalances(tx: Db, walletId: string) {
  const row = (tokenId: string) => and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, tokenId));
  return {
    /** The rows of `tokenIds`, locked in token order (a fixed order: two withdrawals never wait on each other). */
    async lock(tokenIds: string[]): Promise<Map<string, BalanceRow>> {
      const found = new Map<string, BalanceRow>();
      for (const tokenId of [...new Set(tokenIds)].sort()) {
        const [r] = await tx.select().from(walletBalances).where(row(tokenId)).for('update');
        if (r)
          found.set(tokenId, { tokenId, total: BigInt(r.total), staked: BigInt(r.staked), locked: BigInt(r.locked) });
      }
      return found;
    },

    /** The rows of `tokenIds` as they stand, unlocked: what a preview shows. */
    async read(tokenIds: string[]): Promise<Map<string, BalanceRow>> {
      const found = new Map<string, BalanceRow>();
      for (const tokenId of new Set(tokenIds)) {
        const [r] = await tx.select().from(walletBalances).where(row(tokenId));
        if (r)
          found.set(tokenId, { tokenId, total: BigInt(r.total), staked: BigInt(r.staked), locked: BigInt(r.locked) });
      }
      return found;
    },

    /** Adds (sign 1) or releases (sign -1) held amounts; creation checked that every row exists. */
    async hold(held: Map<string, bigint>, sign: 1n | -1n) {
      for (const [tokenId, amount] of held) {
        const delta = (sign * amount).toString();
        await tx
          .update(walletBalances)
          .set({ locked: sql`${walletBalances.locked} + ${delta}::numeric`, updatedAt: sql`now()` })
          .where(row(tokenId));
      }
    },

    /** Takes what left the wallet on chain out of its total. */
    async debit(tokenId: string, amount: bigint) {
      if (amount === 0n) return;
      await tx
        .update(walletBalances)
        .set({ total: sql`${walletBalances.total} - ${amount.toString()}::numeric`, updatedAt: sql`now()` })
        .where(row(tokenId));
    },
  };
}

/** Releases what a withdrawal holds: on rejection, cancellation and the end of its execution. */
export async function releaseWithdrawal(tx: Db, content: RequestContentOf<'WITHDRAWAL'>) {
  await withdrawalBalances(tx, content.walletId).hold(reservationsOf(content), -1n);
}
