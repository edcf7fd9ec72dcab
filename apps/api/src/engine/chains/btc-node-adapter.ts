// The ChainAdapter of a bitcoin-type node (Bitcoin Core JSON-RPC and its forks): what the watcher needs to find
// deposits and notice reorganizations. Outgoing transfers do not go through here: the executor signs and broadcasts.
//
// Outputs are matched by script, and reported under the address of the product's network that pays that script:
// a regtest node prints `rltc…`/`bcrt…` where the wallet is stored as `tb1…`, but the money is the same.
import type { ChainAdapter, ChainTransfer } from '@vaultline/chains';
import { btcAddressOfScript, btcScriptOfAddress } from '@vaultline/chains';
import { type Blockchain, type ChainFamily, nativeToken } from '@vaultline/contracts';
import { type BtcRpc, type BtcRpcTransaction, COINBASE_MATURITY, coinsToSats } from './btc-rpc.js';

interface Placement {
  height: number;
  hash: string;
  createdAt: Date;
}

export interface BtcNodeAdapterOptions {
  now?: () => Date;
  /**
   * The addresses worth reporting when a call names none (the watcher's scan names none): the custody wallets.
   * Only their payments cost the input look-ups (sender, change); without it every output of every block does.
   */
  watched?: () => Promise<readonly string[]>;
}

export class BtcNodeAdapter implements ChainAdapter {
  readonly family: ChainFamily = 'btc';
  private readonly nativeTokenId: string;
  private readonly now: () => Date;
  /**
   * Mempool transactions already read, with what they pay the watched scripts: a node's mempool holds thousands,
   * and each pass would otherwise fetch every one again. Entries leave when their transaction leaves the mempool.
   */
  private readonly mempoolSeen = new Map<string, ChainTransfer[]>();
  /** How many scripts the cache was filled for: a new wallet must see the transactions already waiting for it. */
  private mempoolSeenFor = -1;

  constructor(
    readonly blockchain: Blockchain,
    private readonly rpc: BtcRpc,
    private readonly options: BtcNodeAdapterOptions = {},
  ) {
    this.nativeTokenId = nativeToken(blockchain).tokenId;
    this.now = options.now ?? (() => new Date());
  }

  async headHeight(): Promise<number> {
    return this.rpc.blockCount();
  }

  async blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    const wanted = await this.wantedScripts(toAddresses);
    const transfers: ChainTransfer[] = [];
    let height = Math.max(fromHeight, 1); // block 0 (genesis) pays nothing spendable
    for (; height <= toHeight; height++) {
      const hash = await this.rpc.blockHash(height);
      // Gone between headHeight and now (a reorganization shortened the chain): the next pass sees the new blocks.
      if (!hash) break;
      const block = await this.rpc.block(hash);
      const at = { height, hash: block.hash, createdAt: new Date(block.time * 1000) };
      for (const tx of block.tx) {
        if (!isCoinbase(tx)) transfers.push(...(await this.payments(tx, at, wanted)));
      }
    }
    // A coinbase output is reported only once consensus lets it be spent (COINBASE_MATURITY deep), under its own
    // block: the watcher then credits it at once, and never shows mined coins that cannot move yet as a balance.
    // The coinbase of block h is reported by the pass that reads block h + 99, so each is seen exactly once.
    const lastRead = height - 1;
    for (let h = Math.max(fromHeight, 1) - (COINBASE_MATURITY - 1); h <= lastRead - (COINBASE_MATURITY - 1); h++) {
      if (h >= 1) transfers.push(...(await this.maturedCoinbase(h, wanted)));
    }
    return transfers;
  }

  /** Payments waiting in the node's mempool; a new transaction is read once, then remembered while it waits. */
  async mempoolTransfers(toAddresses?: readonly string[]): Promise<ChainTransfer[]> {
    const wanted = await this.wantedScripts(toAddresses);
    const txids = new Set(await this.rpc.mempoolTxids());
    if (!toAddresses && (wanted?.size ?? 0) !== this.mempoolSeenFor) {
      this.mempoolSeen.clear();
      this.mempoolSeenFor = wanted?.size ?? 0;
    }
    for (const txid of this.mempoolSeen.keys()) if (!txids.has(txid)) this.mempoolSeen.delete(txid);
    const transfers: ChainTransfer[] = [];
    for (const txid of txids) {
      let seen = this.mempoolSeen.get(txid);
      if (!seen) {
        const tx = await this.rpc.rawTransaction(txid);
        if (!tx) continue; // mined or evicted since getrawmempool answered
        seen = await this.payments(tx, null, wanted);
        // Only a full view may be cached: a call naming addresses sees a subset.
        if (!toAddresses) this.mempoolSeen.set(txid, seen);
      }
      transfers.push(...seen);
    }
    return transfers;
  }

  /**
   * Where the transaction is now, reported with its first payment: the watcher asks only for its place (mempool,
   * which block, or unknown). One known only from a block off the active chain is neither mined nor waiting.
   */
  async transferByHash(hash: string): Promise<ChainTransfer | null> {
    const tx = await this.rpc.rawTransaction(hash);
    if (!tx) return null;
    let at: Placement | null = null;
    if (tx.blockhash) {
      if (!tx.confirmations) return null;
      const createdAt = tx.blocktime ? new Date(tx.blocktime * 1000) : this.now();
      at = { height: await this.rpc.blockHeight(tx.blockhash), hash: tx.blockhash, createdAt };
    }
    const [first] = await this.payments(tx, at, null, { keepChange: true, onlyFirst: true });
    return first ?? null;
  }

  async blockHashes(heights: readonly number[]): Promise<Map<number, string>> {
    const hashes = new Map<number, string>();
    for (const height of new Set(heights)) {
      const hash = await this.rpc.blockHash(height);
      if (hash) hashes.set(height, hash);
    }
    return hashes;
  }

  /** The scripts to report: of the addresses named, else of the watched ones; null reports every output. */
  private async wantedScripts(toAddresses?: readonly string[]): Promise<Set<string> | null> {
    const addresses = toAddresses ?? (await this.options.watched?.());
    if (!addresses) return null;
    const scripts = addresses.map((a) => btcScriptOfAddress(a, this.blockchain));
    return new Set(scripts.filter((s): s is string => s !== null));
  }

  /** The coinbase outputs of block `height` that pay a wanted script. */
  private async maturedCoinbase(height: number, wanted: Set<string> | null): Promise<ChainTransfer[]> {
    const hash = await this.rpc.blockHash(height);
    if (!hash) return [];
    const block = await this.rpc.blockTxids(hash);
    const coinbase = await this.rpc.rawTransaction(block.tx[0]!, hash);
    if (!coinbase) return [];
    return this.payments(coinbase, { height, hash, createdAt: new Date(block.time * 1000) }, wanted);
  }

  /**
   * One transfer per output paying a wanted script, keyed by its output index (`logIndex`): two outputs of one
   * transaction to one wallet are two deposits. An output back to an address the transaction spends from is
   * change, not a deposit: only the wallet's key can spend its outputs, so that money never left it.
   */
  private async payments(
    tx: BtcRpcTransaction,
    at: Placement | null,
    wanted: Set<string> | null,
    opts: { keepChange?: boolean; onlyFirst?: boolean } = {},
  ): Promise<ChainTransfer[]> {
    const outputs = tx.vout.filter(
      (o) => (!wanted || wanted.has(o.scriptPubKey.hex)) && btcAddressOfScript(o.scriptPubKey.hex, this.blockchain),
    );
    if (outputs.length === 0) return [];
    const spent = await this.spentScripts(tx, opts.onlyFirst ? 1 : undefined);
    const transfers: ChainTransfer[] = [];
    for (const output of opts.onlyFirst ? outputs.slice(0, 1) : outputs) {
      if (!opts.keepChange && spent.includes(output.scriptPubKey.hex)) continue;
      const amount = coinsToSats(String(output.value));
      if (amount === 0n && !opts.onlyFirst) continue; // moves nothing: no deposit to show
      transfers.push({
        hash: tx.txid,
        blockchain: this.blockchain,
        tokenId: this.nativeTokenId,
        // The first input's address stands for the sender (a transaction may have several); none for a coinbase.
        fromAddress: spent[0] ? (btcAddressOfScript(spent[0], this.blockchain) ?? '') : '',
        toAddress: btcAddressOfScript(output.scriptPubKey.hex, this.blockchain)!,
        amount,
        blockHeight: at?.height ?? null,
        blockHash: at?.hash ?? null,
        // A transaction in a block has been validated whole: unlike an EVM call, it cannot be mined and fail.
        failed: false,
        createdAt: at?.createdAt ?? this.now(),
        logIndex: output.n,
      });
    }
    return transfers;
  }

  /**
   * The scripts of the outputs `tx` spends, in input order (the first `limit` inputs): getblock and getrawtransaction
   * do not include them before Core 22, so each previous transaction is read (needs -txindex=1 for mined ones).
   */
  private async spentScripts(tx: BtcRpcTransaction, limit?: number): Promise<string[]> {
    const scripts: string[] = [];
    const previous = new Map<string, BtcRpcTransaction | null>();
    for (const input of tx.vin.slice(0, limit)) {
      if (input.txid === undefined || input.vout === undefined) continue; // coinbase
      if (!previous.has(input.txid)) previous.set(input.txid, await this.rpc.rawTransaction(input.txid));
      const prev = previous.get(input.txid);
      if (!prev) throw new Error(`${this.blockchain}: the node does not know ${input.txid} (run it with -txindex=1)`);
      scripts.push(prev.vout.find((o) => o.n === input.vout)?.scriptPubKey.hex ?? '');
    }
    return scripts;
  }
}

const isCoinbase = (tx: BtcRpcTransaction) => tx.vin.some((input) => input.coinbase !== undefined);
