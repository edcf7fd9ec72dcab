import type { ChainAdapter } from '@vaultline/chains';
import type { Db } from '../../db/client.js';
import { type DepositInBlock, type DepositPlacement, reorgRepository } from './reorg.repository.js';

/**
 * How deep a CONFIRMED deposit is still checked. Ethereum finalizes after about 64 blocks (two epochs); the
 * other chains in the catalogue finalize sooner or reorganize far less deeply.
 */
export const REORG_WINDOW = 64;

export interface ReorgResult {
  /** Deposits moved out of a block that is no longer on the chain. */
  undone: number;
  /** CONFIRMED deposits whose credit could not be taken back (the balance was spent meanwhile); retried next pass. */
  stuck: number;
}

/**
 * Compares the block hash stored with each deposit seen in a block against the node's block at that height (one
 * call per distinct height). A different hash, or a height above the head, means the block was reorganized away:
 * the deposit follows its transaction (back to the mempool, into its new block, or FAILED when the node no longer
 * knows it), a CONFIRMED one is un-credited once, and the chain cursor goes back so the new blocks are scanned.
 */
export async function undoReorganized(
  db: Db,
  chain: ChainAdapter,
  head: number,
  now: () => Date,
): Promise<ReorgResult> {
  const repo = reorgRepository(db);
  const seen = await repo.inBlocks(chain.blockchain, head - REORG_WINDOW);
  if (seen.length === 0) return { undone: 0, stuck: 0 };
  const current = await chain.blockHashes([...new Set(seen.map((d) => d.blockHeight))]);
  const orphaned = seen.filter((d) => current.get(d.blockHeight) !== d.blockHash);
  if (orphaned.length === 0) return { undone: 0, stuck: 0 };

  // Rewind first: should a step below fail, the next pass still rescans the replacing blocks.
  const lowest = Math.min(...orphaned.map((d) => d.blockHeight));
  await repo.rewindCursor(chain.blockchain, lowest - 1, now());

  let undone = 0;
  let stuck = 0;
  for (const d of orphaned) {
    const to = await placementOf(chain, d);
    try {
      const moved =
        d.status === 'CONFIRMED' ? await repo.uncredit(d, to, now()) : await repo.replacePending(d, to, now());
      if (moved) undone++;
    } catch {
      // Only the balance's non-negative check can refuse here; the other deposits must still be undone.
      stuck++;
    }
  }
  return { undone, stuck };
}

/** Where the transaction is now. A new block counts only when its hash is the node's current one at that height. */
async function placementOf(chain: ChainAdapter, d: DepositInBlock): Promise<DepositPlacement> {
  const transfer = await chain.transferByHash(d.txHash);
  if (!transfer) return { status: 'FAILED', blockHeight: null, blockHash: null };
  if (transfer.blockHeight === null || transfer.blockHash === null) {
    return { status: 'PENDING', blockHeight: null, blockHash: null };
  }
  if (transfer.failed) return { status: 'FAILED', blockHeight: transfer.blockHeight, blockHash: transfer.blockHash };
  return { status: 'PENDING', blockHeight: transfer.blockHeight, blockHash: transfer.blockHash };
}
