// What the transaction executor needs of a chain's node, whatever the family: send signed bytes, follow a hash.
// Each family's adapter (EVM over JSON-RPC here; bitcoin-type, Solana and EOS-type next) answers in these terms so
// the executor's state machine is written once.

/** Why a node refused signed bytes, in the executor's terms (each maps to a catalogue code in refusal-codes.ts). */
export type ChainRefusal =
  | 'SEQUENCE_USED' // the nonce is taken by a mined transaction (ours or another)
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_SIGNATURE'
  | 'WRONG_CHAIN'
  | 'REPLACEMENT_UNDERPRICED' // another pending transaction holds the nonce at the same or a higher fee
  | 'FEE_TOO_LOW'
  | 'MALFORMED'
  | 'UNKNOWN';

export type BroadcastOutcome =
  | { kind: 'accepted' }
  /** The node already has exactly these bytes (pool or chain): as good as accepted. */
  | { kind: 'known' }
  | { kind: 'refused'; reason: ChainRefusal; message: string };

export type ChainTransactionState =
  | { state: 'pending' }
  | { state: 'confirmed'; blockHeight: bigint; blockHash: string; confirmations: number }
  /** Included, but it did not do what it should (EVM: reverted); the fee is spent. */
  | { state: 'failed'; blockHeight: bigint; blockHash: string }
  /** The node has never seen the hash, or dropped it from its pool. */
  | { state: 'unknown' };

export interface ChainNode {
  broadcast(raw: Uint8Array, hash: string): Promise<BroadcastOutcome>;
  status(hash: string): Promise<ChainTransactionState>;
}

/** What building an EVM transfer needs besides the nonce, which the executor hands out itself. */
export interface EvmFeeQuote {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface EvmChainNode extends ChainNode {
  readonly family: 'evm';
  /** The EIP-155 chain id the node runs (anvil: 31337), which the signature commits to. */
  chainId(): Promise<number>;
  /** The node's next nonce for the address, counting its pool: the floor for the executor's own counter. */
  nextSequence(address: string): Promise<number>;
  suggestFees(): Promise<EvmFeeQuote>;
  estimateGas(call: { from: string; to: string; value?: bigint; data?: string }): Promise<bigint>;
}
