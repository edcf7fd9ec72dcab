// Canceling a request's chain transfer while it executes. A transfer not yet handed to a node (BUILT, or SIGNED and
// never taken to be sent) is discarded: FAILED, its nonce given back or filled, its outpoints free again. One that may
// be on the network can only be outrun: on EVM a zero-value transfer to the sender itself at the same nonce and
// higher fees, which the chain mines instead of the original (or not: then the original completes normally).
//
// Serialization: the engine takes a SIGNED row to send it (engine/transactions/send-claim.ts) in one transaction
// holding the request's row (shared) and the transfer's row; a cancellation holds the request's row (exclusive), the
// sender's and the transfer's. So either the engine marked the row sent first (the cancellation then replaces it) or
// the cancellation discarded it first (the engine then finds it FAILED and sends nothing).
import { buildEvmNonceFiller, type EvmFees, evmTermsOf } from '@vaultline/chains';
import { type Blockchain, type ErrorCode, familyOf, nativeToken } from '@vaultline/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chainSenders, chainTransactions } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';

type TransferRow = typeof chainTransactions.$inferSelect;

/** The code a discarded or replaced transfer carries: 4112, already replaced or processed. */
export const CANCELED_TRANSFER_CODE: ErrorCode = '4112';

/** How much a cancellation's replacement raises the original's fees (a node wants at least 10%). */
const REPLACEMENT_RAISE_PERCENT = 25n;

const raised = (value: bigint) => (value * (100n + REPLACEMENT_RAISE_PERCENT) + 99n) / 100n;

/** The sender's row, locked: everything that hands out or gives back a nonce runs under it (as the executor does). */
async function lockSender(tx: Db, blockchain: string, address: string) {
  await tx.insert(chainSenders).values({ blockchain, address }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(chainSenders)
    .where(and(eq(chainSenders.blockchain, blockchain), eq(chainSenders.address, address)))
    .for('update');
  return row!;
}

/** The BUILT zero-value transfer from the sender to itself at `row`'s nonce, at `fees`; `request` when it has one. */
export function selfTransferAt(
  row: TransferRow,
  fees: EvmFees,
  request: { requestId: string; attempt: number } | null,
) {
  const blockchain = row.blockchain as Blockchain;
  const terms = evmTermsOf(row.payload);
  const unsigned = buildEvmNonceFiller(blockchain, row.fromAddress, { ...terms, ...fees });
  return {
    organizationId: row.organizationId,
    requestId: request?.requestId ?? null,
    // Without a request it is the executor's nonce filler (executor.ts NONCE_FILLER_PURPOSE).
    purpose: request ? row.purpose : 'NONCE_FILLER',
    attempt: request?.attempt ?? 1,
    blockchain,
    fromAddress: row.fromAddress,
    toAddress: row.fromAddress,
    tokenId: nativeToken(blockchain).tokenId,
    amount: '0',
    status: 'BUILT' as const,
    sequence: row.sequence,
    payload: unsigned.payload,
    fee: unsigned.fee.toString(),
  };
}

/**
 * Discards the row if it was never taken to be sent (BUILT, or SIGNED with no `sentAt`), in `tx`: FAILED with
 * `code`, and its nonce not left a gap (handed out again when it was the sender's last, else filled by a zero-value
 * transfer to the sender at the same fees, so the later ones go through). Whether it was discarded.
 */
export async function discardUnsent(tx: Db, row: TransferRow, code: ErrorCode = CANCELED_TRANSFER_CODE) {
  const sender = await lockSender(tx, row.blockchain, row.fromAddress);
  const [ended] = await tx
    .update(chainTransactions)
    .set({ status: 'FAILED', failureCode: code, updatedAt: sql`now()` })
    .where(
      and(
        eq(chainTransactions.id, row.id),
        inArray(chainTransactions.status, ['BUILT', 'SIGNED']),
        isNull(chainTransactions.sentAt),
      ),
    )
    .returning();
  if (!ended) return false;
  if (ended.sequence !== null) {
    if (sender.nextSequence === ended.sequence + 1) {
      await tx
        .update(chainSenders)
        .set({ nextSequence: ended.sequence, updatedAt: sql`now()` })
        .where(and(eq(chainSenders.blockchain, ended.blockchain), eq(chainSenders.address, ended.fromAddress)));
    } else {
      await tx.insert(chainTransactions).values(selfTransferAt(ended, evmTermsOf(ended.payload), null));
    }
  }
  return true;
}

/** What a cancellation did: the transfer is gone (the request ends now), or a replacement races it on the chain. */
export type TransferCancel = { kind: 'discarded' } | { kind: 'replacing'; replacementId: string };

const OPEN = ['BUILT', 'SIGNED', 'BROADCAST'] as const;

/**
 * The attempt that tells how a request's transfer stands, from its attempts newest first: one still open, else
 * the one mined (a cancellation's replacement or the original it raced), else one included but failed, else the
 * newest. A replacement refused or beaten leaves the original followed again, so "newest" alone would mislead.
 */
export function currentAttempt<T extends Pick<TransferRow, 'status' | 'blockHeight'>>(attempts: T[]): T | undefined {
  return (
    attempts.find((a) => (OPEN as readonly string[]).includes(a.status)) ??
    attempts.find((a) => a.status === 'CONFIRMED') ??
    attempts.find((a) => a.status === 'FAILED' && a.blockHeight !== null) ??
    attempts[0]
  );
}

/**
 * Cancels the request's transfer of `purpose`, in the caller's transaction with the request locked. Nothing built
 * yet counts as discarded (the engine sends nothing for a canceled request). Refused with 4112 when the transfer is
 * final already, or may be on the network outside EVM.
 */
export async function cancelTransfer(tx: Db, requestId: string, purpose: string): Promise<TransferCancel> {
  const rows = await tx
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.requestId, requestId), eq(chainTransactions.purpose, purpose)))
    .orderBy(desc(chainTransactions.attempt));
  if (rows.length === 0) return { kind: 'discarded' };
  const open = rows.find((r) => (OPEN as readonly string[]).includes(r.status));
  if (!open) throw new AppError('4112', { reason: 'transfer-final' });
  // Lock order: request (the caller's), sender, transfer, as discarding and the executor's refusals take them.
  await lockSender(tx, open.blockchain, open.fromAddress);
  const [row] = await tx.select().from(chainTransactions).where(eq(chainTransactions.id, open.id)).for('update');
  if (!row) throw new AppError('4112', { reason: 'transfer-final' });
  if (row.status === 'BUILT' || (row.status === 'SIGNED' && row.sentAt === null)) {
    if (await discardUnsent(tx, row)) return { kind: 'discarded' };
  }
  if (row.status !== 'SIGNED' && row.status !== 'BROADCAST') throw new AppError('4112', { reason: 'transfer-final' });
  if (familyOf(row.blockchain as Blockchain) !== 'evm' || row.sequence === null) {
    throw new AppError('4112', { reason: 'already-broadcast' });
  }
  const { maxFeePerGas, maxPriorityFeePerGas } = evmTermsOf(row.payload);
  const fees = { maxFeePerGas: raised(maxFeePerGas), maxPriorityFeePerGas: raised(maxPriorityFeePerGas) };
  // The original leaves the sender's nonce index as the speed-up's does; the executor follows it again if the
  // replacement is refused or arrives after the original was mined (executor.ts, fail).
  await tx
    .update(chainTransactions)
    .set({ status: 'REPLACED', failureCode: CANCELED_TRANSFER_CODE, updatedAt: sql`now()` })
    .where(eq(chainTransactions.id, row.id));
  const [replacement] = await tx
    .insert(chainTransactions)
    .values(selfTransferAt(row, fees, { requestId, attempt: rows[0]!.attempt + 1 }))
    .returning({ id: chainTransactions.id });
  return { kind: 'replacing', replacementId: replacement!.id };
}
