// Speeding up a stuck EVM transfer: the same transaction (nonce, receiver, value, calldata, gas) at higher fees, as
// the request's next attempt. The old attempt is REPLACED and the new one BUILT in one database transaction; the
// executor sends it like any other. Whichever of the two the chain mines ends CONFIRMED: if the replacement is
// refused or arrives after the old one was mined, the executor follows the old one again (executor.ts, fail).
import { type EvmFees, type EvmUnsignedTransfer, evmTermsOf, replaceEvmTransfer } from '@vaultline/chains';
import type { Blockchain, ErrorCode } from '@vaultline/contracts';
import { type Db, transaction } from '../../db/client.js';
import type { EvmChainNode } from './chain-node.js';
import { type ChainTransactionRow, chainTransactionsRepository } from './chain-transactions.repository.js';

/** Why a speed-up was refused: 4112 already replaced or processed; 4113 the same gas price was used. */
export class SpeedUpRefused extends Error {
  constructor(readonly code: ErrorCode) {
    super(`Speed-up refused (${code})`);
    this.name = 'SpeedUpRefused';
  }
}

/** `value` raised by `percent`, rounded up: the least a replacement may offer. */
const raised = (value: bigint, percent: bigint) => (value * (100n + percent) + 99n) / 100n;

/**
 * The BUILT replacement of `rowId` at `fees`, or at the node's suggestion raised to at least 10% above the old
 * fees when none are given.
 */
export async function speedUpEvmTransfer(
  db: Db,
  node: EvmChainNode,
  rowId: string,
  fees?: EvmFees,
): Promise<ChainTransactionRow> {
  const suggested = fees ?? (await node.suggestFees()); // outside the lock: a node call
  return transaction(db, async (tx) => {
    const repo = chainTransactionsRepository(tx);
    const current = await repo.find(rowId);
    if (!current || current.sequence === null || current.requestId === null) throw new SpeedUpRefused('4112');
    await repo.lockSender(current.blockchain, current.fromAddress);
    const row = (await repo.find(rowId))!;
    // Mined, failed or replaced already, or not yet signed (then there is nothing stuck to replace).
    if (row.status !== 'SIGNED' && row.status !== 'BROADCAST') throw new SpeedUpRefused('4112');
    const latest = await repo.findByPurpose(row.requestId!, row.purpose);
    if (latest?.id !== row.id) throw new SpeedUpRefused('4112');

    const old: EvmUnsignedTransfer = {
      family: 'evm',
      blockchain: row.blockchain as Blockchain,
      payload: row.payload,
      fee: BigInt(row.fee),
      fromAddress: row.fromAddress,
      nonce: row.sequence!,
    };
    const { maxFeePerGas, maxPriorityFeePerGas } = evmTermsOf(row.payload);
    const offered: EvmFees = fees ?? {
      maxFeePerGas: max(suggested.maxFeePerGas, raised(maxFeePerGas, 10n)),
      maxPriorityFeePerGas: max(suggested.maxPriorityFeePerGas, raised(maxPriorityFeePerGas, 10n)),
    };
    let replacement: EvmUnsignedTransfer;
    try {
      replacement = replaceEvmTransfer(old, offered);
    } catch (error) {
      if (error instanceof Error && 'reason' in error && error.reason === 'REPLACEMENT_UNDERPRICED') {
        throw new SpeedUpRefused('4113');
      }
      throw error;
    }
    await repo.transition(row.id, ['SIGNED', 'BROADCAST'], { status: 'REPLACED', failureCode: '4112' });
    const { id: _id, createdAt: _c, updatedAt: _u, ...kept } = row;
    return repo.insert({
      ...kept,
      attempt: row.attempt + 1,
      status: 'BUILT',
      payload: replacement.payload,
      fee: replacement.fee.toString(),
      raw: null,
      hash: null,
      blockHeight: null,
      blockHash: null,
      confirmations: 0,
      failureCode: null,
    });
  });
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
