import { type Blockchain, type ChainFamily, familyOf } from '@vaultline/contracts';
import { canonicalAddress, devnetBlockHash, devnetEosFaucetPublicKey, faucetAddress } from './formats.js';
import type {
  ChainAdapter,
  ChainTransfer,
  DevnetOutcome,
  DevnetRefusal,
  LedgerStore,
  LedgerTransaction,
  LedgerView,
} from './ports.js';
import {
  DevnetRefusalError,
  devnetTransactionId,
  nativeTokenId,
  type VerifiedTransfer,
  type VerifyContext,
  verifyDevnetTransaction,
} from './verify.js';

export interface DevnetAdapterOptions {
  now?: () => Date;
}

const refused = (reason: DevnetRefusal, message: string): DevnetOutcome => ({ kind: 'refused', reason, message });

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
 * The local devnet of one blockchain: a ChainAdapter over a LedgerStore. It takes only signed transactions that
 * verify (see broadcast); they wait in the mempool until `produceBlock` seals them into the next block, and a
 * transaction marked to fail is mined and reported failed.
 */
export class DevnetAdapter implements ChainAdapter {
  readonly family: ChainFamily;
  /** The devnet's clock (EOS expirations, transaction times). */
  readonly now: () => Date;

  constructor(
    readonly blockchain: Blockchain,
    private readonly store: LedgerStore,
    opts: DevnetAdapterOptions = {},
  ) {
    this.family = familyOf(blockchain);
    this.now = opts.now ?? (() => new Date());
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

  /**
   * Takes signed bytes as a node does: verified by the family's library, then checked against the ledger (nonce,
   * balance, spent outputs) and put in the mempool, or refused with the reason a node would give. The same bytes
   * again are `known`. `fail` (devnet only, the faucet's switch) mines the transaction as failed: the fee is
   * charged, nothing moves.
   */
  async broadcast(raw: Uint8Array, hash: string, opts: { fail?: boolean } = {}): Promise<DevnetOutcome> {
    const id = devnetTransactionId(this.blockchain, raw);
    if (id === null) return refused('MALFORMED', 'The bytes are no transaction of this chain');
    const same = this.family === 'sol' ? id === hash : id.toLowerCase() === hash.toLowerCase();
    if (!same) return refused('MALFORMED', `The bytes hash to ${id}, not ${hash}`);
    return this.store.admit(this.blockchain, async (view) => {
      if (await view.byHash(id)) return { kind: 'known' };
      let transfer: VerifiedTransfer;
      try {
        transfer = await verifyDevnetTransaction(this.blockchain, raw, await this.context(view));
      } catch (error) {
        if (error instanceof DevnetRefusalError) return refused(error.reason, error.message);
        throw error;
      }
      const refusal = (await this.checkSequence(view, transfer)) ?? (await this.checkFunds(view, transfer));
      if (refusal) return refusal;
      const tx: LedgerTransaction = {
        hash: transfer.hash,
        blockchain: this.blockchain,
        tokenId: transfer.tokenId,
        fromAddress: transfer.from,
        toAddress: transfer.to,
        amount: transfer.amount,
        fee: transfer.fee,
        sequence: transfer.sequence,
        blockHeight: null,
        willFail: opts.fail === true,
        createdAt: this.now(),
      };
      // A failed transaction still spends its inputs (the fee is paid) but makes no outputs.
      await view.insert({ tx, spends: transfer.spends, outputs: tx.willFail ? [] : transfer.outputs });
      return { kind: 'accepted', transfer: toTransfer(tx) };
    });
  }

  private async context(view: LedgerView): Promise<VerifyContext> {
    const faucet = faucetAddress(this.blockchain);
    return {
      head: await view.height(),
      now: this.now(),
      output: (txid, vout) => view.output(txid, vout),
      // The faucet account exists from genesis; every other EOS-type account is registered when its wallet is made.
      accountKey: async (account) =>
        account === faucet && this.family === 'eosio'
          ? devnetEosFaucetPublicKey(this.blockchain)
          : view.accountKey(account),
    };
  }

  /**
   * EVM nonces: the next one is accepted; a lower one is taken (in a block: SEQUENCE_USED; in the pool: a
   * replacement, which the devnet does not do). A higher one is refused rather than queued: the devnet keeps no
   * queue of transactions waiting for a gap to fill.
   */
  private async checkSequence(view: LedgerView, t: VerifiedTransfer): Promise<DevnetOutcome | null> {
    if (t.sequence === null) return null;
    const next = await view.nextSequence(t.from);
    if (t.sequence > next) return refused('UNKNOWN', `Nonce too high: ${t.sequence}, the next is ${next}`);
    if (t.sequence === next) return null;
    const holder = await view.sequenceHolder(t.from, t.sequence);
    return holder?.blockHeight === null
      ? refused('REPLACEMENT_UNDERPRICED', `Nonce ${t.sequence} is pending; the devnet replaces nothing`)
      : refused('SEQUENCE_USED', `Nonce too low: ${t.sequence}, the next is ${next}`);
  }

  /**
   * Balances are what the ledger accepted (mined or pooled): the sender needs the amount in the token and the
   * reserve (EVM: gas limit × fee cap) in the native coin. bitcoin-type balances are its outputs, checked by the
   * verifier; the faucet holds an unlimited genesis balance.
   */
  private async checkFunds(view: LedgerView, t: VerifiedTransfer): Promise<DevnetOutcome | null> {
    if (this.family === 'btc' || t.from === faucetAddress(this.blockchain)) return null;
    const nativeId = nativeTokenId(this.blockchain);
    const native = await view.flows(t.from, nativeId);
    const nativeBalance = native.received - native.sent - native.fees;
    if (t.tokenId === nativeId) {
      if (nativeBalance >= t.amount + t.reserve) return null;
      return refused('INSUFFICIENT_FUNDS', `${t.amount} + fee ${t.reserve} exceed the balance ${nativeBalance}`);
    }
    const token = await view.flows(t.from, t.tokenId);
    const tokenBalance = token.received - token.sent;
    if (tokenBalance < t.amount) {
      return refused('INSUFFICIENT_FUNDS', `${t.amount} exceeds the ${t.tokenId} balance ${tokenBalance}`);
    }
    if (nativeBalance < t.reserve) {
      return refused('INSUFFICIENT_FUNDS', `The fee ${t.reserve} exceeds the balance ${nativeBalance}`);
    }
    return null;
  }

  /** Seals the mempool into the next block; null when another producer is sealing this chain right now. */
  produceBlock() {
    return this.store.sealBlock(this.blockchain);
  }

  private canonical(addresses?: readonly string[]) {
    return addresses?.map((a) => canonicalAddress(this.blockchain, a));
  }
}
