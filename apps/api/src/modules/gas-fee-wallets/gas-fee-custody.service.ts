import { createHash } from 'node:crypto';
import { deriveAccount } from '@vaultline/chains';
import { type Blockchain, familyOf, fromBaseUnits, nativeToken } from '@vaultline/contracts';
import { type Config, chainRuntimeOf } from '../../config.js';
import type { Db } from '../../db/client.js';
import { registerDevnetAccount } from '../../devnet/ledger-store.js';
import { devnetService } from '../devnet/devnet.service.js';
import { walletCustody } from '../wallets/wallet-custody.service.js';
import { addressTaken } from '../wallets/wallets.repository.js';
import { creationCost, DEVNET_GRANT_MARKS, GAS_FEE_ACCOUNT_INDEX, lowWaterMark } from './gas-fee-policy.js';
import { type GasFeeWalletRow, gasFeeAddressTaken, gasFeeWalletsRepository } from './gas-fee-wallets.repository.js';

// What the engine's wallet-creation handler needs besides the custody itself; it reaches modules through services only.
export { gasFeeAddressTaken } from './gas-fee-wallets.repository.js';
export { lockedSeed, SEED_CONTEXT } from './organization-seed.js';

/** The demo seed passes a partial configuration: no CHAIN_RPC_* there means every network is on the devnet. */
export type GasFeeConfig = Pick<Config, 'masterKey'> & Partial<Pick<Config, 'chainRpc' | 'production'>>;

const onDevnet = (config: GasFeeConfig, blockchain: Blockchain) =>
  chainRuntimeOf({ chainRpc: config.chainRpc ?? {}, production: config.production ?? false }, blockchain).kind ===
  'devnet';

const EOS_NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz12345';

/**
 * The EOS-type account of a gas-fee wallet: an account is named, not derived, so the name comes from the key (the
 * same key always asks for the same name) and the attempt number, which moves on while the name is taken.
 */
function eosAccountName(publicKey: string, attempt: number): string {
  const digest = createHash('sha256').update(`gas-fee:${publicKey}:${attempt}`).digest();
  return [...digest.subarray(0, 12)].map((byte) => EOS_NAME_ALPHABET[byte % EOS_NAME_ALPHABET.length]).join('');
}

async function freeEosAccountName(tx: Db, blockchain: Blockchain, publicKey: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const name = eosAccountName(publicKey, attempt);
    if (!(await addressTaken(tx, blockchain, name)) && !(await gasFeeAddressTaken(tx, blockchain, name))) return name;
  }
}

export type CreationCharge = 'free' | 'charged' | 'insufficient';

/**
 * What the product does with one organization's gas-fee wallets inside a caller's transaction: make one lazily (its
 * key from the organization's seed at the reserved account index), and charge an EOS-type account creation to it.
 */
export function gasFeeCustody(tx: Db, organizationId: string, deps: { config: GasFeeConfig; now: () => Date }) {
  const { config, now } = deps;
  const repo = gasFeeWalletsRepository(tx, organizationId);

  /**
   * On the devnet the provider's gas station is pre-funded: the faucet pays the new wallet a real devnet transaction,
   * booked at once as the provider's own top-up (the watchers follow user wallets only), so EOS-type wallets can be
   * made on a fresh devnet. Elsewhere a gas-fee wallet starts empty.
   */
  async function devnetGrant(wallet: GasFeeWalletRow, blockchain: Blockchain) {
    const amount = lowWaterMark(blockchain) * DEVNET_GRANT_MARKS;
    const devnet = devnetService({ db: tx, config: config as Config, clock: now });
    const sent = await devnet.deposit({
      blockchain,
      toAddress: wallet.address,
      amount: fromBaseUnits(amount, nativeToken(blockchain).decimals),
    });
    await repo.book(wallet, { kind: 'DEVNET_GRANT', amount: amount.toString(), txHash: sent.hash }, 1, now());
  }

  async function ensure(blockchain: Blockchain, seed: () => Promise<Uint8Array>): Promise<GasFeeWalletRow> {
    const existing = await repo.find(blockchain);
    if (existing) return existing;
    const derived = deriveAccount({ seed: await seed(), blockchain, accountIndex: GAS_FEE_ACCOUNT_INDEX });
    const address = derived.address ?? (await freeEosAccountName(tx, blockchain, derived.publicKey));
    const made = await repo.insert({
      blockchain,
      address,
      publicKey: derived.publicKey,
      derivationPath: derived.path,
      createdAt: now(),
      updatedAt: now(),
    });
    // Another transaction made it meanwhile: its row, granted once by that transaction.
    if (!made) return (await repo.find(blockchain))!;
    if (onDevnet(config, blockchain)) {
      // The account exists on the devnet from the start, with the wallet's key, as a funded EOS account would.
      if (familyOf(blockchain) === 'eosio') await registerDevnetAccount(tx, blockchain, address, derived.publicKey);
      await devnetGrant(made, blockchain);
    }
    return (await repo.find(blockchain))!;
  }

  /**
   * What the product pays for one account creation where it creates the account itself: on the devnet, where the
   * engine registers the account. On a node runtime the EOS-type account is opened by the provider outside the
   * product today (the wallet records its name), so the product neither checks nor charges for it there; when the
   * engine sends `newaccount` on nodes, the charge moves with it.
   */
  const chargedCost = (blockchain: Blockchain) => (onDevnet(config, blockchain) ? creationCost(blockchain) : null);

  return {
    ensure,

    /** Whether the network's gas-fee wallet (made if missing) can pay one account creation now. */
    async coversCreation(blockchain: Blockchain, seed: () => Promise<Uint8Array>): Promise<boolean> {
      const cost = chargedCost(blockchain);
      if (cost === null) return true;
      return BigInt((await ensure(blockchain, seed)).balance) >= cost;
    },

    /**
     * Charges the creation made by `requestId`, once: the wallet row is locked, a request already charged (a retried
     * job) is charged nothing more, and a balance that no longer covers the cost refuses.
     */
    async chargeCreation(
      blockchain: Blockchain,
      requestId: string,
      seed: () => Promise<Uint8Array>,
    ): Promise<CreationCharge> {
      const cost = chargedCost(blockchain);
      await ensure(blockchain, seed);
      if (cost === null) return 'free';
      const wallet = (await repo.find(blockchain, { lock: true }))!;
      if (await repo.entryOfRequest(requestId)) return 'charged';
      if (BigInt(wallet.balance) < cost) return 'insufficient';
      await repo.book(wallet, { kind: 'WALLET_CREATION', amount: cost.toString(), requestId }, -1, now());
      return 'charged';
    },
  };
}

/**
 * What the engine's signer needs for one signature by the organization's gas-fee wallet at `address` on
 * `blockchain` (it pays what the provider pays for, such as a cold Solana wallet's nonce account): the sealed
 * mnemonic and the reserved account index. Undefined when the address is not that wallet.
 */
export async function gasFeeSigningMaterial(tx: Db, organizationId: string, blockchain: string, address: string) {
  const wallet = await gasFeeWalletsRepository(tx, organizationId).find(blockchain);
  if (wallet?.address !== address) return undefined;
  const mnemonicEnc = await walletCustody(tx, organizationId).sealedSeed();
  return mnemonicEnc ? { mnemonicEnc, accountIndex: GAS_FEE_ACCOUNT_INDEX } : undefined;
}
