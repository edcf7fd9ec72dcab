// Taking a SIGNED row to send it. The node is called outside any database transaction (the devnet's node writes
// through the same database), so the decision to send is recorded first, under the locks a cancellation takes:
// the request's row (shared here, exclusive for a cancellation) and the transfer's row. From `sentAt` on, the
// transaction may be on the network, and a cancellation replaces it instead of discarding it
// (modules/withdrawals/transfer-cancel.service.ts).
import { eq, sql } from 'drizzle-orm';
import { type Db, transaction } from '../../db/client.js';
import { chainTransactions, requests } from '../../db/schema/index.js';
import { discardUnsent } from '../../modules/withdrawals/transfer-cancel.service.js';
import type { ChainTransactionRow } from './chain-transactions.repository.js';

/** send: the row is marked sent, go; moved: another step moved it; discarded: its request was canceled. */
export type SendClaim = 'send' | 'moved' | 'discarded';

export async function claimSend(db: Db, row: ChainTransactionRow): Promise<SendClaim> {
  return transaction(db, async (tx) => {
    let canceled = false;
    if (row.requestId !== null) {
      const [request] = await tx
        .select({ status: requests.status })
        .from(requests)
        .where(eq(requests.id, row.requestId))
        .for('share');
      canceled = request?.status === 'CANCELED';
    }
    const [current] = await tx.select().from(chainTransactions).where(eq(chainTransactions.id, row.id)).for('update');
    if (current?.status !== 'SIGNED') return 'moved';
    if (current.sentAt !== null) return 'send'; // sent before (an engine died after): the same bytes again
    // A request canceled while nothing was sent, but whose transfer was built after (the engine's handler raced
    // the cancellation): never sent.
    if (canceled) return (await discardUnsent(tx, current)) ? 'discarded' : 'moved';
    await tx.update(chainTransactions).set({ sentAt: sql`now()` }).where(eq(chainTransactions.id, row.id));
    return 'send';
  });
}
