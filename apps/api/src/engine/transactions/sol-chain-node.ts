// The Solana ChainNode over the in-process LiteSVM: runtime refusals become the executor's reasons, the history of
// executed signatures becomes states.
//
// What stands in for what a cluster would report:
// - block height is LiteSVM's slot. It produces no blocks and skips no slots, so every slot is a block, and the
//   `lastValidBlockHeight` handed out with a blockhash is counted in slots too (sol-litesvm.ts);
// - a transaction executes when it is sent: it is never pending, and it is never dropped once accepted;
// - the block of a confirmed transaction is the slot it executed in, and its hash the runtime's blockhash then
//   (LiteSVM keeps one, replaced only when expired), both as the chain noted them when it executed;
// - confirmations are the slots from that one to the current slot, counting both, so warping the slot forward
//   plays the part of blocks built on top. LiteSVM has no forks: nothing ever rolls back.
import type { SolBroadcastResult, SolLiteSvmChain, SolRejection } from '../chains/sol-litesvm.js';
import type { BroadcastOutcome, ChainRefusal, ChainTransactionState, SolChainNode } from './chain-node.js';

const REFUSALS: Record<Exclude<SolRejection, 'ALREADY_PROCESSED'>, ChainRefusal> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  BLOCKHASH_NOT_FOUND: 'EXPIRED',
  MALFORMED: 'MALFORMED',
  UNKNOWN: 'UNKNOWN',
};

function outcomeOf(result: SolBroadcastResult, hash: string): BroadcastOutcome {
  if (result.ok) {
    // Our hash is the first signature of these very bytes; a runtime reporting another one is not to be trusted.
    if (result.signature !== hash) throw new Error(`LiteSVM reported signature ${result.signature} for ${hash}`);
    return { kind: 'accepted' };
  }
  // The same signature is in the history: these bytes (a signature commits to the whole message) went through.
  if (result.reason === 'ALREADY_PROCESSED') return { kind: 'known' };
  return { kind: 'refused', reason: REFUSALS[result.reason], message: result.detail };
}

export function solChainNode(chain: SolLiteSvmChain): SolChainNode {
  return {
    family: 'sol',
    latestBlockhash: async () => chain.latestBlockhash(),
    blockHeight: async () => chain.slot(),
    tokenAccountExists: (owner, mint, tokenProgram) => chain.tokenAccountExists(owner, mint, tokenProgram),
    nonceOf: async (account) => chain.nonceOf(account),

    async broadcast(raw, hash) {
      return outcomeOf(chain.broadcast(raw), hash);
    },

    async status(hash): Promise<ChainTransactionState> {
      const state = chain.status(hash);
      const landing = chain.landing(hash);
      if (state === 'unknown' || !landing) return { state: 'unknown' };
      const block = { blockHeight: landing.slot, blockHash: landing.blockhash };
      if (state === 'failed') return { state: 'failed', ...block };
      return { state: 'confirmed', ...block, confirmations: Number(chain.slot() - landing.slot + 1n) };
    },
  };
}
