import { fromBaseUnits, nativeToken, type RequestContentOf } from '@vaultline/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { walletBalances } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { withdrawalBalances } from '../withdrawals/withdrawal-balances.repository.js';

type Holding = RequestContentOf<'STAKING_STAKE'> | RequestContentOf<'STAKING_UNSTAKE'>;

/** What a stake holds of the native balance (its value and gas), and an unstake (its fee and gas). */
export function heldBy(content: Holding): bigint {
  const fee = BigInt(content.feeReserve ?? '0');
  return content.kind === 'STAKING_STAKE' ? BigInt(content.amount) + fee : fee;
}

/**
 * Holds of staking requests on the wallet's native balance row (wallet_balances.locked), as withdrawals hold theirs:
 * taken with the row locked in the transaction that opens the request, so two requests spending the same balance
 * see each other and never hold more than it; released by rejection, cancellation and the end of execution.
 */
export function stakingHolds(tx: Db) {
  return {
    async take(content: Holding) {
      const native = nativeToken(content.blockchain);
      const balances = withdrawalBalances(tx, content.walletId);
      const row = (await balances.lock([native.tokenId])).get(native.tokenId);
      const withdrawable = row ? row.total - row.locked - row.staked : 0n;
      const need = heldBy(content);
      if (need > withdrawable) {
        throw new AppError('4', {
          shortOf: content.kind === 'STAKING_STAKE' ? 'amount' : 'fee',
          withdrawable: fromBaseUnits(withdrawable > 0n ? withdrawable : 0n, native.decimals),
          symbol: native.symbol,
        });
      }
      await balances.hold(new Map([[native.tokenId, need]]), 1n);
    },
    async release(content: Holding) {
      const native = nativeToken(content.blockchain);
      await withdrawalBalances(tx, content.walletId).hold(new Map([[native.tokenId, heldBy(content)]]), -1n);
    },
  };
}

/** A wallet's native row as staking moves it: total keeps the staked principal (it is still the wallet's). */
export function stakingBalances(tx: Db, walletId: string, blockchain: Parameters<typeof nativeToken>[0]) {
  const tokenId = nativeToken(blockchain).tokenId;
  const row = and(eq(walletBalances.walletId, walletId), eq(walletBalances.tokenId, tokenId));
  const add = async (column: 'total' | 'staked', delta: bigint) => {
    if (delta === 0n) return;
    const target = column === 'total' ? walletBalances.total : walletBalances.staked;
    await tx
      .update(walletBalances)
      .set({ [column]: sql`${target} + ${delta.toString()}::numeric`, updatedAt: sql`now()` })
      .where(row);
  };
  return {
    /** What the network took (gas, the unstake fee) leaves the total. */
    spend: (amount: bigint) => add('total', -amount),
    /** A stake's value is delegated: still the wallet's, no longer withdrawable. */
    delegate: (amount: bigint) => add('staked', amount),
    /** Claimed principal is back in the wallet's hands; rewards are new money in it. */
    undelegate: (amount: bigint) => add('staked', -amount),
    earn: (amount: bigint) => add('total', amount),
  };
}
