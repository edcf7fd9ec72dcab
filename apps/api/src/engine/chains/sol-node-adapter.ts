// The ChainAdapter of a Solana JSON-RPC node: what the watcher needs to find SOL and SPL token deposits and to
// notice blocks replaced on a fork. Outgoing transfers do not go through here: the executor signs and sends them.
//
// Heights are slots: a slot names its block in getBlock, and confirmations counted in slots err on the slow side
// (skipped slots count too). A payment is one instruction: a system `transfer`/`transferWithSeed`, or an SPL
// `transfer`/`transferChecked` into a token account whose owner (from the transaction's token balances, which the
// node reports with the owner of every token account it touches) is the wallet. Its `logIndex` is the instruction's
// place in the transaction, so several payments of one transaction stay apart and keep their key if the
// transaction lands again in another block.
import type { ChainAdapter, ChainTransfer } from '@vaultline/chains';
import { BLOCKCHAIN_INFO, type Blockchain, type ChainFamily, tokensOf } from '@vaultline/contracts';
import { SolRpc } from './sol-rpc.js';
import type { SolParsedInstruction, SolTokenBalance, SolTransactionWithMeta } from './sol-rpc-types.js';

/** A mint → catalogue token id list: the SPL tokens whose deposits are watched; other mints are ignored. */
export type SolTokenList = Readonly<Record<string, string>>;

/** The catalogue's SPL tokens of `blockchain`, by mint. */
export function catalogueSolTokens(blockchain: Blockchain): SolTokenList {
  return Object.fromEntries(
    tokensOf(blockchain).flatMap((t) => (t.contractAddress ? [[t.contractAddress, t.tokenId] as const] : [])),
  );
}

/**
 * Inner (CPI) instructions get `logIndex` (outer + 1) × this + their position: apart from every top-level index, as
 * long as a transaction has fewer instructions than this (the runtime's trace limit is 64).
 */
const INNER_INDEX_BASE = 1000;
const SYSTEM_TRANSFERS = new Set(['transfer', 'transferWithSeed']);
const TOKEN_PROGRAMS = new Set(['spl-token', 'spl-token-2022']);
const TOKEN_TRANSFERS = new Set(['transfer', 'transferChecked']);

interface Placement {
  height: number;
  hash: string;
  createdAt: Date;
}

type Payment = Pick<ChainTransfer, 'tokenId' | 'fromAddress' | 'toAddress' | 'amount'>;

export interface SolNodeAdapterOptions {
  now?: () => Date;
  /** The addresses deposits are looked for when blockTransfers names none (the network's wallets). */
  watched?: () => Promise<readonly string[]>;
  tokens?: SolTokenList;
}

export class SolNodeAdapter implements ChainAdapter {
  readonly family: ChainFamily = 'sol';
  private readonly nativeTokenId: string;
  private readonly tokens: SolTokenList;
  private readonly now: () => Date;

  constructor(
    readonly blockchain: Blockchain,
    private readonly rpc: SolRpc,
    private readonly options: SolNodeAdapterOptions = {},
  ) {
    this.nativeTokenId = `${blockchain}.${BLOCKCHAIN_INFO[blockchain].nativeSymbol.toUpperCase()}`;
    this.tokens = options.tokens ?? catalogueSolTokens(blockchain);
    this.now = options.now ?? (() => new Date());
  }

  /** The confirmed tip: a block seen only at `processed` may still be dropped with its fork. */
  async headHeight(): Promise<number> {
    return Number(await this.rpc.slot('confirmed'));
  }

  async blockTransfers(fromHeight: number, toHeight: number, toAddresses?: readonly string[]) {
    const from = Math.max(fromHeight, 0);
    if (toHeight < from) return [];
    const wanted = await this.wanted(toAddresses);
    const transfers: ChainTransfer[] = [];
    // Skipped slots have no block and are not listed.
    for (const slot of await this.rpc.blocks(from, toHeight)) {
      const block = await this.rpc.block(slot, 'full');
      // Listed, then gone (its fork lost meanwhile): the watcher's next pass compares hashes and rescans.
      if (!block) continue;
      const placement = { height: Number(slot), hash: block.blockhash, createdAt: this.timeOf(block.blockTime) };
      for (const tx of block.transactions ?? []) transfers.push(...this.paymentsOf(tx, placement, wanted));
    }
    return transfers;
  }

  /**
   * Empty on purpose: Solana has no public mempool. Transactions go straight to the upcoming leaders, and a node
   * knows one only once a block holds it. Deposits are recorded from that block on.
   */
  async mempoolTransfers(): Promise<ChainTransfer[]> {
    return [];
  }

  /** Where the transaction is now, reported with its first payment: the watcher asks only for its place. */
  async transferByHash(hash: string): Promise<ChainTransfer | null> {
    const tx = await this.rpc.transaction(hash);
    if (!tx) return null;
    // getTransaction names the slot but not the blockhash: the block at that slot does.
    const block = await this.rpc.block(BigInt(tx.slot), 'none');
    if (!block) return null;
    const placement = { height: Number(tx.slot), hash: block.blockhash, createdAt: this.timeOf(tx.blockTime) };
    return this.paymentsOf(tx, placement, null)[0] ?? null;
  }

  async blockHashes(heights: readonly number[]): Promise<Map<number, string>> {
    const hashes = new Map<number, string>();
    for (const height of new Set(heights)) {
      const block = await this.rpc.block(height, 'none');
      if (block) hashes.set(height, block.blockhash);
    }
    return hashes;
  }

  private async wanted(toAddresses?: readonly string[]): Promise<Set<string> | null> {
    const addresses = toAddresses ?? (await this.options.watched?.());
    return addresses ? new Set(addresses) : null;
  }

  private timeOf(blockTime: number | bigint | null): Date {
    return blockTime === null ? this.now() : new Date(Number(blockTime) * 1000);
  }

  /** The payments of one transaction to `wanted` (every payment when null), top-level instructions then inner ones. */
  private paymentsOf(tx: SolTransactionWithMeta, at: Placement, wanted: Set<string> | null): ChainTransfer[] {
    const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey);
    const holders = holdersOf(keys, [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]);
    const indexed: [number, SolParsedInstruction][] = tx.transaction.message.instructions.map((ix, i) => [i, ix]);
    for (const inner of tx.meta?.innerInstructions ?? []) {
      for (const [j, ix] of inner.instructions.entries()) indexed.push([(inner.index + 1) * INNER_INDEX_BASE + j, ix]);
    }
    // A failed transaction is reported (it moved nothing), as a reverted one is on EVM.
    const failed = tx.meta?.err !== null && tx.meta?.err !== undefined;
    const transfers: ChainTransfer[] = [];
    for (const [logIndex, instruction] of indexed) {
      const payment = this.paymentOf(instruction, holders);
      if (!payment || payment.amount === 0n || (wanted && !wanted.has(payment.toAddress))) continue;
      transfers.push({
        hash: tx.transaction.signatures[0]!,
        blockchain: this.blockchain,
        ...payment,
        blockHeight: at.height,
        blockHash: at.hash,
        failed,
        createdAt: at.createdAt,
        logIndex,
      });
    }
    return transfers;
  }

  private paymentOf(ix: SolParsedInstruction, holders: Map<string, Holder>): Payment | null {
    if (typeof ix.parsed !== 'object' || ix.parsed === null) return null;
    const { type, info } = ix.parsed;
    if (ix.program === 'system' && SYSTEM_TRANSFERS.has(type)) {
      const lamports = info.lamports as number | bigint | undefined;
      if (lamports === undefined) return null;
      const [from, to] = [String(info.source), String(info.destination)];
      return { tokenId: this.nativeTokenId, fromAddress: from, toAddress: to, amount: BigInt(lamports) };
    }
    if (!TOKEN_PROGRAMS.has(ix.program ?? '') || !TOKEN_TRANSFERS.has(type)) return null;
    // The destination is a token account; who owns it (the wallet) and of which mint, the token balances say.
    const destination = holders.get(String(info.destination));
    const mint = (info.mint as string | undefined) ?? destination?.mint;
    if (!destination || mint === undefined || mint !== destination.mint) return null;
    const tokenId = this.tokens[mint];
    if (!tokenId) return null;
    const amount = (info.tokenAmount as { amount?: string } | undefined)?.amount ?? (info.amount as string | undefined);
    if (amount === undefined) return null;
    const source = holders.get(String(info.source))?.owner;
    const authority = (info.authority ?? info.multisigAuthority ?? info.source) as string;
    return { tokenId, fromAddress: source ?? authority, toAddress: destination.owner, amount: BigInt(amount) };
  }
}

interface Holder {
  owner: string;
  mint: string;
}

/** Token account → its owner and mint, from the token balances (entries without an owner are old nodes': skipped). */
function holdersOf(keys: string[], balances: SolTokenBalance[]): Map<string, Holder> {
  const holders = new Map<string, Holder>();
  for (const balance of balances) {
    const account = keys[balance.accountIndex];
    if (account !== undefined && balance.owner) holders.set(account, { owner: balance.owner, mint: balance.mint });
  }
  return holders;
}

/** The factory the node watcher uses for a `CHAIN_RPC_SOLANA*` URL. */
export function solNodeAdapterOf(
  blockchain: Blockchain,
  url: string,
  options: { now: () => Date; watched?: () => Promise<readonly string[]> },
): SolNodeAdapter {
  return new SolNodeAdapter(blockchain, new SolRpc(url), options);
}
