// What the transaction executor needs of a chain's node, whatever the family: send signed bytes, follow a hash.
// Each family's adapter (EVM over JSON-RPC here; bitcoin-type, Solana and EOS-type next) answers in these terms so
// the executor's state machine is written once.
import type { BtcNetwork } from '@vaultline/chains';

/** Why a node refused signed bytes, in the executor's terms (each maps to a catalogue code in refusal-codes.ts). */
export type ChainRefusal =
  | 'SEQUENCE_USED' // the nonce is taken by a mined transaction (ours or another)
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_SIGNATURE'
  | 'WRONG_CHAIN'
  | 'REPLACEMENT_UNDERPRICED' // another pending transaction holds the nonce at the same or a higher fee
  | 'FEE_TOO_LOW'
  | 'MALFORMED'
  /** Solana: the recent blockhash is no longer valid; EOS-type: the expiration passed. Safe to rebuild. */
  | 'EXPIRED'
  /** bitcoin-type: an input is spent already (by a mined or pooled transaction that is not this one). */
  | 'INPUT_SPENT'
  | 'UNKNOWN';

export type BroadcastOutcome =
  | { kind: 'accepted' }
  /** The node already has exactly these bytes (pool or chain): as good as accepted. */
  | { kind: 'known' }
  | { kind: 'refused'; reason: ChainRefusal; message: string };

export type ChainTransactionState =
  | { state: 'pending' }
  | { state: 'confirmed'; blockHeight: bigint; blockHash: string; confirmations: number; feePaid?: bigint }
  /** Included, but it did not do what it should (EVM: reverted); the fee is spent. */
  | { state: 'failed'; blockHeight: bigint; blockHash: string; feePaid?: bigint }
  /** The node has never seen the hash, or dropped it from its pool. */
  | { state: 'unknown' };

export interface ChainNode {
  readonly family: 'evm' | 'btc' | 'sol' | 'eosio';
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

/** One spendable output of a bitcoin-type address; `txid` as nodes print it. */
export interface NodeUtxo {
  txid: string;
  vout: number;
  value: bigint;
}

export interface BtcChainNode extends ChainNode {
  readonly family: 'btc';
  /**
   * The address format the node speaks when it is not the blockchain's own (a Litecoin regtest node standing in for
   * BITCOIN_TESTNET in tests: same scripts, hrp `rltc`); addresses are translated script for script.
   */
  readonly addressNetwork?: BtcNetwork;
  /** Confirmed, spendable (mature) outputs of the address; outputs of transactions still in the pool are not. */
  unspent(address: string): Promise<NodeUtxo[]>;
  /** Satoshis per virtual byte for a confirmation within a few blocks, never below the node's relay minimum. */
  feeRate(): Promise<bigint>;
}

export interface SolChainNode extends ChainNode {
  readonly family: 'sol';
  /** A blockhash to build with and the last block height at which a transaction using it can land. */
  latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint }>;
  /** The height `lastValidBlockHeight` is compared with: past it, a transaction not seen will never land. */
  blockHeight(): Promise<bigint>;
  /** Whether the owner's associated token account for the mint exists (else the transfer creates it). */
  tokenAccountExists(owner: string, mint: string, tokenProgram?: string): Promise<boolean>;
  /**
   * A durable-nonce account's authority and current nonce; null when there is no such account (or it is not an
   * initialized nonce account). Nodes without it (the devnet) build every transfer on a recent blockhash.
   */
  nonceOf?(account: string): Promise<{ authority: string; nonce: string } | null>;
}

export interface EosChainNode extends ChainNode {
  readonly family: 'eosio';
  /** 64 hex characters: what signatures commit to. */
  chainId(): Promise<string>;
  /** TAPOS reference: a recent (last irreversible) block. */
  referenceBlock(): Promise<{ blockNum: number; blockId: string }>;
  /** The node's clock (head block time): expirations are counted from it, not from ours. */
  headTime(): Promise<Date>;
}

export type AnyChainNode = EvmChainNode | BtcChainNode | SolChainNode | EosChainNode;
