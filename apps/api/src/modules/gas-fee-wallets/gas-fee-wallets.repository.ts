import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gasFeeEntries, gasFeeWallets, wallets } from '../../db/schema/index.js';

export type GasFeeWalletRow = typeof gasFeeWallets.$inferSelect;
type EntryInsert = Omit<typeof gasFeeEntries.$inferInsert, 'id' | 'gasFeeWalletId'>;

/** Whether any organization's gas-fee wallet holds the address on the blockchain (addresses are unique per chain). */
export async function gasFeeAddressTaken(db: Db, blockchain: string, address: string) {
  const [row] = await db
    .select({ id: gasFeeWallets.id })
    .from(gasFeeWallets)
    .where(and(eq(gasFeeWallets.blockchain, blockchain), eq(gasFeeWallets.address, address)));
  return row !== undefined;
}

/** One organization's gas-fee wallets and their entries, bound at construction to its organization_id. */
export function gasFeeWalletsRepository(db: Db, organizationId: string) {
  const own = (blockchain: string) =>
    and(eq(gasFeeWallets.organizationId, organizationId), eq(gasFeeWallets.blockchain, blockchain));
  return {
    list: () =>
      db
        .select()
        .from(gasFeeWallets)
        .where(eq(gasFeeWallets.organizationId, organizationId))
        .orderBy(asc(gasFeeWallets.blockchain)),

    /** With `lock`, the row is held until the transaction ends: a charge reads and debits one balance at a time. */
    async find(blockchain: string, opts: { lock?: boolean } = {}) {
      const query = db.select().from(gasFeeWallets).where(own(blockchain));
      const [row] = opts.lock ? await query.for('update') : await query;
      return row;
    },

    /** The networks the organization has wallets on: each gets a gas-fee wallet. */
    async walletChains(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ blockchain: wallets.blockchain })
        .from(wallets)
        .where(eq(wallets.organizationId, organizationId));
      return rows.map((r) => r.blockchain);
    },

    /** undefined when another transaction made the network's gas-fee wallet first (the unique index decides). */
    async insert(values: Omit<typeof gasFeeWallets.$inferInsert, 'organizationId' | 'id'>) {
      const [row] = await db
        .insert(gasFeeWallets)
        .values({ ...values, organizationId })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async entryOfRequest(requestId: string) {
      const [row] = await db.select().from(gasFeeEntries).where(eq(gasFeeEntries.requestId, requestId));
      return row;
    },

    /**
     * The entry and the balance move together. A request's second entry is refused by the unique index and moves
     * nothing (false); a debit beyond the balance is refused by the non-negative check.
     */
    async book(wallet: GasFeeWalletRow, entry: EntryInsert, direction: 1 | -1, now: Date): Promise<boolean> {
      const [made] = await db
        .insert(gasFeeEntries)
        .values({ ...entry, gasFeeWalletId: wallet.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: gasFeeEntries.id });
      if (!made) return false;
      const delta = direction === 1 ? sql`${entry.amount}::numeric` : sql`-(${entry.amount}::numeric)`;
      await db
        .update(gasFeeWallets)
        .set({ balance: sql`${gasFeeWallets.balance} + ${delta}`, updatedAt: now })
        .where(and(eq(gasFeeWallets.id, wallet.id), eq(gasFeeWallets.organizationId, organizationId)));
      return true;
    },
  };
}
