// The ChainAdapter of an EOS-type node over the nodeos chain API: deposits are the `eosio.token::transfer` actions of
// the chain's own coin, read from the blocks. Only top-level actions are in a block; a transfer a contract makes
// inline (exchanges paying out through their own contract) is visible only in action traces, which need a
// state-history or trace-API node: such deposits are not seen here.
import { type ChainAdapter, type ChainTransfer, EOSIO_TOKEN_TRANSFER_ABI } from '@vaultline/chains';
import { BLOCKCHAIN_INFO, type Blockchain, type ChainFamily, nativeToken } from '@vaultline/contracts';
import { Serializer } from '@wharfkit/antelope';
import { type EosAction, EosApi, type EosBlock } from './eos-api.js';

const TOKEN_CONTRACT = 'eosio.token';
/** Deposits remembered for transferByHash: far more than a reorg window holds. */
const SEEN_LIMIT = 10_000;

/** `12.5000 BIZA` → 125000n when the symbol and its precision are the expected ones; null otherwise. */
export function assetUnits(text: string, symbol: string, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))? ([A-Z]{1,7})$/.exec(text.trim());
  if (!match || match[3] !== symbol || (match[2] ?? '').length !== decimals) return null;
  return BigInt(`${match[1]}${match[2] ?? ''}`);
}

interface TransferData {
  from: string;
  to: string;
  quantity: string;
}

/** The transfer's fields, decoded by the node (it knows eosio.token's ABI) or from the action's hex here. */
function transferData(action: EosAction): TransferData | null {
  const data = action.data as Partial<TransferData> | undefined;
  if (data && typeof data === 'object' && typeof data.quantity === 'string') {
    return { from: String(data.from), to: String(data.to), quantity: data.quantity };
  }
  if (!action.hexData) return null;
  try {
    const decoded = Serializer.decode({ data: action.hexData, type: 'transfer', abi: EOSIO_TOKEN_TRANSFER_ABI }) as {
      from: unknown;
      to: unknown;
      quantity: unknown;
    };
    return { from: String(decoded.from), to: String(decoded.to), quantity: String(decoded.quantity) };
  } catch {
    return null;
  }
}

export interface EosNodeAdapterOptions {
  /** Taken for the watcher's uniform signature; a transfer's time is its block's timestamp. */
  now?: () => Date;
  /** The accounts whose deposits are reported when blockTransfers is not told; default: every receiver. */
  watched?: () => Promise<readonly string[]>;
}

export class EosNodeAdapter implements ChainAdapter {
  readonly family: ChainFamily = 'eosio';
  private readonly token: { tokenId: string; symbol: string; decimals: number };
  /** Transfers read from blocks, by hash: nodeos cannot look a transaction up by id (transferByHash). */
  private readonly seen = new Map<string, ChainTransfer>();

  constructor(
    readonly blockchain: Blockchain,
    private readonly api: EosApi,
    private readonly options: EosNodeAdapterOptions = {},
  ) {
    const native = nativeToken(blockchain);
    this.token = {
      tokenId: native.tokenId,
      symbol: BLOCKCHAIN_INFO[blockchain].nativeSymbol,
      decimals: native.decimals,
    };
  }

  async headHeight(): Promise<number> {
    return (await this.api.getInfo()).headBlockNum;
  }

  async blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    const list = toAddresses ?? (await this.options.watched?.());
    const wanted = list ? new Set(list) : null;
    const transfers: ChainTransfer[] = [];
    for (let height = Math.max(fromHeight, 1); height <= toHeight; height++) {
      const block = await this.api.getBlock(height);
      // Gone between headHeight and now (a fork shortened the chain): the next pass sees the new blocks.
      if (!block) break;
      for (const transfer of this.transfersIn(block)) {
        if (wanted && !wanted.has(transfer.toAddress)) continue;
        transfers.push(transfer);
        this.remember(transfer);
      }
    }
    return transfers;
  }

  /**
   * Every transfer of the chain's coin in the block. logIndex is the action's index in its transaction: one
   * transaction may pay the same account twice, and the index stays the same should a fork include it elsewhere.
   */
  private transfersIn(block: EosBlock): ChainTransfer[] {
    const found: ChainTransfer[] = [];
    for (const tx of block.transactions) {
      // Deferred transactions are named by id only; soft_fail/hard_fail/expired changed no balance.
      if (!tx.actions) continue;
      tx.actions.forEach((action, index) => {
        if (action.account !== TOKEN_CONTRACT || action.name !== 'transfer') return;
        const data = transferData(action);
        const amount = data && assetUnits(data.quantity, this.token.symbol, this.token.decimals);
        // Another symbol of eosio.token (or a wrong precision) is no token of the catalogue.
        if (!data || !amount) return;
        found.push({
          hash: tx.id,
          blockchain: this.blockchain,
          tokenId: this.token.tokenId,
          fromAddress: data.from,
          toAddress: data.to,
          amount,
          blockHeight: block.blockNum,
          blockHash: block.id,
          failed: tx.status !== 'executed',
          createdAt: block.timestamp,
          logIndex: index,
        });
      });
    }
    return found;
  }

  /** Kept for transferByHash, the newest SEEN_LIMIT: the watcher asks only about deposits in its reorg window. */
  private remember(transfer: ChainTransfer) {
    this.seen.delete(transfer.hash);
    this.seen.set(transfer.hash, transfer);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value!);
  }

  /**
   * Empty on purpose: nodeos offers no view of its pool over the chain API, and a transaction there may still
   * expire unincluded. Deposits are recorded from the block that includes them.
   */
  async mempoolTransfers(): Promise<ChainTransfer[]> {
    return [];
  }

  /**
   * Where a transaction read earlier is now (the watcher asks after a fork). Its block is read again: still there,
   * it is placed; replaced, it is reported unplaced (pending), since a fork puts its transactions back in the pool
   * and the rewound watcher finds it in its new block. A hash never read here is unknown (null).
   */
  async transferByHash(hash: string): Promise<ChainTransfer | null> {
    const first = this.seen.get(hash);
    if (!first) return null;
    const block = await this.api.getBlock(first.blockHeight!);
    if (block?.id === first.blockHash) return first;
    return { ...first, blockHeight: null, blockHash: null, failed: false };
  }

  async blockHashes(heights: readonly number[]): Promise<Map<number, string>> {
    const hashes = new Map<number, string>();
    for (const height of new Set(heights)) {
      const block = await this.api.getBlock(height);
      if (block) hashes.set(height, block.id);
    }
    return hashes;
  }
}

/** What the node watcher builds for a network whose runtime is a nodeos URL. */
export function eosNodeAdapter(blockchain: Blockchain, url: string, options: EosNodeAdapterOptions = {}) {
  return new EosNodeAdapter(blockchain, new EosApi(url), options);
}
