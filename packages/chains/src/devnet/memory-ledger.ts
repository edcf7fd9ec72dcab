import type { Blockchain } from '@vaultline/contracts';
import type { LedgerOutput, LedgerOutputState, LedgerStore, LedgerTransaction, LedgerView } from './ports.js';

type StoredOutput = LedgerOutput & { blockchain: Blockchain; spentBy: string | null; height: number | null };

/** A LedgerStore in memory: unit tests and tools that need a devnet without a database. */
export class MemoryLedgerStore implements LedgerStore {
  private readonly heights = new Map<Blockchain, number>();
  private readonly txs: LedgerTransaction[] = [];
  private readonly outputs: StoredOutput[] = [];
  private readonly accounts = new Map<string, string>();
  /** Admissions run one after another, as the database's chain lock makes them. */
  private queue: Promise<unknown> = Promise.resolve();

  async height(blockchain: Blockchain) {
    return this.heights.get(blockchain) ?? 0;
  }

  view(blockchain: Blockchain): LedgerView {
    const ofChain = () => this.txs.filter((t) => t.blockchain === blockchain);
    const sum = (rows: LedgerTransaction[], pick: (t: LedgerTransaction) => bigint) =>
      rows.reduce((total, t) => total + pick(t), 0n);
    return {
      height: () => this.height(blockchain),
      byHash: (hash) => this.byHash(blockchain, hash),
      flows: async (address, tokenId) => {
        const moving = ofChain().filter((t) => !t.willFail && t.tokenId === tokenId);
        return {
          received: sum(
            moving.filter((t) => t.toAddress === address),
            (t) => t.amount,
          ),
          sent: sum(
            moving.filter((t) => t.fromAddress === address),
            (t) => t.amount,
          ),
          fees: sum(
            ofChain().filter((t) => t.fromAddress === address),
            (t) => t.fee,
          ),
        };
      },
      nextSequence: async (address) =>
        ofChain()
          .filter((t) => t.fromAddress === address && t.sequence !== null)
          .reduce((next, t) => Math.max(next, t.sequence! + 1), 0),
      sequenceHolder: async (address, sequence) => {
        const tx = ofChain().find((t) => t.fromAddress === address && t.sequence === sequence);
        return tx ? { ...tx } : null;
      },
      output: async (txid, vout) => {
        const o = this.outputs.find((x) => x.blockchain === blockchain && x.txid === txid && x.vout === vout);
        return o ? this.state(o) : null;
      },
      accountKey: async (account) => this.accounts.get(`${blockchain}:${account}`) ?? null,
      insert: async ({ tx, spends, outputs }) => {
        if (this.txs.some((t) => t.blockchain === tx.blockchain && t.hash === tx.hash)) {
          throw new Error(`duplicate transaction ${tx.hash}`);
        }
        this.txs.push({ ...tx, blockHeight: null });
        for (const s of spends) {
          const o = this.outputs.find((x) => x.blockchain === blockchain && x.txid === s.txid && x.vout === s.vout);
          if (o) o.spentBy = tx.hash;
        }
        for (const o of outputs) this.outputs.push({ ...o, blockchain, spentBy: null, height: null });
      },
    };
  }

  admit<T>(blockchain: Blockchain, work: (view: LedgerView) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => work(this.view(blockchain)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async unspent(blockchain: Blockchain, address: string) {
    return this.outputs
      .filter((o) => o.blockchain === blockchain && o.address === address && o.spentBy === null)
      .map((o) => this.state(o));
  }

  async mintGenesisOutput(blockchain: Blockchain, output: LedgerOutput) {
    this.outputs.push({ ...output, blockchain, spentBy: null, height: 0 });
  }

  async registerAccount(blockchain: Blockchain, account: string, publicKey: string) {
    this.accounts.set(`${blockchain}:${account}`, publicKey);
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
    for (const o of this.outputs) if (o.blockchain === blockchain && o.height === null) o.height = height;
    return { height, included };
  }

  private state(o: StoredOutput): LedgerOutputState {
    return {
      txid: o.txid,
      vout: o.vout,
      address: o.address,
      value: o.value,
      spentBy: o.spentBy,
      confirmed: o.height !== null,
    };
  }

  private select(match: (t: LedgerTransaction) => boolean, toAddresses?: readonly string[]) {
    const only = toAddresses ? new Set(toAddresses) : null;
    return this.txs.filter((t) => match(t) && (!only || only.has(t.toAddress))).map((t) => ({ ...t }));
  }
}
