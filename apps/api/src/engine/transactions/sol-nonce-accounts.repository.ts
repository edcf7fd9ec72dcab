// The engine's reads and writes of cold Solana wallets' durable-nonce accounts, across organizations (as the
// sweeper's open rows are): which wallets still need one made, and the account assigned to a wallet once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainTransactions, wallets } from '../../db/schema/index.js';

export function solNonceAccountsRepository(db: Db) {
  return {
    /**
     * Cold wallets of `blockchain` without a nonce account on its way: none assigned yet, or no creation that is in
     * flight or confirmed, nor one that failed within the last `retryAfterSeconds` (an unfunded payer is tried
     * again later, not on every sweep).
     */
    needingAccount(blockchain: string, purpose: string, retryAfterSeconds: number) {
      const underway = db
        .select({ one: sql`1` })
        .from(chainTransactions)
        .where(
          and(
            eq(chainTransactions.blockchain, wallets.blockchain),
            eq(chainTransactions.toAddress, wallets.solNonceAccount),
            eq(chainTransactions.purpose, purpose),
            sql`(${chainTransactions.status} in ('BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED') or ${chainTransactions.createdAt} > now() - make_interval(secs => ${retryAfterSeconds}))`,
          ),
        );
      return db
        .select({ id: wallets.id, organizationId: wallets.organizationId })
        .from(wallets)
        .where(
          and(
            eq(wallets.blockchain, blockchain),
            eq(wallets.custody, 'COLD'),
            sql`(${wallets.solNonceAccount} is null or not exists (${underway}))`,
          ),
        );
    },

    /** Records the wallet's account (fixed by its payer and id, so the same value whoever records it first). */
    async assign(walletId: string, account: string) {
      await db
        .update(wallets)
        .set({ solNonceAccount: account })
        .where(and(eq(wallets.id, walletId), isNull(wallets.solNonceAccount)));
    },
  };
}
