// The ChainAdapter of a real EVM node (JSON-RPC): what the watcher needs to find native deposits and to notice
// reorganizations. Outgoing transfers do not go through here: the executor signs and broadcasts them.
import type { ChainAdapter, ChainTransfer } from '@vaultline/chains';
import { canonicalAddress } from '@vaultline/chains';
import { BLOCKCHAIN_INFO, type Blockchain, type ChainFamily } from '@vaultline/contracts';
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

interface RpcReceipt {
  transactionHash: string;
  status: Hex;
}

export class EvmNodeAdapter implements ChainAdapter {
  readonly family: ChainFamily = 'evm';
  private readonly nativeTokenId: string;

  constructor(
    readonly blockchain: Blockchain,
    private readonly rpc: EvmRpc,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.nativeTokenId = `${blockchain}.${BLOCKCHAIN_INFO[blockchain].nativeSymbol.toUpperCase()}`;
  }

  async headHeight(): Promise<number> {
    return Number(await this.rpc.blockNumber());
  }

  async blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    const wanted = toAddresses ? new Set(toAddresses.map((a) => a.toLowerCase())) : null;
    const transfers: ChainTransfer[] = [];
    for (let height = Math.max(fromHeight, 0); height <= toHeight; height++) {
      const block = await this.rpc.call<RpcBlock | null>('eth_getBlockByNumber', [quantity(height), true]);
      // Gone between headHeight and now (a reorganization shortened the chain): the next pass sees the new blocks.
      if (!block) break;
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

  submitTransfer(): Promise<ChainTransfer> {
    // Real nodes take signed bytes only: the transaction executor builds, signs and broadcasts outgoing transfers.
    return Promise.reject(new Error('EvmNodeAdapter does not submit transfers; the transaction executor does'));
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
