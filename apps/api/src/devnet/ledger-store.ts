import type { LedgerStore, LedgerTransaction } from '@vaultline/chains';
import type { Blockchain } from '@vaultline/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { type Db, transaction } from '../db/client.js';
import { devnetAccounts, devnetChains, devnetOutputs, devnetTransactions } from '../db/schema/index.js';
import { toLedgerTransaction } from './ledger-rows.js';
import { ledgerView, unspentOutputs } from './ledger-view.js';

export { toLedgerTransaction } from './ledger-rows.js';

export interface DbLedgerStoreOptions {
  now: () => Date;
  /**
   * A chain sealed less than this long ago is not sealed again: several engines ticking on one database then
   * still make one block per block time between them, not one each.
   */
  minBlockIntervalMs?: number;
}

/** The devnet's ledger in the database (devnet_chains, devnet_transactions), shared by every engine process. */
export function dbLedgerStore(
  db: Db,
  opts: DbLedgerStoreOptions,
): LedgerStore & {
  chains(): Promise<{ blockchain: Blockchain; height: number }[]>;
  latest(limit: number): Promise<LedgerTransaction[]>;
} {
  const toOnly = (toAddresses?: readonly string[]) =>
    toAddresses ? inArray(devnetTransactions.toAddress, [...toAddresses]) : undefined;
  return {
    async height(blockchain) {
      const [row] = await db
        .select({ height: devnetChains.height })
        .from(devnetChains)
        .where(eq(devnetChains.blockchain, blockchain));
      return row?.height ?? 0;
    },

    view: (blockchain) => ledgerView(db, blockchain),

    /**
     * The chain's row is locked (created first if new) for the whole admission: a second admission on the chain
     * waits, so two transactions spending the same balance, nonce or output cannot both pass their checks. A
     * block being sealed meanwhile skips its turn (sealBlock takes the row SKIP LOCKED) and comes next tick.
     */
    admit(blockchain, work) {
      return transaction(db, async (t) => {
        await t.insert(devnetChains).values({ blockchain, height: 0 }).onConflictDoNothing();
        await t.select().from(devnetChains).where(eq(devnetChains.blockchain, blockchain)).for('update');
        return work(ledgerView(t, blockchain));
      });
    },

    unspent: (blockchain, address) => unspentOutputs(db, blockchain, address),

    async mintGenesisOutput(blockchain, output) {
      await db.insert(devnetOutputs).values({
        blockchain,
        txid: output.txid,
        vout: output.vout,
        address: output.address,
        value: output.value.toString(),
        createdHeight: 0,
      });
    },

    async registerAccount(blockchain, account, publicKey) {
      await registerDevnetAccount(db, blockchain, account, publicKey);
    },

    async mempool(blockchain, toAddresses) {
      if (toAddresses?.length === 0) return [];
      const rows = await db
        .select()
        .from(devnetTransactions)
        .where(
          and(
            eq(devnetTransactions.blockchain, blockchain),
            isNull(devnetTransactions.blockHeight),
            toOnly(toAddresses),
          ),
        )
        .orderBy(asc(devnetTransactions.createdAt), asc(devnetTransactions.id));
      return rows.map(toLedgerTransaction);
    },

    async mined(blockchain, fromHeight, toHeight, toAddresses) {
      if (toAddresses?.length === 0) return [];
      const rows = await db
        .select()
        .from(devnetTransactions)
        .where(
          and(
            eq(devnetTransactions.blockchain, blockchain),
            gte(devnetTransactions.blockHeight, fromHeight),
            lte(devnetTransactions.blockHeight, toHeight),
            toOnly(toAddresses),
          ),
        )
        .orderBy(asc(devnetTransactions.blockHeight), asc(devnetTransactions.createdAt), asc(devnetTransactions.id));
      return rows.map(toLedgerTransaction);
    },

    async byHash(blockchain, hash) {
      const [row] = await db
        .select()
        .from(devnetTransactions)
        .where(and(eq(devnetTransactions.blockchain, blockchain), eq(devnetTransactions.hash, hash)));
      return row ? toLedgerTransaction(row) : null;
    },

    /**
     * The chain's row is taken FOR UPDATE SKIP LOCKED: a second engine sealing the same chain at the same moment
     * skips it (null) instead of waiting and then mining a second block. The height and the mempool's inclusion
     * commit together, so a crash leaves either the old block or the whole new one.
     */
    async sealBlock(blockchain) {
      return transaction(db, async (t) => {
        const [chain] = await t
          .select()
          .from(devnetChains)
          .where(eq(devnetChains.blockchain, blockchain))
          .for('update', { skipLocked: true });
        if (!chain) return null;
        const now = opts.now();
        const minMs = opts.minBlockIntervalMs ?? 0;
        if (minMs > 0 && now.getTime() - chain.producedAt.getTime() < minMs) return null;
        const height = chain.height + 1;
        await t.update(devnetChains).set({ height, producedAt: now }).where(eq(devnetChains.blockchain, blockchain));
        const included = await t
          .update(devnetTransactions)
          .set({ blockHeight: height })
          .where(and(eq(devnetTransactions.blockchain, blockchain), isNull(devnetTransactions.blockHeight)))
          .returning({ id: devnetTransactions.id });
        // Outputs of the transactions just mined become confirmed (spendable for the node's `unspent`).
        await t
          .update(devnetOutputs)
          .set({ createdHeight: height })
          .where(and(eq(devnetOutputs.blockchain, blockchain), isNull(devnetOutputs.createdHeight)));
        return { height, included: included.length };
      });
    },

    async chains() {
      const rows = await db
        .select({ blockchain: devnetChains.blockchain, height: devnetChains.height })
        .from(devnetChains)
        .orderBy(asc(devnetChains.blockchain));
      return rows.map((r) => ({ blockchain: r.blockchain as Blockchain, height: r.height }));
    },

    async latest(limit) {
      const rows = await db
        .select()
        .from(devnetTransactions)
        .orderBy(desc(devnetTransactions.createdAt), desc(sql`${devnetTransactions.id}`))
        .limit(limit);
      return rows.map(toLedgerTransaction);
    },
  };
}

/** Registers an EOS-type account's key on the devnet (again: the newer key wins, as `updateauth` would). */
export async function registerDevnetAccount(db: Db, blockchain: Blockchain, account: string, publicKey: string) {
  await db
    .insert(devnetAccounts)
    .values({ blockchain, account, publicKey })
    .onConflictDoUpdate({ target: [devnetAccounts.blockchain, devnetAccounts.account], set: { publicKey } });
}
