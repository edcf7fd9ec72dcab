import { randomBytes } from '@noble/hashes/utils.js';
import { type Blockchain, type ChainFamily, familyOf } from '@vaultline/contracts';
import { canonicalAddress, devnetBlockHash, transactionHash, transferPayload } from './formats.js';
import type { ChainAdapter, ChainTransfer, LedgerStore, LedgerTransaction, TransferRequest } from './ports.js';

export interface DevnetAdapterOptions {
  now?: () => Date;
  /** Nonce source of transaction hashes; tests may fix it. */
  random?: (n: number) => Uint8Array;
}

const toTransfer = (tx: LedgerTransaction): ChainTransfer => ({
  hash: tx.hash,
  blockchain: tx.blockchain,
  tokenId: tx.tokenId,
  fromAddress: tx.fromAddress,
  toAddress: tx.toAddress,
  amount: tx.amount,
  blockHeight: tx.blockHeight,
  blockHash: tx.blockHeight === null ? null : devnetBlockHash(tx.blockchain, tx.blockHeight),
  // Only a mined transaction has an outcome; in the mempool it has not failed yet.
  failed: tx.blockHeight !== null && tx.willFail,
  createdAt: tx.createdAt,
});

/**
 * The local devnet of one blockchain: a ChainAdapter over a LedgerStore. Transfers wait in the mempool until
 * `produceBlock` seals them into the next block; a transfer marked to fail is mined and reported failed.
 */
export class DevnetAdapter implements ChainAdapter {
  readonly family: ChainFamily;
  private readonly now: () => Date;
  private readonly random: (n: number) => Uint8Array;

  constructor(
    readonly blockchain: Blockchain,
    private readonly store: LedgerStore,
    opts: DevnetAdapterOptions = {},
  ) {
    this.family = familyOf(blockchain);
    this.now = opts.now ?? (() => new Date());
    this.random = opts.random ?? randomBytes;
  }

  headHeight(): Promise<number> {
    return this.store.height(this.blockchain);
  }

  async blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    if (toHeight < fromHeight) return [];
    return (await this.store.mined(this.blockchain, fromHeight, toHeight, this.canonical(toAddresses))).map(toTransfer);
  }

  async mempoolTransfers(toAddresses?: readonly string[]) {
    return (await this.store.mempool(this.blockchain, this.canonical(toAddresses))).map(toTransfer);
  }

  async transferByHash(hash: string) {
    const tx = await this.store.byHash(this.blockchain, hash);
    return tx ? toTransfer(tx) : null;
  }

  async blockHashes(heights: readonly number[]) {
    const head = await this.headHeight();
    const hashes = new Map<number, string>();
    for (const h of heights) if (h >= 1 && h <= head) hashes.set(h, devnetBlockHash(this.blockchain, h));
    return hashes;
  }

  async submitTransfer(request: TransferRequest): Promise<ChainTransfer> {
    if (request.amount <= 0n) throw new RangeError('A transfer moves a positive amount');
    const fields = {
      blockchain: this.blockchain,
      from: canonicalAddress(this.blockchain, request.fromAddress),
      to: canonicalAddress(this.blockchain, request.toAddress),
      tokenId: request.tokenId,
      amount: request.amount.toString(),
    };
    const tx: LedgerTransaction = {
      hash: transactionHash(this.blockchain, transferPayload(fields, this.random(16))),
      blockchain: this.blockchain,
      tokenId: request.tokenId,
      fromAddress: fields.from,
      toAddress: fields.to,
      amount: request.amount,
      blockHeight: null,
      willFail: request.fail === true,
      createdAt: this.now(),
    };
    await this.store.insertMempool(tx);
    return toTransfer(tx);
  }

  /** Seals the mempool into the next block; null when another producer is sealing this chain right now. */
  produceBlock() {
    return this.store.sealBlock(this.blockchain);
  }

  private canonical(addresses?: readonly string[]) {
    return addresses?.map((a) => canonicalAddress(this.blockchain, a));
  }
}
