// The Solana ChainNode over a JSON-RPC node (sol-rpc.ts): preflight refusals become the executor's reasons,
// signature statuses become states.
//
// What is counted:
// - `blockHeight()` is the node's block height at `finalized`. The executor builds again once it passes the
//   blockhash's `lastValidBlockHeight` with the transaction unseen; asking at `finalized` means every block that
//   could still have held it is rooted, so an attempt that landed late on a fork being voted on is never paid twice;
// - a status seen only at `processed` is still pending: such a block may be on a minority fork and vanish;
// - the block of a landed transaction is its slot (slots name blocks on Solana, and the deposit watcher's heights
//   are slots too), and its hash the blockhash of the block at that slot (getBlock);
// - confirmations are the slots from that one to the confirmed tip, counting both (skipped slots count as well,
//   which errs on the slow side), rather than the status's `confirmations`, which turns null once rooted.
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { solAssociatedTokenAddress } from '@vaultline/chains';
import { nonceStateOf } from '../chains/sol-nonce-state.js';
import { SolRpc, SolRpcError, type SolRpcRejection } from '../chains/sol-rpc.js';
import type { BroadcastOutcome, ChainRefusal, ChainTransactionState, SolChainNode } from './chain-node.js';

const REFUSALS: Record<Exclude<SolRpcRejection, 'ALREADY_PROCESSED'>, ChainRefusal> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  BLOCKHASH_NOT_FOUND: 'EXPIRED',
  MALFORMED: 'MALFORMED',
  UNKNOWN: 'UNKNOWN',
};

export function solRpcChainNode(rpc: SolRpc): SolChainNode {
  return {
    family: 'sol',
    async latestBlockhash() {
      const { blockhash, lastValidBlockHeight } = await rpc.latestBlockhash('confirmed');
      return { blockhash, lastValidBlockHeight };
    },
    blockHeight: () => rpc.blockHeight('finalized'),

    async tokenAccountExists(owner, mint, tokenProgram = TOKEN_PROGRAM_ADDRESS) {
      return (await rpc.accountInfo(await solAssociatedTokenAddress(owner, mint, tokenProgram))) !== null;
    },

    async nonceOf(account) {
      // Read at `confirmed`, as statuses are: a nonce advanced by a landed transfer is never newer than its status.
      const info = await rpc.accountInfo(account, 'confirmed', { withData: true });
      return info ? nonceStateOf(info.owner, Buffer.from(info.data[0], 'base64')) : null;
    },

    async broadcast(raw, hash): Promise<BroadcastOutcome> {
      try {
        const reported = await rpc.sendTransaction(raw);
        // Our hash is the first signature of these very bytes; a node reporting another one is not to be trusted.
        if (reported !== hash) throw new Error(`The node reported signature ${reported} for ${hash}`);
        return { kind: 'accepted' };
      } catch (error) {
        if (!(error instanceof SolRpcError) || error.method !== 'sendTransaction') throw error;
        // The same signature is on the chain: these bytes (a signature commits to the whole message) went through.
        if (error.reason === 'ALREADY_PROCESSED') return { kind: 'known' };
        return { kind: 'refused', reason: REFUSALS[error.reason], message: error.nodeMessage };
      }
    },

    async status(hash): Promise<ChainTransactionState> {
      const [status] = await rpc.signatureStatuses([hash]);
      if (!status) return { state: 'unknown' };
      // An old node leaves confirmationStatus out; confirmations null then means rooted.
      const level = status.confirmationStatus ?? (status.confirmations === null ? 'finalized' : 'processed');
      if (level === 'processed') return { state: 'pending' };
      const slot = BigInt(status.slot);
      const block = await rpc.block(slot, 'none');
      // Voted on, yet its block not served at `confirmed` by this node yet: look again on the next poll.
      if (!block) return { state: 'pending' };
      const landed = { blockHeight: slot, blockHash: block.blockhash };
      if (status.err !== null && status.err !== undefined) return { state: 'failed', ...landed };
      const tip = await rpc.slot('confirmed');
      const confirmations = tip >= slot ? Number(tip - slot + 1n) : 1;
      return { state: 'confirmed', ...landed, confirmations };
    },
  };
}

/** The factory the sweeper's `nodeOf` uses for a `CHAIN_RPC_SOLANA*` URL. */
export function solRpcChainNodeOf(url: string): SolChainNode {
  return solRpcChainNode(new SolRpc(url));
}
