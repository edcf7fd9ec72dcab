// The ChainAdapter of a real EVM node (JSON-RPC): what the watcher needs to find native and ERC-20 deposits and to
// notice reorganizations. Outgoing transfers do not go through here: the executor signs and broadcasts them.
import type { ChainAdapter, ChainTransfer } from '@vaultline/chains';
import { canonicalAddress } from '@vaultline/chains';
import { BLOCKCHAIN_INFO, type Blockchain, type ChainFamily, tokensOf } from '@vaultline/contracts';
import type { EvmRpc } from './evm-rpc.js';

type Hex = `0x${string}`;
const quantity = (value: number): Hex => `0x${value.toString(16)}`;

interface RpcTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: Hex;
  blockNumber: Hex | null;
  blockHash: string | null;
}

interface RpcBlock {
  number: Hex;
  hash: string;
  timestamp: Hex;
  transactions: RpcTransaction[];
}

interface RpcLog {
  address: string;
  topics: string[];
  data: Hex;
  blockNumber: Hex;
  blockHash: string;
  transactionHash: string;
  logIndex: Hex;
  removed?: boolean;
}

/**
 * keccak256("Transfer(address,address,uint256)"): topic0 of the ERC-20 Transfer event. A constant rather than a
 * keccak call here: the API has no keccak dependency, and the anvil tests match a real token's logs with it.
 */
export const ERC20_TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A contract → catalogue token id list (contracts in any case): the ERC-20 tokens whose deposits are watched. */
export type EvmTokenList = Readonly<Record<string, string>>;

/** The catalogue's tokens of `blockchain` that have a contract. */
export function catalogueTokens(blockchain: Blockchain): EvmTokenList {
  return Object.fromEntries(
    tokensOf(blockchain).flatMap((t) => (t.contractAddress ? [[t.contractAddress, t.tokenId] as const] : [])),
  );
}

/** An indexed address topic (32 bytes, address right-aligned) as a 0x address. */
const topicAddress = (topic: string) => `0x${topic.slice(-40)}`;

interface RpcReceipt {
  transactionHash: string;
  status: Hex;
}

export class EvmNodeAdapter implements ChainAdapter {
  readonly family: ChainFamily = 'evm';
  private readonly nativeTokenId: string;
  /** Lowercase contract → token id: nodes answer addresses in lowercase, catalogues write them checksummed. */
  private readonly tokenByContract: Map<string, string>;

  constructor(
    readonly blockchain: Blockchain,
    private readonly rpc: EvmRpc,
    private readonly now: () => Date = () => new Date(),
    tokens: EvmTokenList = catalogueTokens(blockchain),
  ) {
    this.nativeTokenId = `${blockchain}.${BLOCKCHAIN_INFO[blockchain].nativeSymbol.toUpperCase()}`;
    this.tokenByContract = new Map(Object.entries(tokens).map(([contract, id]) => [contract.toLowerCase(), id]));
  }

  async headHeight(): Promise<number> {
    return Number(await this.rpc.blockNumber());
  }

  async blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    const wanted = toAddresses ? new Set(toAddresses.map((a) => a.toLowerCase())) : null;
    const transfers: ChainTransfer[] = [];
    const timestamps = new Map<number, Date>();
    let height = Math.max(fromHeight, 0);
    for (; height <= toHeight; height++) {
      const block = await this.rpc.call<RpcBlock | null>('eth_getBlockByNumber', [quantity(height), true]);
      // Gone between headHeight and now (a reorganization shortened the chain): the next pass sees the new blocks.
      if (!block) break;
      timestamps.set(height, new Date(Number(BigInt(block.timestamp)) * 1000));
      // Only transactions that move the native coin; a contract creation (no `to`) pays no wallet.
      const moving = block.transactions.filter(
        (tx) => tx.to !== null && BigInt(tx.value) > 0n && (!wanted || wanted.has(tx.to.toLowerCase())),
      );
      if (moving.length === 0) continue;
      const failed = await this.failedIn(block, moving);
      const createdAt = new Date(Number(BigInt(block.timestamp)) * 1000);
      for (const tx of moving) {
        transfers.push(this.toTransfer(tx, { height, hash: block.hash }, failed.has(tx.hash), createdAt));
      }
    }
    // Token logs only up to the last block read, so a shortened chain is rescanned whole by the next pass.
    const tokenTransfers = await this.tokenTransfers(Math.max(fromHeight, 0), height - 1, timestamps);
    return [...transfers, ...tokenTransfers.filter((t) => !wanted || wanted.has(t.toAddress.toLowerCase()))];
  }

  /**
   * ERC-20 Transfer logs of the known token contracts in [fromHeight, toHeight]. A reverted transaction emits no
   * logs, so each one is a transfer that happened (`failed` false).
   */
  private async tokenTransfers(fromHeight: number, toHeight: number, timestamps: Map<number, Date>) {
    if (this.tokenByContract.size === 0 || toHeight < fromHeight) return [];
    const logs = await this.rpc.call<RpcLog[]>('eth_getLogs', [
      {
        fromBlock: quantity(fromHeight),
        toBlock: quantity(toHeight),
        address: [...this.tokenByContract.keys()],
        topics: [ERC20_TRANSFER_TOPIC],
      },
    ]);
    logs.sort((a, b) =>
      Number(BigInt(a.blockNumber) - BigInt(b.blockNumber) || BigInt(a.logIndex) - BigInt(b.logIndex)),
    );
    const transfers: ChainTransfer[] = [];
    // Position among the transaction's token Transfer logs, not the block's log index: a reorganized transaction
    // included again in another block keeps it, so the deposit stays one row (the watcher keys deposits by it).
    const ordinal = new Map<string, number>();
    for (const log of logs) {
      const tokenId = this.tokenByContract.get(log.address.toLowerCase());
      // ERC-721 shares the signature but indexes the token id (4 topics, no data): not a fungible amount.
      if (!tokenId || log.removed || log.topics.length !== 3 || log.data.length !== 66) continue;
      const index = ordinal.get(log.transactionHash) ?? 0;
      ordinal.set(log.transactionHash, index + 1);
      const amount = BigInt(log.data);
      if (amount === 0n) continue; // moves nothing: no deposit to show
      const height = Number(BigInt(log.blockNumber));
      transfers.push({
        hash: log.transactionHash,
        blockchain: this.blockchain,
        tokenId,
        fromAddress: canonicalAddress(this.blockchain, topicAddress(log.topics[1]!)),
        toAddress: canonicalAddress(this.blockchain, topicAddress(log.topics[2]!)),
        amount,
        blockHeight: height,
        blockHash: log.blockHash,
        failed: false,
        createdAt: timestamps.get(height) ?? this.now(),
        logIndex: index,
      });
    }
    return transfers;
  }

  /**
   * Empty on purpose: a node's mempool is its own view (another node may never see a transaction), it can be dropped
   * or replaced at any time, and txpool_* methods are not offered by most providers. Deposits are recorded from
   * the first block that includes them, which is also when their confirmations start counting.
   */
  async mempoolTransfers(): Promise<ChainTransfer[]> {
    return [];
  }

  async transferByHash(hash: string): Promise<ChainTransfer | null> {
    const tx = await this.rpc.call<RpcTransaction | null>('eth_getTransactionByHash', [hash]);
    if (!tx || tx.to === null) return null;
    if (tx.blockNumber === null || tx.blockHash === null) return this.toTransfer(tx, null, false, this.now());
    const receipt = await this.rpc.call<RpcReceipt | null>('eth_getTransactionReceipt', [hash]);
    const block = { height: Number(BigInt(tx.blockNumber)), hash: tx.blockHash };
    return this.toTransfer(tx, block, receipt?.status === '0x0', this.now());
  }

  async blockHashes(heights: readonly number[]): Promise<Map<number, string>> {
    const hashes = new Map<number, string>();
    for (const height of new Set(heights)) {
      const block = await this.rpc.call<{ hash: string } | null>('eth_getBlockByNumber', [quantity(height), false]);
      if (block) hashes.set(height, block.hash);
    }
    return hashes;
  }

  /** Hashes of the transactions of `block` whose receipt says status 0 (reverted: they moved nothing). */
  private async failedIn(block: RpcBlock, txs: RpcTransaction[]): Promise<Set<string>> {
    let receipts: RpcReceipt[];
    try {
      // One call for the whole block where the node has it (geth, anvil, erigon, most providers).
      receipts = await this.rpc.call<RpcReceipt[]>('eth_getBlockReceipts', [block.hash]);
    } catch {
      receipts = [];
      for (const tx of txs) {
        const receipt = await this.rpc.call<RpcReceipt | null>('eth_getTransactionReceipt', [tx.hash]);
        if (receipt) receipts.push(receipt);
      }
    }
    return new Set(receipts.filter((r) => r.status === '0x0').map((r) => r.transactionHash));
  }

  private toTransfer(
    tx: RpcTransaction,
    block: { height: number; hash: string } | null,
    failed: boolean,
    createdAt: Date,
  ): ChainTransfer {
    return {
      hash: tx.hash,
      blockchain: this.blockchain,
      tokenId: this.nativeTokenId,
      // Wallets are stored EIP-55 checksummed; the node answers in lowercase.
      fromAddress: canonicalAddress(this.blockchain, tx.from),
      toAddress: canonicalAddress(this.blockchain, tx.to!),
      amount: BigInt(tx.value),
      blockHeight: block?.height ?? null,
      blockHash: block?.hash ?? null,
      failed,
      createdAt,
    };
  }
}
