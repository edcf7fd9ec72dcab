import { nativeToken, type RequestContentOf } from '@vaultline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetActivities, chainTransactions, requests, wallets } from '../../db/schema/index.js';
import type { RequestExecution } from '../approvals/request-execution.service.js';
import { currentAttempt } from './transfer-cancel.service.js';
import { withdrawalBalances } from './withdrawal-balances.repository.js';

/** The chain_transactions purpose of a withdrawal's transfer: one per request (the executor's idempotency key). */
export const WITHDRAWAL_PURPOSE = 'withdrawal';

type Content = RequestContentOf<'WITHDRAWAL'>;

/** The attempt that tells how the withdrawal's transfer stands (transfer-cancel.service.ts currentAttempt). */
async function transferOf(db: Db, requestId: string) {
  const attempts = await db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.requestId, requestId), eq(chainTransactions.purpose, WITHDRAWAL_PURPOSE)))
    .orderBy(desc(chainTransactions.attempt));
  return currentAttempt(attempts);
}

/** What a cancellation during execution left in the request's result: the replacement racing the transfer. */
const cancelOf = (result: Record<string, unknown> | null) =>
  (result?.cancel as { replacementId?: string } | undefined)?.replacementId ?? null;

/**
 * The engine's side of withdrawals: what an executing request sends from where, and its settlement once its
 * transaction is final. Settlement reads the rows, not events, so whichever engine sweeps next finishes a request
 * whose transaction went final while another engine died.
 */
export function withdrawalExecution(db: Db) {
  return {
    /**
     * An EXECUTING withdrawal's content, sending address and result so far (the travel rule's verdict); null when it
     * is not (any longer) executing.
     */
    async target(organizationId: string, requestId: string) {
      const [row] = await db
        .select({
          payload: requests.payload,
          status: requests.status,
          result: requests.result,
          fromAddress: wallets.address,
        })
        .from(requests)
        .innerJoin(wallets, eq(wallets.id, requests.walletId))
        .where(and(eq(requests.id, requestId), eq(requests.organizationId, organizationId)));
      if (row?.status !== 'EXECUTING') return null;
      return { content: row.payload as unknown as Content, fromAddress: row.fromAddress, result: row.result };
    },

    /** Whether the request's transfer row exists already (a retried job must not check or build twice). */
    hasTransfer: async (requestId: string) => (await transferOf(db, requestId)) !== undefined,

    /**
     * Ends every EXECUTING withdrawal whose transfer is final: CONFIRMED completes it (the amount and the fee paid
     * leave the balance, the WITHDRAWAL activity is written); FAILED or DROPPED fails it; a cancellation's replacement
     * mined cancels it (its fee paid). The hold is released by the
     * registry's onExecutionEnd in the same transaction. How many it ended.
     */
    async settleFinished(execution: RequestExecution, now: () => Date): Promise<number> {
      const open = await db
        .select({ id: requests.id, organizationId: requests.organizationId, result: requests.result })
        .from(requests)
        .where(and(eq(requests.itemType, 'WITHDRAWAL'), eq(requests.status, 'EXECUTING')))
        .limit(200);
      let ended = 0;
      for (const request of open) {
        const transfer = await transferOf(db, request.id);
        if (!transfer || !['CONFIRMED', 'FAILED', 'DROPPED'].includes(transfer.status)) continue;
        const status = await execution.finish(request.organizationId, request.id, async (tx, r) => {
          const content = r.content as Content;
          const balances = withdrawalBalances(tx, content.walletId);
          // What the network took: the node's figure once included (EVM: gas used × price), else the signed fee.
          const feePaid = BigInt(transfer.feePaid ?? transfer.fee);
          // The cancellation's replacement took the nonce: nothing was sent but its fee (CANCELED after executing).
          if (transfer.id === cancelOf(request.result) && transfer.blockHeight !== null) {
            await balances.debit(nativeToken(content.blockchain).tokenId, feePaid);
            return {
              canceled: true,
              result: { chainTransactionId: transfer.id, hash: transfer.hash, fee: `${feePaid}` },
            };
          }
          if (transfer.status !== 'CONFIRMED') {
            // Included but failed (EVM: reverted): nothing moved, but the fee is spent.
            if (transfer.blockHeight !== null) await balances.debit(nativeToken(content.blockchain).tokenId, feePaid);
            return { failure: transfer.failureCode ?? '4032' };
          }
          await balances.debit(content.tokenId, BigInt(transfer.amount));
          await balances.debit(nativeToken(content.blockchain).tokenId, feePaid);
          await tx
            .insert(assetActivities)
            .values({
              organizationId: r.organizationId,
              walletId: content.walletId,
              blockchain: content.blockchain,
              tokenId: content.tokenId,
              activityType: 'WITHDRAWAL',
              status: 'CONFIRMED',
              amount: transfer.amount,
              txHash: transfer.hash!,
              fromAddress: transfer.fromAddress,
              toAddress: transfer.toAddress,
              blockHeight: transfer.blockHeight === null ? null : Number(transfer.blockHeight),
              blockHash: transfer.blockHash,
              confirmations: transfer.confirmations,
              requiredConfirmations: transfer.confirmations,
              requestId: r.id,
              confirmedAt: now(),
            })
            .onConflictDoNothing();
          return { result: { chainTransactionId: transfer.id, hash: transfer.hash, fee: feePaid.toString() } };
        });
        if (status === 'COMPLETE' || status === 'FAILED' || status === 'CANCELED') ended++;
      }
      return ended;
    },
  };
}

export type WithdrawalExecution = ReturnType<typeof withdrawalExecution>;
