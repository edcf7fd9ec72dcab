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

export interface TransferRequest {
  fromAddress: string;
  toAddress: string;
  tokenId: string;
  amount: bigint;
  /** Devnet only: the transaction is mined but fails. */
  fail?: boolean;
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
  /** Broadcasts a transfer; it waits in the mempool until a block includes it. */
  submitTransfer(request: TransferRequest): Promise<ChainTransfer>;
}

/** A devnet transaction as stored: the ChainTransfer with the devnet's own failure switch. */
export interface LedgerTransaction {
  hash: string;
  blockchain: Blockchain;
  tokenId: string;
  fromAddress: string;
  toAddress: string;
  amount: bigint;
  blockHeight: number | null;
  willFail: boolean;
  createdAt: Date;
}

/**
 * Where the devnet keeps its ledger (the engine: database tables; tests: memory). Sealing a block must be
 * atomic: the height rises by one and every mempool transaction of that chain gets the new height together.
 */
export interface LedgerStore {
  height(blockchain: Blockchain): Promise<number>;
  insertMempool(tx: LedgerTransaction): Promise<void>;
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
