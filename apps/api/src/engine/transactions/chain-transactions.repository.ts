// Reads and writes of chain_transactions and chain_senders. Every status change is conditional on the status it
// leaves, so two executors advancing one row never both apply a step: the loser's update matches nothing.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ChainTransactionStatus, chainSenders, chainTransactions } from '../../db/schema/index.js';

export type ChainTransactionRow = typeof chainTransactions.$inferSelect;
export type NewChainTransaction = typeof chainTransactions.$inferInsert;
export type ChainTransactionsRepository = ReturnType<typeof chainTransactionsRepository>;

export function chainTransactionsRepository(db: Db) {
  return {
    async find(id: string) {
      const [row] = await db.select().from(chainTransactions).where(eq(chainTransactions.id, id));
      return row;
    },

    /** The request's transaction for `purpose`: its latest attempt. */
    async findByPurpose(requestId: string, purpose: string) {
      const [row] = await db
        .select()
        .from(chainTransactions)
        .where(and(eq(chainTransactions.requestId, requestId), eq(chainTransactions.purpose, purpose)))
        .orderBy(desc(chainTransactions.attempt))
        .limit(1);
      return row;
    },

    /**
     * bitcoin-type: outpoints (`txid:vout`) the sender's transactions spend or spent: those in flight (the node lists
     * them as unspent until a block includes the spender) and those mined or beaten to it (a list of outputs read a
     * moment ago may still show them). Only a transaction the network never kept (FAILED, DROPPED) gives them back.
     */
    async lockedOutpoints(blockchain: string, address: string): Promise<Set<string>> {
      const rows = await db
        .select({ spends: chainTransactions.spends })
        .from(chainTransactions)
        .where(
          and(
            eq(chainTransactions.blockchain, blockchain),
            eq(chainTransactions.fromAddress, address),
            inArray(chainTransactions.status, ['BUILT', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'REPLACED']),
            isNotNull(chainTransactions.spends),
          ),
        );
      return new Set(rows.flatMap((row) => row.spends ?? []));
    },

    /** The attempt a fee replacement `row` was made to replace: the previous one, same nonce, left REPLACED. */
    async replacedBy(row: ChainTransactionRow) {
      if (row.requestId === null || row.sequence === null || row.attempt === 1) return undefined;
      const [previous] = await db
        .select()
        .from(chainTransactions)
        .where(
          and(
            eq(chainTransactions.requestId, row.requestId),
            eq(chainTransactions.purpose, row.purpose),
            eq(chainTransactions.attempt, row.attempt - 1),
            eq(chainTransactions.sequence, row.sequence),
            eq(chainTransactions.status, 'REPLACED'),
          ),
        );
      return previous;
    },

    async insert(values: NewChainTransaction) {
      const [row] = await db.insert(chainTransactions).values(values).returning();
      return row!;
    },

    /**
     * The sender's row, locked until the transaction ends: made on first use, so the lock always has a row to hold.
     * Everything that hands out or gives back a nonce of this address runs under it.
     */
    async lockSender(blockchain: string, address: string) {
      await db.insert(chainSenders).values({ blockchain, address }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(chainSenders)
        .where(and(eq(chainSenders.blockchain, blockchain), eq(chainSenders.address, address)))
        .for('update');
      return row!;
    },

    async setNextSequence(blockchain: string, address: string, nextSequence: number) {
      await db
        .update(chainSenders)
        .set({ nextSequence, updatedAt: sql`now()` })
        .where(and(eq(chainSenders.blockchain, blockchain), eq(chainSenders.address, address)));
    },

    /** Moves the row from one of `from` to the new values; the row when it moved, undefined when another did. */
    async transition(
      id: string,
      from: ChainTransactionStatus[],
      values: Partial<Omit<NewChainTransaction, 'id'>> & { status: ChainTransactionStatus },
    ) {
      const [row] = await db
        .update(chainTransactions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(chainTransactions.id, id), inArray(chainTransactions.status, from)))
        .returning();
      return row;
    },

    /** Confirmations seen so far, for a row still waiting for enough of them. */
    async recordInclusion(id: string, blockHeight: bigint, blockHash: string, confirmations: number) {
      await db
        .update(chainTransactions)
        .set({ blockHeight: String(blockHeight), blockHash, confirmations, updatedAt: sql`now()` })
        .where(and(eq(chainTransactions.id, id), eq(chainTransactions.status, 'BROADCAST')));
    },

    /** Rows a restarted engine must take up again (of `blockchains` when given), oldest first. */
    async open(blockchains?: readonly string[]) {
      const unfinished = inArray(chainTransactions.status, ['BUILT', 'SIGNED', 'BROADCAST']);
      return db
        .select({ id: chainTransactions.id, blockchain: chainTransactions.blockchain })
        .from(chainTransactions)
        .where(blockchains ? and(unfinished, inArray(chainTransactions.blockchain, [...blockchains])) : unfinished)
        .orderBy(asc(chainTransactions.createdAt), asc(chainTransactions.id));
    },
  };
}
