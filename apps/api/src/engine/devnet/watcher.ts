import { type ChainAdapter, type ChainTransfer, isDevnetStakingCall } from '@vaultline/chains';
import type { Db } from '../../db/client.js';
import { watcherRepository } from './activities.repository.js';
import { undoReorganized } from './reorg.js';

export interface ScanResult {
  head: number;
  recorded: number;
  confirmed: number;
  /** Deposits taken out of blocks that were reorganized away. */
  undone: number;
  /** CONFIRMED deposits reorganized away whose credit could not be taken back (spent meanwhile); retried next pass. */
  stuck: number;
  /** Mempool deposits the node no longer knows (evicted, replaced, never mined): FAILED. */
  dropped: number;
}

/**
 * How long a deposit may sit in the mempool before the watcher asks whether the node still knows it. A low-fee
 * transaction may wait for hours; it is dropped only when the node has forgotten it, not for waiting.
 */
export const MEMPOOL_RECHECK_MS = 10 * 60_000;

/**
 * One pass of the watcher over one chain: new blocks since the cursor and the mempool become DEPOSIT
 * activities of the wallets they pay, then pending deposits count their confirmations and are credited once
 * they reach the required number. Before that, deposits whose block was reorganized away are undone. Every write
 * is conditional, so passes may repeat or run side by side.
 */
export async function scanChain(
  db: Db,
  chain: ChainAdapter,
  opts: {
    now: () => Date;
    requiredConfirmations: number;
    /** Blocks read per pass at most (a real node far ahead of the cursor); the rest on the next passes. */
    maxBlocksPerPass?: number;
  },
): Promise<ScanResult> {
  const repo = watcherRepository(db);
  // The head first: a transaction mined while we read lies above it and is found by the next pass.
  const head = await chain.headHeight();
  // Before the cursor is read: a reorganization rewinds it to rescan the blocks that replaced the lost ones.
  const { undone, stuck } = await undoReorganized(db, chain, head, opts.now);
  const from = (await repo.cursor(chain.blockchain)) + 1;
  const to = opts.maxBlocksPerPass ? Math.min(head, from + opts.maxBlocksPerPass - 1) : head;
  const transfers: ChainTransfer[] = [...(await chain.blockTransfers(from, to)), ...(await chain.mempoolTransfers())];
  const addresses = [...new Set(transfers.map((t) => t.toAddress))];
  const walletByAddress = new Map((await repo.walletsAt(chain.blockchain, addresses)).map((w) => [w.address, w]));
  let recorded = 0;
  for (const t of transfers) {
    const wallet = walletByAddress.get(t.toAddress);
    if (!wallet) continue; // not ours: the devnet carries every address, the product only its wallets'
    // Story's consensus-layer payouts (from the staking predeploy, which no key signs) are booked by the claim that
    // made them, in its own transaction, as its CLAIM activity: recording them again would count them twice.
    if (isDevnetStakingCall(chain.blockchain, t.fromAddress)) continue;
    await repo.recordDeposit(
      {
        organizationId: wallet.organizationId,
        walletId: wallet.id,
        blockchain: chain.blockchain,
        tokenId: t.tokenId,
        txHash: t.hash,
        logIndex: t.logIndex ?? -1,
        fromAddress: t.fromAddress,
        toAddress: t.toAddress,
        amount: t.amount.toString(),
        blockHeight: t.blockHeight,
        blockHash: t.blockHash,
        failed: t.failed,
        requiredConfirmations: opts.requiredConfirmations,
      },
      opts.now(),
    );
    recorded++;
  }
  await repo.advanceCursor(chain.blockchain, to, opts.now());
  const dropped = await dropVanished(repo, chain, opts.now);

  let confirmed = 0;
  for (const a of await repo.pendingMined(chain.blockchain)) {
    const confirmations = Math.max(0, head - a.blockHeight! + 1);
    if (confirmations >= a.requiredConfirmations) {
      if (await repo.confirm(a.id, confirmations, opts.now())) confirmed++;
    } else if (confirmations > a.confirmations) {
      await repo.setConfirmations(a.id, confirmations, opts.now());
    }
  }
  return { head, recorded, confirmed, undone, stuck, dropped };
}

/**
 * Mempool deposits seen a while ago that the node no longer knows end FAILED, so a wallet never shows a deposit
 * pending forever. Should the transaction be mined after all, recordDeposit takes the row back to PENDING.
 */
async function dropVanished(repo: ReturnType<typeof watcherRepository>, chain: ChainAdapter, now: () => Date) {
  let dropped = 0;
  for (const d of await repo.unminedBefore(chain.blockchain, new Date(now().getTime() - MEMPOOL_RECHECK_MS))) {
    if ((await chain.transferByHash(d.txHash)) !== null) continue;
    await repo.markDropped(d.id, d.updatedAt, now());
    dropped++;
  }
  return dropped;
}
