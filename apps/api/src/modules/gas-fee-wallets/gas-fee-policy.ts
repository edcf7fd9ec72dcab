import { BLOCKCHAIN_INFO, type Blockchain, familyOf, nativeToken, toBaseUnits } from '@vaultline/contracts';

/**
 * The BIP-44 account index of every gas-fee wallet: the largest hardened index (2^31 - 1). User wallets count up
 * from 0 (organization_seeds.next_account_index), so they never reach it, and the gas-fee wallet's key is the
 * organization's own without ever being one of its wallets.
 */
export const GAS_FEE_ACCOUNT_INDEX = 0x7fff_ffff;

/**
 * What creating one EOS-type account costs the gas-fee wallet, in the network's native coin. On EOSIO the creator
 * pays for the new account's RAM: `newaccount` alone stores 2,996 bytes, and custodians buy 4 KiB
 * (`buyrambytes … 4096`) plus a small CPU/NET stake so the account can transact at once. 0.5 BIZA is the provider's
 * flat tariff for that bundle: an assumption of this product with headroom over the RAM market's drift (BizAuto's RAM
 * is Bancor-priced like EOS's and no fixed price is published), not a live quote; revisit it when the market moves.
 */
const EOS_ACCOUNT_CREATION_COST: Partial<Record<Blockchain, string>> = { BIZAUTO: '0.5' };

/** Creations a full gas-fee wallet should still be able to pay when the low-balance warning (10) starts. */
const EOS_LOW_WATER_CREATIONS = 10n;

/**
 * Low-water marks of the other networks, in native coin: enough for a few dozen ordinary transfers at busy fees.
 * Valuable coins (ETH, BTC, BNB) need little; cheap ones (POL, KAIA, …) need many units for the same few dollars.
 */
const NATIVE_LOW_WATER: Record<string, string> = {
  ETH: '0.05',
  BTC: '0.001',
  BNB: '0.1',
  SOL: '0.5',
  AVAX: '1',
  IP: '5',
  CORE: '20',
  tCORE2: '20',
};
/** Any other native coin: cheap coins, for which 20 units pay many transfers. */
const DEFAULT_LOW_WATER = '20';

/** A devnet gas-fee wallet starts with this many low-water marks (see gas-fee-custody's opening grant). */
export const DEVNET_GRANT_MARKS = 10n;

const units = (blockchain: Blockchain, amount: string) => toBaseUnits(amount, nativeToken(blockchain).decimals);

/** Base units one account creation costs on an EOS-type network; null where creating a wallet costs nothing. */
export function creationCost(blockchain: Blockchain): bigint | null {
  if (familyOf(blockchain) !== 'eosio') return null;
  const cost = EOS_ACCOUNT_CREATION_COST[blockchain];
  // A new EOS-type network without a tariff is a mistake to fix here, not a free creation.
  if (!cost) throw new Error(`No account-creation cost for ${blockchain}`);
  return units(blockchain, cost);
}

/** Base units below which the gas-fee wallet of a network is low (warning 10). */
export function lowWaterMark(blockchain: Blockchain): bigint {
  const cost = creationCost(blockchain);
  if (cost !== null) return cost * EOS_LOW_WATER_CREATIONS;
  const symbol = BLOCKCHAIN_INFO[blockchain].nativeSymbol;
  return units(blockchain, NATIVE_LOW_WATER[symbol] ?? DEFAULT_LOW_WATER);
}
