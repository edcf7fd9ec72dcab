// Advances one chain_transactions row a step at a time, each step its own database transaction and safe to repeat:
//   BUILT → SIGNED: the signed bytes and their hash are stored with the status, before anything is broadcast;
//   SIGNED → BROADCAST: once the node accepted the bytes, or already had them;
//   BROADCAST → CONFIRMED at the configured confirmations, or FAILED / DROPPED / REPLACED with a catalogue code.
// An engine killed anywhere resumes from the stored row: SIGNED and BROADCAST rows are sent again with the same
// bytes, never signed again, and "nonce too low" (or "input spent") for a hash of ours means "look it up".
// A transaction that expired unseen (Solana blockhash, EOS-type expiration) can never land: it is DROPPED and the
// next attempt of the same transfer is built, in one database transaction.
// The state machine is the same for every family; what differs (building, the node) comes with the planner.
import { buildEvmNonceFiller, type EvmToken, evmTermsOf } from '@vaultline/chains';
import { type Blockchain, type ErrorCode, nativeToken } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import type { ChainTransactionStatus } from '../../db/schema/index.js';
import { requestProgress } from '../../modules/approvals/request-execution.service.js';
import { walletCustody } from '../../modules/wallets/wallet-custody.service.js';
import type { AnyChainNode, BroadcastOutcome, ChainRefusal } from './chain-node.js';
import { type ChainTransactionRow, chainTransactionsRepository } from './chain-transactions.repository.js';
import { plannerFor } from './planners.js';
import { REFUSAL_CODES, REVERTED_CODE } from './refusal-codes.js';
import { claimSend } from './send-claim.js';
import type { TransactionSigner } from './signer.js';
import { durableNonceOf, nonceMovedOn } from './sol-durable-rows.js';
import { createTransfer, intentOf, type OutgoingTransfer, type TransferPlanner } from './transfer-planner.js';

/** Where a test may have the engine killed, to prove that every point resumes to one transaction. */
export const CRASH_POINTS = [
  'before-signed-write',
  'after-signed',
  'before-broadcast-write',
  'after-broadcast',
  'before-confirmed-write',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export const FINAL_STATUSES: readonly ChainTransactionStatus[] = ['CONFIRMED', 'FAILED', 'DROPPED', 'REPLACED'];

export interface ExecutorDeps {
  db: Db;
  node: AnyChainNode;
  signer: TransactionSigner;
  /** How transfers are built on this node; by default the family's planner over the catalogue's tokens. */
  planner?: TransferPlanner;
  /** Blocks counting the including one before a transaction is CONFIRMED. */
  confirmations: number;
  /** EVM: tokens by id, for a test token deployed where the catalogue does not know it. */
  tokenOf?: (tokenId: string) => EvmToken;
  /** Test runs only: called at each crash point. */
  checkpoint?: (point: CrashPoint) => void;
}

/**
 * Refusals after which nothing (ours or another's) holds the nonce, so it may be handed out again. A used nonce
 * (SEQUENCE_USED) or one held in the pool by another transaction (REPLACEMENT_UNDERPRICED) is not ours to give back.
 */
const NONCE_STAYS_FREE: ReadonlySet<ChainRefusal> = new Set([
  'INSUFFICIENT_FUNDS',
  'INVALID_SIGNATURE',
  'WRONG_CHAIN',
  'FEE_TOO_LOW',
  'MALFORMED',
  'EXPIRED',
  'UNKNOWN',
]);

/** Refusals that may mean our own transaction got there first (mined while we were down): look the hash up. */
const MAYBE_OURS: ReadonlySet<ChainRefusal> = new Set(['SEQUENCE_USED', 'INPUT_SPENT']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Purpose of a zero-value self-transfer that takes a freed nonce behind later ones. */
export const NONCE_FILLER_PURPOSE = 'NONCE_FILLER';

/** The BUILT row of a zero-value transfer from the sender to itself at the failed row's nonce and fees; no request. */
function nonceFiller(failed: ChainTransactionRow) {
  const blockchain = failed.blockchain as Blockchain;
  const unsigned = buildEvmNonceFiller(blockchain, failed.fromAddress, evmTermsOf(failed.payload));
  return {
    organizationId: failed.organizationId,
    requestId: null,
    purpose: NONCE_FILLER_PURPOSE,
    blockchain,
    fromAddress: failed.fromAddress,
    toAddress: failed.fromAddress,
    tokenId: nativeToken(blockchain).tokenId,
    amount: '0',
    status: 'BUILT' as const,
    sequence: failed.sequence,
    payload: unsigned.payload,
    fee: unsigned.fee.toString(),
  };
}

export function transactionExecutor(deps: ExecutorDeps) {
  const { db, node, signer } = deps;
  const planner = deps.planner ?? plannerFor(node, db, { evmTokenOf: deps.tokenOf });
  const repo = chainTransactionsRepository(db);
  const checkpoint = (point: CrashPoint) => deps.checkpoint?.(point);
  /** The row after a step; when a concurrent executor moved it first, as that one left it. */
  const moved = async (row: ChainTransactionRow | undefined, id: string) => row ?? (await repo.find(id))!;

  async function sign(row: ChainTransactionRow) {
    // A cold wallet's transaction waits, BUILT, for its air-gapped signer (the signing queue); no key is derived.
    if (await walletCustody(db, row.organizationId).coldWallet(row.blockchain, row.fromAddress)) {
      // Still unsigned past its expiration (EOS-type) or blockhash (Solana), it could never land: the queue is
      // given the next attempt to sign instead, and a signature handed in for this one is refused (4112).
      if (await expired(row)) return nextAttempt(row);
      if (row.requestId) await requestProgress(db, row.organizationId, row.requestId, 'SIGNING');
      return row;
    }
    const signed = await signer.sign({
      organizationId: row.organizationId,
      blockchain: row.blockchain as Blockchain,
      fromAddress: row.fromAddress,
      payload: row.payload,
      fee: BigInt(row.fee),
      sequence: row.sequence,
      ...(node.family === 'eosio' ? { eosChainId: await node.chainId() } : {}),
    });
    checkpoint('before-signed-write');
    const next = await repo.transition(row.id, ['BUILT'], { status: 'SIGNED', raw: signed.raw, hash: signed.hash });
    checkpoint('after-signed');
    return moved(next, row.id);
  }

  /** The node has the transaction (accepted now, known before, or mined already): BROADCAST. */
  async function markBroadcast(row: ChainTransactionRow) {
    checkpoint('before-broadcast-write');
    const next = await repo.transition(row.id, ['SIGNED'], { status: 'BROADCAST' });
    checkpoint('after-broadcast');
    return moved(next, row.id);
  }

  /**
   * A refusal that ends the row. When the nonce stays free it must not stay a gap: as the sender's last it is handed
   * out again; behind later ones (already sent, waiting for it) it is filled with a zero-value transfer to the
   * sender itself, so the transactions queued after it go through.
   */
  async function fail(row: ChainTransactionRow, from: ChainTransactionStatus[], reason: ChainRefusal) {
    const status: ChainTransactionStatus = MAYBE_OURS.has(reason)
      ? 'REPLACED'
      : from[0] === 'BROADCAST'
        ? 'DROPPED'
        : 'FAILED';
    const failureCode: ErrorCode = REFUSAL_CODES[reason];
    const next = await transaction(db, async (tx) => {
      const txRepo = chainTransactionsRepository(tx);
      const sender = await txRepo.lockSender(row.blockchain, row.fromAddress);
      const ended = await txRepo.transition(row.id, from, { status, failureCode });
      // A fee replacement that did not take: the transaction it was to replace holds the nonce again (still pooled,
      // or mined before the replacement arrived), so it is followed again rather than the nonce given back.
      const replaced = ended && (await txRepo.replacedBy(row));
      if (replaced) {
        await txRepo.transition(replaced.id, ['REPLACED'], { status: 'BROADCAST', failureCode: null });
        return ended;
      }
      if (!ended || row.sequence === null || !NONCE_STAYS_FREE.has(reason)) return ended;
      if (sender.nextSequence === row.sequence + 1) {
        await txRepo.setNextSequence(row.blockchain, row.fromAddress, row.sequence);
      } else {
        await txRepo.insert(nonceFiller(row));
      }
      return ended;
    });
    return moved(next, row.id);
  }

  /** What to do with the node's answer to our bytes, for a row in `from`. */
  async function afterBroadcast(row: ChainTransactionRow, outcome: BroadcastOutcome, from: ChainTransactionStatus[]) {
    if (outcome.kind !== 'refused') return from[0] === 'SIGNED' ? markBroadcast(row) : row;
    if (MAYBE_OURS.has(outcome.reason) || outcome.reason === 'EXPIRED') {
      // Our own transaction may be the one that used the nonce (mined while we were down): look it up. Bytes that
      // landed before their blockhash expired are refused as expired on a resend (the age is checked before the
      // processed signatures), so an expiry is looked up too before another attempt would pay a second time.
      const state = await node.status(row.hash!);
      if (state.state !== 'unknown') return from[0] === 'SIGNED' ? markBroadcast(row) : row;
    }
    if (outcome.reason === 'EXPIRED') {
      // A durable nonce does not age: refused as expired while the nonce is still ours (a node behind the one that
      // was read), the same bytes are sent again on the next sweep rather than a second transaction built.
      if (node.family === 'sol' && durableNonceOf(row) && !(await expired(row))) return row;
      return nextAttempt(row);
    }
    return fail(row, from, outcome.reason);
  }

  /**
   * Whether the row's transaction can no longer be included: its blockhash or expiration is past on the node, or
   * (Solana, built on a durable nonce) the nonce account moved on without it.
   */
  async function expired(row: ChainTransactionRow) {
    if (node.family === 'sol' && row.validUntilHeight !== null) {
      return (await node.blockHeight()) > BigInt(row.validUntilHeight);
    }
    if (node.family === 'sol') return nonceMovedOn(node, row);
    if (node.family === 'eosio' && row.expiresAt !== null) return (await node.headTime()) > row.expiresAt;
    return false;
  }

  /** The expired row DROPPED and the same transfer built again, as its next attempt; the new row is returned. */
  async function nextAttempt(row: ChainTransactionRow) {
    return createTransfer(db, planner, intentOf(row), row);
  }

  async function broadcast(row: ChainTransactionRow) {
    // Recorded as taken to be sent first, under the locks a cancellation takes: exactly one of the two wins.
    if ((await claimSend(db, row)) !== 'send') return (await repo.find(row.id))!;
    return afterBroadcast(row, await node.broadcast(row.raw!, row.hash!), ['SIGNED']);
  }

  async function follow(row: ChainTransactionRow) {
    const state = await node.status(row.hash!);
    if (state.state === 'pending') return row;
    if (state.state === 'unknown') {
      if (await expired(row)) return nextAttempt(row);
      // Dropped from the pool (a restarted node, an eviction): the same bytes again, never a new signature.
      return afterBroadcast(row, await node.broadcast(row.raw!, row.hash!), ['BROADCAST']);
    }
    const block = {
      blockHeight: String(state.blockHeight),
      blockHash: state.blockHash,
      ...(state.feePaid === undefined ? {} : { feePaid: state.feePaid.toString() }),
    };
    if (state.state === 'failed') {
      return moved(
        await repo.transition(row.id, ['BROADCAST'], { status: 'FAILED', failureCode: REVERTED_CODE, ...block }),
        row.id,
      );
    }
    if (state.confirmations < deps.confirmations) {
      await repo.recordInclusion(row.id, state.blockHeight, state.blockHash, state.confirmations);
      return (await repo.find(row.id))!;
    }
    checkpoint('before-confirmed-write');
    const next = await repo.transition(row.id, ['BROADCAST'], {
      status: 'CONFIRMED',
      ...block,
      confirmations: state.confirmations,
    });
    return moved(next, row.id);
  }

  /** One step of the row; a final row is returned as it is. */
  async function advance(id: string): Promise<ChainTransactionRow> {
    const row = await repo.find(id);
    if (!row) throw new Error(`No chain transaction ${id}`);
    switch (row.status) {
      case 'BUILT':
        return sign(row);
      case 'SIGNED':
        return broadcast(row);
      case 'BROADCAST':
        return follow(row);
      default:
        return row;
    }
  }

  return {
    create: (intent: OutgoingTransfer) => createTransfer(db, planner, intent),
    /** One step; the returned row is the next attempt's when the step replaced an expired transaction. */
    advance,

    /**
     * Steps the row (and its next attempts) until final, waiting `pollMs` whenever a step left it where it was.
     * Returns the last attempt.
     */
    async settle(id: string, options: { pollMs?: number; timeoutMs?: number } = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 60_000);
      let row = await advance(id);
      while (!FINAL_STATUSES.includes(row.status)) {
        if (Date.now() > deadline) throw new Error(`Chain transaction ${id} still ${row.status}`);
        const before = `${row.id}:${row.status}:${row.confirmations}`;
        row = await advance(row.id);
        if (`${row.id}:${row.status}:${row.confirmations}` === before) await sleep(options.pollMs ?? 50);
      }
      return row;
    },

    /** Rows a restarted engine takes up again, of `blockchains` when given. */
    open: (blockchains?: readonly string[]) => repo.open(blockchains),
  };
}

export type TransactionExecutor = ReturnType<typeof transactionExecutor>;
