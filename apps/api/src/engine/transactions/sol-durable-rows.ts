// Solana rows built on a durable nonce (a cold wallet's transfers, sol-planner.ts) have no last block height: they
// stay valid until the nonce account's nonce moves on, which only a transaction of the account's authority (the
// cold key) does. When it moved on without ours having landed, ours can never land: the row is expired.
import { solDurableNonceOf } from '@vaultline/chains';
import type { SolChainNode } from './chain-node.js';
import type { ChainTransactionRow } from './chain-transactions.repository.js';

/** The nonce account and value a Solana row's message is built on; null for a blockhash-built one. */
export function durableNonceOf(row: ChainTransactionRow) {
  return row.validUntilHeight === null && row.payload.length > 0 ? solDurableNonceOf(row.payload) : null;
}

/**
 * Whether the row's nonce is no longer the account's and its own transaction is not on the chain. The nonce is read
 * before the signature: had ours landed (which is what advances the nonce), the status read after would see it.
 */
export async function nonceMovedOn(node: SolChainNode, row: ChainTransactionRow): Promise<boolean> {
  const durable = durableNonceOf(row);
  if (!durable || !node.nonceOf) return false;
  const state = await node.nonceOf(durable.account);
  if (state?.nonce === durable.value) return false;
  return row.hash === null || (await node.status(row.hash)).state === 'unknown';
}
