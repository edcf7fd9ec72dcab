import type { Blockchain, ChainFamily } from '@vaultline/contracts';

/** One value transfer as a chain reports it; amounts in base units. */
export interface ChainTransfer {
  hash: string;
  blockchain: Blockchain;
  /** The catalogue id of the token moved (`ETHEREUM.USDC`); the native coin's id for plain transfers. */
  tokenId: string;
  fromAddress: string;
  toAddress: string;
  amount: bigint;
  /** null while the transaction waits in the mempool. */
  blockHeight: number | null;
  /** Hash of the including block (null in the mempool): a later different hash at that height is a reorganization. */
  blockHash: string | null;
  /** Mined but failed (a reverted transfer): it moves nothing. */
  failed: boolean;
  createdAt: Date;
  /**
   * The token's Transfer log in the block when a contract event moved it (ERC-20); absent when the transaction's
   * own value did. Tells apart several payments of one transaction to the same wallet.
   */
  logIndex?: number;
}

/**
 * What the engine needs from one blockchain, whatever node serves it. The devnet implements it over a
 * LedgerStore; a real node adapter (JSON-RPC, Esplora, Solana RPC, EOSIO history) implements the same calls,
 * so the watcher does not change when a real chain replaces the devnet.
 */
export interface ChainAdapter {
  readonly blockchain: Blockchain;
  readonly family: ChainFamily;
  /** Height of the newest block (0: nothing mined yet). */
  headHeight(): Promise<number>;
  /** Transfers mined in blocks fromHeight..toHeight (both included); only to `toAddresses` when given. */
  blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]): Promise<ChainTransfer[]>;
  /** Transfers waiting in the mempool; only to `toAddresses` when given. */
  mempoolTransfers(toAddresses?: readonly string[]): Promise<ChainTransfer[]>;
  transferByHash(hash: string): Promise<ChainTransfer | null>;
  /**
   * Hashes of the blocks at these heights as the node sees them now; a height above the head is left out. The
   * watcher compares them with the hashes it stored to notice reorganizations.
   */
  blockHashes(heights: readonly number[]): Promise<Map<number, string>>;
}

/** Why the devnet refuses signed bytes: the executor's ChainRefusal terms (apps/api chain-node.ts), as a node says. */
export type DevnetRefusal =
  | 'SEQUENCE_USED'
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_SIGNATURE'
  | 'WRONG_CHAIN'
  | 'REPLACEMENT_UNDERPRICED'
  | 'FEE_TOO_LOW'
  | 'MALFORMED'
  | 'EXPIRED'
  | 'INPUT_SPENT'
  | 'UNKNOWN';

export type DevnetOutcome =
  | { kind: 'accepted'; transfer: ChainTransfer }
  /** The devnet already has this transaction (pool or chain). */
  | { kind: 'known' }
  | { kind: 'refused'; reason: DevnetRefusal; message: string };

/** A devnet transaction as stored: the ChainTransfer with the devnet's own failure switch. */
export interface LedgerTransaction {
  hash: string;
  blockchain: Blockchain;
  tokenId: string;
  fromAddress: string;
  toAddress: string;
  amount: bigint;
  /** Charged to the sender in the native coin (mined or not: the devnet never drops an accepted transaction). */
  fee: bigint;
  /** EVM: the nonce; null elsewhere. */
  sequence: number | null;
  blockHeight: number | null;
  willFail: boolean;
  createdAt: Date;
}

/** A bitcoin-type output the devnet knows: made by an accepted transaction or by genesis (the faucet's coins). */
export interface LedgerOutput {
  txid: string;
  vout: number;
  address: string;
  value: bigint;
}

export interface LedgerOutputState extends LedgerOutput {
  /** Hash of the transaction that spends it (pool or chain), null while unspent. */
  spentBy: string | null;
  /** Whether a block (or genesis) holds the transaction that made it. */
  confirmed: boolean;
}

/** What an accepted transaction does to the ledger besides its own row. */
export interface LedgerEntry {
  tx: LedgerTransaction;
  /** bitcoin-type: the outpoints it consumes, marked spent by `tx.hash`. */
  spends: { txid: string; vout: number }[];
  /** bitcoin-type: the outputs it creates, spendable once mined. */
  outputs: LedgerOutput[];
}

/**
 * One chain's ledger as the admission of a transaction reads it. Inside `LedgerStore.admit` the reads and the
 * insert are one atomic step, so two transactions spending the same money cannot both get in.
 */
export interface LedgerView {
  height(): Promise<number>;
  byHash(hash: string): Promise<LedgerTransaction | null>;
  /** Sums over every accepted transaction not marked to fail; `fees`: what `address` paid as a sender. */
  flows(address: string, tokenId: string): Promise<{ received: bigint; sent: bigint; fees: bigint }>;
  /** One more than the highest EVM nonce accepted from the address (0 when none). */
  nextSequence(address: string): Promise<number>;
  /** The accepted transaction holding this nonce of the address, if any. */
  sequenceHolder(address: string, sequence: number): Promise<LedgerTransaction | null>;
  output(txid: string, vout: number): Promise<LedgerOutputState | null>;
  /** The registered public key of an EOS-type account (`EOS…`), null when the account is not registered. */
  accountKey(account: string): Promise<string | null>;
  insert(entry: LedgerEntry): Promise<void>;
}
/**
 * Where the devnet keeps its ledger (the engine: database tables; tests: memory). Sealing a block must be
 * atomic: the height rises by one and every mempool transaction of that chain gets the new height together.
 */
export interface LedgerStore {
  height(blockchain: Blockchain): Promise<number>;
  /** A read-only view of the chain, outside any lock: what node queries (nonce, unspent outputs) answer from. */
  view(blockchain: Blockchain): LedgerView;
  /** Runs `work` with the chain locked against other admissions; its reads and its insert commit together. */
  admit<T>(blockchain: Blockchain, work: (view: LedgerView) => Promise<T>): Promise<T>;
  /** Outputs of the address that nothing spends yet, mined or not. */
  unspent(blockchain: Blockchain, address: string): Promise<LedgerOutputState[]>;
  /** Genesis coins: a confirmed output out of nothing (the bitcoin-type faucet spends these). */
  mintGenesisOutput(blockchain: Blockchain, output: LedgerOutput): Promise<void>;
  /** Registers (or re-registers) an EOS-type account's key. */
  registerAccount(blockchain: Blockchain, account: string, publicKey: string): Promise<void>;
  mempool(blockchain: Blockchain, toAddresses?: readonly string[]): Promise<LedgerTransaction[]>;
  mined(
    blockchain: Blockchain,
    fromHeight: number,
    toHeight: number,
    toAddresses?: readonly string[],
  ): Promise<LedgerTransaction[]>;
  byHash(blockchain: Blockchain, hash: string): Promise<LedgerTransaction | null>;
  /** Mines one block holding the whole mempool; null when another producer holds the chain right now. */
  sealBlock(blockchain: Blockchain): Promise<{ height: number; included: number } | null>;
}
