// One devnet chain's ledger as admission reads it (balances, nonces, outputs, EOS accounts), over a database handle
// or a transaction: inside LedgerStore.admit the same queries run under the chain's lock.
import type { LedgerOutputState, LedgerView } from '@vaultline/chains';
import type { Blockchain } from '@vaultline/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { devnetAccounts, devnetChains, devnetOutputs, devnetTransactions } from '../db/schema/index.js';
import { toLedgerTransaction } from './ledger-rows.js';

type OutputRow = typeof devnetOutputs.$inferSelect;

export const toOutputState = (r: OutputRow): LedgerOutputState => ({
  txid: r.txid,
  vout: r.vout,
  address: r.address,
  value: BigInt(r.value),
  spentBy: r.spentBy,
  confirmed: r.createdHeight !== null,
});

/** Exact sums of numeric(78,0) columns, as text (never through a float). */
const total = (column: typeof devnetTransactions.amount | typeof devnetTransactions.fee) =>
  sql<string>`coalesce(sum(${column}), 0)::text`;

export function ledgerView(db: Db, blockchain: Blockchain): LedgerView {
  const tx = devnetTransactions;
  const onChain = eq(tx.blockchain, blockchain);
  return {
    async height() {
      const [row] = await db
        .select({ height: devnetChains.height })
        .from(devnetChains)
        .where(eq(devnetChains.blockchain, blockchain));
      return row?.height ?? 0;
    },

    async byHash(hash) {
      const [row] = await db
        .select()
        .from(tx)
        .where(and(onChain, eq(tx.hash, hash)));
      return row ? toLedgerTransaction(row) : null;
    },

    async flows(address, tokenId) {
      const moving = and(onChain, eq(tx.tokenId, tokenId), eq(tx.willFail, false));
      const [received] = await db
        .select({ v: total(tx.amount) })
        .from(tx)
        .where(and(moving, eq(tx.toAddress, address)));
      const [sent] = await db
        .select({ v: total(tx.amount) })
        .from(tx)
        .where(and(moving, eq(tx.fromAddress, address)));
      // Fees are paid whatever the token and even when the transaction fails.
      const [fees] = await db
        .select({ v: total(tx.fee) })
        .from(tx)
        .where(and(onChain, eq(tx.fromAddress, address)));
      return { received: BigInt(received!.v), sent: BigInt(sent!.v), fees: BigInt(fees!.v) };
    },

    async nextSequence(address) {
      const [row] = await db
        .select({ next: sql<string>`coalesce(max(${tx.sequence}) + 1, 0)::text` })
        .from(tx)
        .where(and(onChain, eq(tx.fromAddress, address), isNotNull(tx.sequence)));
      return Number(row!.next);
    },

    async sequenceHolder(address, sequence) {
      const [row] = await db
        .select()
        .from(tx)
        .where(and(onChain, eq(tx.fromAddress, address), eq(tx.sequence, sequence)));
      return row ? toLedgerTransaction(row) : null;
    },

    async output(txid, vout) {
      const [row] = await db
        .select()
        .from(devnetOutputs)
        .where(
          and(eq(devnetOutputs.blockchain, blockchain), eq(devnetOutputs.txid, txid), eq(devnetOutputs.vout, vout)),
        );
      return row ? toOutputState(row) : null;
    },

    async accountKey(account) {
      const [row] = await db
        .select({ publicKey: devnetAccounts.publicKey })
        .from(devnetAccounts)
        .where(and(eq(devnetAccounts.blockchain, blockchain), eq(devnetAccounts.account, account)));
      return row?.publicKey ?? null;
    },

    async insert({ tx: t, spends, outputs }) {
      // The chain row exists from its first transaction on: block production covers the chains in use.
      await db.insert(devnetChains).values({ blockchain, height: 0 }).onConflictDoNothing();
      await db.insert(tx).values({
        blockchain,
        hash: t.hash,
        tokenId: t.tokenId,
        fromAddress: t.fromAddress,
        toAddress: t.toAddress,
        amount: t.amount.toString(),
        fee: t.fee.toString(),
        sequence: t.sequence,
        blockHeight: null,
        willFail: t.willFail,
        createdAt: t.createdAt,
      });
      for (const s of spends) {
        await db
          .update(devnetOutputs)
          .set({ spentBy: t.hash })
          .where(
            and(
              eq(devnetOutputs.blockchain, blockchain),
              eq(devnetOutputs.txid, s.txid),
              eq(devnetOutputs.vout, s.vout),
            ),
          );
      }
      if (outputs.length > 0) {
        await db.insert(devnetOutputs).values(
          outputs.map((o) => ({
            blockchain,
            txid: o.txid,
            vout: o.vout,
            address: o.address,
            value: o.value.toString(),
          })),
        );
      }
    },
  };
}

/** Unspent outputs of an address, mined or pooled (the caller filters by `confirmed`). */
export async function unspentOutputs(db: Db, blockchain: Blockchain, address: string) {
  const rows = await db
    .select()
    .from(devnetOutputs)
    .where(
      and(eq(devnetOutputs.blockchain, blockchain), eq(devnetOutputs.address, address), isNull(devnetOutputs.spentBy)),
    );
  return rows.map(toOutputState);
}
