// Turns a transfer intent into a BUILT row, the same way for every family: the node's state that does not depend on
// our own counters (fees, gas, a recent blockhash, a reference block) is fetched first; then, under the sender's
// lock, the family's planner hands out what must not be handed out twice (an EVM nonce, bitcoin outputs) and the
// unsigned transaction is built and stored in one database transaction. A crash before the commit leaves nothing;
// after it, the row is there and a retry finds it.
import { TransferBuildError } from '@vaultline/chains';
import { type Blockchain, type ErrorCode, LIMITS } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import type { AnyChainNode } from './chain-node.js';
import {
  type ChainTransactionRow,
  type ChainTransactionsRepository,
  chainTransactionsRepository,
} from './chain-transactions.repository.js';

export interface OutgoingTransfer {
  organizationId: string;
  /** The request the transfer carries out; with `purpose`, what makes a retried job find its row. */
  requestId: string | null;
  purpose: string;
  blockchain: Blockchain;
  fromAddress: string;
  toAddress: string;
  tokenId: string;
  /** Base units of the token. */
  amount: bigint;
  /** EOS-type only (an exchange's deposit memo); other families refuse one. */
  memo?: string | undefined;
  /**
   * EVM only: calldata (0x hex) of a contract call. Then `toAddress` is the contract, `tokenId` the native coin and
   * `amount` the value sent with the call (0 allowed). Other families refuse it. It has no column: the payload holds
   * it, and a row is rebuilt from its columns (intentOf) only after a Solana or EOS-type expiry, never an EVM one.
   */
  data?: string | undefined;
}

/** What a planner stores of the unsigned transaction besides the intent. */
export interface PlannedTransaction {
  payload: Uint8Array;
  fee: bigint;
  sequence?: number;
  /** The sender's counter after this one (EVM): written in the same database transaction. */
  nextSequence?: number;
  spends?: string[];
  validUntilHeight?: bigint;
  expiresAt?: Date;
  /** EOS-type: the chain id the transaction was built for (its signature commits to it). */
  chainId?: string;
}

/** Nothing can be built right now, but it may be later (bitcoin outputs held by a transaction in flight). */
export class TransferRetryLater extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryAfterMs: number,
  ) {
    super(`Transfer cannot be built yet (${code}); retry in ${retryAfterMs} ms`);
    this.name = 'TransferRetryLater';
  }
}

export const lockedOutputsRetry = () => new TransferRetryLater('4114', LIMITS.LOCKED_OUTPUT_RETRY_SECONDS * 1000);

export interface TransferPlanner<Quote extends object = object> {
  readonly node: AnyChainNode;
  /** Outside any lock: the node's state the transaction depends on, or the catalogue code of why it cannot be. */
  quote(intent: OutgoingTransfer): Promise<Quote | ErrorCode>;
  /** Under the sender's lock, in the database transaction that stores the row. */
  plan(
    repo: ChainTransactionsRepository,
    intent: OutgoingTransfer,
    quote: Quote,
    sender: { nextSequence: number },
  ): Promise<PlannedTransaction | ErrorCode>;
}

export const BUILD_FAILURE_CODES: Record<TransferBuildError['reason'], ErrorCode> = {
  INSUFFICIENT_FUNDS: '4',
  AMOUNT_TOO_SMALL: '4000',
  INVALID_ADDRESS: '3',
  UNSUPPORTED_TOKEN: '4000',
  MEMO_NOT_SUPPORTED: '4000',
};

/** A builder's refusal as a catalogue code; anything else is a bug or an outage and is thrown on. */
export async function codeOfBuildFailure<T>(build: () => T | Promise<T>): Promise<T | ErrorCode> {
  try {
    return await build();
  } catch (error) {
    if (error instanceof TransferBuildError) return BUILD_FAILURE_CODES[error.reason];
    throw error;
  }
}

/**
 * The intent of a stored row, to build its next attempt. Only expired Solana and EOS-type rows are rebuilt
 * (executor.ts, nextAttempt); EVM rows never are (a stuck one is sped up from its payload, which keeps the
 * calldata: evm-speed-up.ts), so a contract call's `data`, which has no column, is not needed here.
 */
export const intentOf = (row: ChainTransactionRow): OutgoingTransfer => ({
  organizationId: row.organizationId,
  requestId: row.requestId,
  purpose: row.purpose,
  blockchain: row.blockchain as Blockchain,
  fromAddress: row.fromAddress,
  toAddress: row.toAddress,
  tokenId: row.tokenId,
  amount: BigInt(row.amount),
  memo: row.memo ?? undefined,
});

/**
 * The BUILT (or, when the builder refuses, FAILED) row of `intent`; the existing row when the request's purpose has
 * one already. `replacing`: an expired row whose next attempt this is, DROPPED in the same database transaction.
 */
export async function createTransfer<Quote extends object>(
  db: Db,
  planner: TransferPlanner<Quote>,
  intent: OutgoingTransfer,
  replacing?: ChainTransactionRow,
): Promise<ChainTransactionRow> {
  const attempt = replacing ? replacing.attempt + 1 : 1;
  if (intent.requestId && !replacing) {
    const existing = await chainTransactionsRepository(db).findByPurpose(intent.requestId, intent.purpose);
    if (existing) return existing;
  }
  const quoted = await codeOfBuildFailure(() => {
    // Calldata is an EVM contract call's; no other family's planner knows what to do with it.
    if (intent.data !== undefined && planner.node.family !== 'evm') {
      throw new TransferBuildError('UNSUPPORTED_TOKEN', `${intent.blockchain} transfers cannot carry calldata`);
    }
    return planner.quote(intent);
  });
  const row = {
    organizationId: intent.organizationId,
    requestId: intent.requestId,
    purpose: intent.purpose,
    attempt,
    blockchain: intent.blockchain,
    fromAddress: intent.fromAddress,
    toAddress: intent.toAddress,
    tokenId: intent.tokenId,
    amount: intent.amount.toString(),
    memo: intent.memo ?? null,
  };
  const failed = (failureCode: ErrorCode) => ({
    ...row,
    status: 'FAILED' as const,
    payload: new Uint8Array(),
    fee: '0',
    failureCode,
  });

  return transaction(db, async (tx) => {
    const repo = chainTransactionsRepository(tx);
    const sender = await repo.lockSender(intent.blockchain, intent.fromAddress);
    if (replacing) {
      // Another executor may have replaced it while we quoted: then its successor is the row. (A cold wallet's row
      // expires BUILT, still waiting for its signer; a signature handed in from now on finds it DROPPED: 4112.)
      const dropped = await repo.transition(replacing.id, ['BUILT', 'SIGNED', 'BROADCAST'], {
        status: 'DROPPED',
        failureCode: '4111',
      });
      if (!dropped) return (await repo.findByPurpose(intent.requestId!, intent.purpose)) ?? replacing;
    } else if (intent.requestId) {
      // A second job for the same request waited for the lock above; it finds the first one's row now.
      const raced = await repo.findByPurpose(intent.requestId, intent.purpose);
      if (raced) return raced;
    }
    if (typeof quoted === 'string') return repo.insert(failed(quoted));
    const planned = await codeOfBuildFailure(() => planner.plan(repo, intent, quoted, sender));
    if (typeof planned === 'string') return repo.insert(failed(planned));
    const built = await repo.insert({
      ...row,
      status: 'BUILT',
      payload: planned.payload,
      fee: planned.fee.toString(),
      sequence: planned.sequence ?? null,
      spends: planned.spends ?? null,
      validUntilHeight: planned.validUntilHeight === undefined ? null : planned.validUntilHeight.toString(),
      expiresAt: planned.expiresAt ?? null,
      chainId: planned.chainId ?? null,
    });
    if (planned.nextSequence !== undefined) {
      await repo.setNextSequence(intent.blockchain, intent.fromAddress, planned.nextSequence);
    }
    return built;
  });
}
