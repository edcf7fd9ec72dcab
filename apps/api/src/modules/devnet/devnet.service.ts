import {
  canonicalAddress,
  DevnetAdapter,
  faucetPay,
  isValidAddress,
  type LedgerTransaction,
  P2WPKH_DUST_LIMIT,
  TransferBuildError,
} from '@vaultline/chains';
import {
  type Blockchain,
  type DevnetTransaction,
  fromBaseUnits,
  type MessageLanguage,
  nativeToken,
  toBaseUnits,
  tokenBySymbol,
  validationMessage,
} from '@vaultline/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { dbLedgerStore } from '../../devnet/ledger-store.js';
import { AppError } from '../../http/app-error.js';
import { devnetRepository } from './devnet.repository.js';

export interface DepositInput {
  /** Omitted only by the CLI's route: then the wallet holding the address decides. */
  blockchain?: Blockchain | undefined;
  toAddress: string;
  amount: string;
  token?: string | undefined;
  fail?: boolean | undefined;
}

/** numeric(78,0) holds 78 digits; a devnet deposit far below that keeps every sum of them exact. */
const MAX_UNITS = 10n ** 60n;

/** The same shape as a schema validation error (path, translated message, key, params), in the caller's language. */
const invalid = (lang: MessageLanguage, field: string, key: string, params?: Record<string, unknown>) =>
  new AppError('4000', {
    reason: 'validation',
    issues: [
      { path: `body.${field}`, message: validationMessage(key, lang, params), key, ...(params ? { params } : {}) },
    ],
  });

export const toDevnetView = (tx: LedgerTransaction): DevnetTransaction => ({
  hash: tx.hash,
  blockchain: tx.blockchain,
  tokenId: tx.tokenId,
  fromAddress: tx.fromAddress,
  toAddress: tx.toAddress,
  amount: tx.amount.toString(),
  blockHeight: tx.blockHeight,
  willFail: tx.willFail,
  createdAt: tx.createdAt.toISOString(),
});

/** Deposits from the devnet's faucet into the mempool, and the devnet's state; never in production. */
export function devnetService({ db, config, clock }: { db: Db; config: Config; clock: () => Date }) {
  const store = dbLedgerStore(db, { now: clock });

  async function resolveChain(address: string): Promise<Blockchain> {
    const chains = await devnetRepository(db).blockchainsAt(address);
    if (chains.length === 1) return chains[0] as Blockchain;
    throw new AppError('4000', {
      reason: 'chain-required',
      detail:
        chains.length === 0
          ? 'No wallet holds this address: name its blockchain (--chain).'
          : `Wallets on ${chains.join(', ')} hold this address: name the blockchain (--chain).`,
    });
  }

  return {
    async deposit(input: DepositInput, lang: MessageLanguage = 'en'): Promise<DevnetTransaction> {
      const toAddress = input.toAddress.trim();
      const blockchain = input.blockchain ?? (await resolveChain(toAddress));
      if (!isValidAddress(blockchain, toAddress))
        throw invalid(lang, 'toAddress', 'validation.address.invalid', { blockchain });
      const token = input.token ? tokenBySymbol(blockchain, input.token) : nativeToken(blockchain);
      if (!token) throw invalid(lang, 'token', 'validation.token.unknown');
      let units: bigint;
      try {
        units = toBaseUnits(input.amount, token.decimals);
      } catch {
        throw invalid(lang, 'amount', 'validation.amount.tooManyDecimals', { decimals: token.decimals });
      }
      if (units <= 0n) throw invalid(lang, 'amount', 'validation.amount.notPositive');
      if (units >= MAX_UNITS) throw invalid(lang, 'amount', 'validation.amount.tooLarge');
      const chain = new DevnetAdapter(blockchain, store, { now: clock });
      let outcome: Awaited<ReturnType<typeof faucetPay>>;
      try {
        // The faucet signs a real transaction and the devnet verifies it like any other.
        const payment = { toAddress: canonicalAddress(blockchain, toAddress), tokenId: token.tokenId, amount: units };
        outcome = await faucetPay(chain, store, { ...payment, fail: input.fail === true });
      } catch (error) {
        if (!(error instanceof TransferBuildError)) throw error;
        // What no transaction of this chain can carry: below the dust limit, beyond a u64 or an EOS asset.
        if (error.reason === 'AMOUNT_TOO_SMALL') {
          const minimum = fromBaseUnits(P2WPKH_DUST_LIMIT, token.decimals);
          throw invalid(lang, 'amount', 'validation.amount.belowMinimum', { amount: minimum, symbol: token.symbol });
        }
        if (error.reason === 'INVALID_ADDRESS')
          throw invalid(lang, 'toAddress', 'validation.address.invalid', { blockchain });
        throw invalid(lang, 'amount', 'validation.amount.tooLarge');
      }
      if (outcome.kind !== 'accepted') {
        throw new Error(`The devnet refused the faucet's transaction: ${JSON.stringify(outcome)}`);
      }
      return toDevnetView({ ...outcome.transfer, fee: 0n, sequence: null, willFail: input.fail === true });
    },

    async status() {
      return {
        blockMs: config.devnetBlockMs,
        confirmations: config.devnetConfirmations,
        chains: await store.chains(),
        transactions: (await store.latest(50)).map(toDevnetView),
      };
    },
  };
}
