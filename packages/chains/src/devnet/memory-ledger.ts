import type { Blockchain } from '@vaultline/contracts';
import type { LedgerStore, LedgerTransaction } from './ports.js';

/** A LedgerStore in memory: unit tests and tools that need a devnet without a database. */
export class MemoryLedgerStore implements LedgerStore {
  private readonly heights = new Map<Blockchain, number>();
  private readonly txs: LedgerTransaction[] = [];

  async height(blockchain: Blockchain) {
    return this.heights.get(blockchain) ?? 0;
  }

  async insertMempool(tx: LedgerTransaction) {
    if (this.txs.some((t) => t.blockchain === tx.blockchain && t.hash === tx.hash)) {
      throw new Error(`duplicate transaction ${tx.hash}`);
    }
    this.txs.push({ ...tx, blockHeight: null });
  }

  async mempool(blockchain: Blockchain, toAddresses?: readonly string[]) {
    return this.select((t) => t.blockchain === blockchain && t.blockHeight === null, toAddresses);
  }

  async mined(blockchain: Blockchain, fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    return this.select(
      (t) =>
        t.blockchain === blockchain &&
        t.blockHeight !== null &&
        t.blockHeight >= fromHeight &&
        t.blockHeight <= toHeight,
      toAddresses,
    );
  }

  async byHash(blockchain: Blockchain, hash: string) {
    const tx = this.txs.find((t) => t.blockchain === blockchain && t.hash === hash);
    return tx ? { ...tx } : null;
  }

  async sealBlock(blockchain: Blockchain) {
    const height = (this.heights.get(blockchain) ?? 0) + 1;
    this.heights.set(blockchain, height);
    let included = 0;
    for (const tx of this.txs) {
      if (tx.blockchain === blockchain && tx.blockHeight === null) {
        tx.blockHeight = height;
        included++;
      }
    }
    return { height, included };
  }

  private select(match: (t: LedgerTransaction) => boolean, toAddresses?: readonly string[]) {
    const only = toAddresses ? new Set(toAddresses) : null;
    return this.txs.filter((t) => match(t) && (!only || only.has(t.toAddress))).map((t) => ({ ...t }));
  }
}
