// The EVM ChainNode over the JSON-RPC client: node texts become refusal reasons, receipts become states.
import { type EvmRejection, type EvmRpc, EvmRpcError } from '../chains/evm-rpc.js';
import type { BroadcastOutcome, ChainRefusal, ChainTransactionState, EvmChainNode } from './chain-node.js';

const REFUSALS: Record<Exclude<EvmRejection, 'ALREADY_KNOWN'>, ChainRefusal> = {
  NONCE_TOO_LOW: 'SEQUENCE_USED',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  WRONG_CHAIN_ID: 'WRONG_CHAIN',
  REPLACEMENT_UNDERPRICED: 'REPLACEMENT_UNDERPRICED',
  FEE_TOO_LOW: 'FEE_TOO_LOW',
  MALFORMED: 'MALFORMED',
  UNKNOWN: 'UNKNOWN',
};

export function evmChainNode(rpc: EvmRpc): EvmChainNode {
  let chainId: Promise<number> | undefined;
  return {
    family: 'evm',
    chainId: () => {
      chainId ??= rpc.chainId();
      return chainId;
    },
    nextSequence: (address) => rpc.pendingNonce(address),
    async suggestFees() {
      const { maxFeePerGas, maxPriorityFeePerGas } = await rpc.suggestFees();
      return { maxFeePerGas, maxPriorityFeePerGas };
    },
    estimateGas: (call) => rpc.estimateGas(call),

    async broadcast(raw, hash): Promise<BroadcastOutcome> {
      try {
        const reported = await rpc.sendRawTransaction(raw);
        if (reported.toLowerCase() !== hash.toLowerCase()) {
          // Our hash is keccak256 of these very bytes; a node reporting another one is not to be trusted.
          throw new Error(`The node reported hash ${reported} for ${hash}`);
        }
        return { kind: 'accepted' };
      } catch (error) {
        if (!(error instanceof EvmRpcError) || error.method !== 'eth_sendRawTransaction') throw error;
        if (error.reason === 'ALREADY_KNOWN') return { kind: 'known' };
        return { kind: 'refused', reason: REFUSALS[error.reason], message: error.nodeMessage };
      }
    },

    async status(hash): Promise<ChainTransactionState> {
      const status = await rpc.transactionStatus(hash);
      if (status.state === 'unknown' || status.state === 'pending') return { state: status.state };
      // The fee the sender paid: gas used at the price the block charged, not the cap it was signed with.
      const feePaid =
        status.gasUsed !== undefined && status.effectiveGasPrice !== undefined
          ? status.gasUsed * status.effectiveGasPrice
          : undefined;
      const block = {
        blockHeight: status.blockNumber!,
        blockHash: status.blockHash!,
        ...(feePaid === undefined ? {} : { feePaid }),
      };
      if (status.state === 'reverted') return { state: 'failed', ...block };
      return { state: 'confirmed', ...block, confirmations: status.confirmations };
    },
  };
}
