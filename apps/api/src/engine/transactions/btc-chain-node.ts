// The bitcoin-type ChainNode over the Bitcoin Core RPC client: the node's reject texts become refusal reasons,
// getrawtransaction answers become states. Outputs come from the UTXO set (scantxoutset), so only confirmed ones.
import type { BtcNetwork } from '@vaultline/chains';
import { type BtcRejection, type BtcRpc, BtcRpcError } from '../chains/btc-rpc.js';
import type { BroadcastOutcome, BtcChainNode, ChainRefusal, ChainTransactionState, NodeUtxo } from './chain-node.js';

const REFUSALS: Record<Exclude<BtcRejection, 'ALREADY_KNOWN'>, ChainRefusal> = {
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  // "missing inputs" is also what Core answers for our own transaction once it is mined (its inputs are gone):
  // INPUT_SPENT makes the executor look the hash up before it gives up on the row.
  MISSING_OR_SPENT: 'INPUT_SPENT',
  MEMPOOL_CONFLICT: 'INPUT_SPENT',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  FEE_TOO_LOW: 'FEE_TOO_LOW',
  DUST: 'MALFORMED',
  MALFORMED: 'MALFORMED',
  // A coinbase output not yet 100 blocks deep: the coins exist but may not be spent, so the sender cannot pay yet.
  // unspent() leaves such outputs out, so this only happens when the chain moved (a reorganisation) under us.
  IMMATURE_COINBASE: 'INSUFFICIENT_FUNDS',
  UNKNOWN: 'UNKNOWN',
};

/**
 * Core's codes for a verdict on the transaction itself: deserialization (-22), verify (-25), rejected (-26),
 * already in chain (-27). Anything else (warming up, HTTP 401/503, a proxy's page) says nothing about our bytes:
 * it is thrown, and the row stays SIGNED to be sent again, never failed for an outage.
 */
const VERDICT_CODES: ReadonlySet<number> = new Set([-22, -25, -26, -27]);

/** Core runs one scantxoutset at a time and refuses a second one ("Scan already in progress"). */
const SCAN_BUSY = /scan already in progress/i;
const SCAN_ATTEMPTS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function btcChainNode(rpc: BtcRpc, options: { addressNetwork?: BtcNetwork } = {}): BtcChainNode {
  // Scans of this process wait for each other instead of bouncing off the node; another process's scan is retried.
  let scans: Promise<unknown> = Promise.resolve();

  async function scan(address: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await rpc.unspent({ address });
      } catch (error) {
        const busy = error instanceof BtcRpcError && SCAN_BUSY.test(error.nodeMessage);
        if (!busy || attempt >= SCAN_ATTEMPTS) throw error;
        await sleep(100);
      }
    }
  }

  return {
    family: 'btc',
    ...(options.addressNetwork ? { addressNetwork: options.addressNetwork } : {}),

    async unspent(address): Promise<NodeUtxo[]> {
      const result = scans.then(() => scan(address));
      scans = result.catch(() => undefined);
      const unspent = await result;
      return unspent.filter((utxo) => utxo.spendable).map(({ txid, vout, value }) => ({ txid, vout, value }));
    },

    feeRate: () => rpc.feeRate(),

    async broadcast(raw, hash): Promise<BroadcastOutcome> {
      try {
        const reported = await rpc.sendRawTransaction(raw);
        if (reported.toLowerCase() !== hash.toLowerCase()) {
          // Our hash is the txid of these very bytes; a node reporting another one is not to be trusted.
          throw new Error(`The node reported txid ${reported} for ${hash}`);
        }
        return { kind: 'accepted' };
      } catch (error) {
        if (!(error instanceof BtcRpcError) || error.method !== 'sendrawtransaction') throw error;
        if (!VERDICT_CODES.has(error.code)) throw error;
        if (error.reason === 'ALREADY_KNOWN') return { kind: 'known' };
        // The txid commits to the inputs and outputs, not the witness: when the node holds a transaction with our
        // txid (a copy relayed with another witness, or ours mined already), the transfer happens whatever it says.
        if ((await rpc.transactionStatus(hash)).state !== 'unknown') return { kind: 'known' };
        return { kind: 'refused', reason: REFUSALS[error.reason], message: error.nodeMessage };
      }
    },

    async status(hash): Promise<ChainTransactionState> {
      const status = await rpc.transactionStatus(hash);
      if (status.state !== 'confirmed') return { state: status.state };
      return {
        state: 'confirmed',
        blockHeight: BigInt(status.blockHeight!),
        blockHash: status.blockHash!,
        confirmations: status.confirmations,
      };
    },
  };
}
