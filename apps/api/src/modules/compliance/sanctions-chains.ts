import { isValidAddress } from '@vaultline/chains';
import { BLOCKCHAINS, type Blockchain, type ChainFamily, familyOf } from '@vaultline/contracts';

/**
 * Chain tags of the public sanctioned digital-currency-address lists (OFAC's "Digital Currency Address - XBT" and
 * the like) onto the product's chain families. A listing matters to a product blockchain only through its family:
 * an address is the same key on every network of an EVM family, so an `ETH` listing matches on Polygon or Base too.
 */

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Tags that always name an EVM chain (the address must then be hex). */
const EVM_TAGS = new Set(['ETH', 'ETC', 'BSC', 'ARB', 'MATIC', 'POL', 'BASE', 'OP', 'KLAY', 'KAIA', 'AVAXC']);
/**
 * Tags of tokens issued on several chains (USDT on Ethereum and Tron…): EVM when the address is hex, otherwise a
 * chain the product does not serve (a Tron `T…` address), kept as given and never matched.
 */
const MULTI_CHAIN_TAGS = new Set(['USDT', 'USDC', 'DAI', 'BUSD', 'TUSD', 'WETH', 'BNB', 'AVAX']);
const BTC_TAGS = new Set(['XBT', 'BTC']);
const SOL_TAGS = new Set(['SOL']);
// `EOS` is deliberately absent: an EOS mainnet account name belongs to someone else on BizAuto's own EOSIO chain.

const PRODUCT_BLOCKCHAINS = new Set<string>(BLOCKCHAINS);

/** The product family a listed (tag, address) pair belongs to; null for chains the product does not serve. */
export function tagFamily(tag: string, address: string): ChainFamily | null {
  const upper = tag.toUpperCase();
  if (PRODUCT_BLOCKCHAINS.has(upper)) return familyOf(upper as Blockchain);
  if (EVM_TAGS.has(upper)) return 'evm';
  if (MULTI_CHAIN_TAGS.has(upper)) return HEX_ADDRESS.test(address) ? 'evm' : null;
  if (BTC_TAGS.has(upper)) return 'btc';
  if (SOL_TAGS.has(upper)) return 'sol';
  return null;
}

/** bech32/bech32m human-readable parts of the bitcoin-type networks the product serves (mainnet, testnet, regtest). */
const BECH32 = /^(bc|tb|bcrt)1/i;

/**
 * The address in its family's canonical form, what `address_key` holds: EVM hex lower-case (the checksum is only
 * letter case); bech32 bitcoin-type addresses lower-case (BIP-173 makes them case-insensitive); base58 (bitcoin
 * legacy, Solana) and EOSIO names are case-sensitive, so as given.
 */
export function addressKeyOf(family: ChainFamily | null, address: string): string {
  const trimmed = address.trim();
  return isCaseless(family, trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** Whether letter case carries no meaning in this address (so stored addresses compare lower-cased). */
export function isCaseless(family: ChainFamily | null, address: string): boolean {
  return family === 'evm' || (family === 'btc' && BECH32.test(address.trim()));
}

/** A network of each family to check a listed address against (bitcoin-type: either network, see below). */
const FAMILY_CHECKS: Record<ChainFamily, Blockchain[]> = {
  evm: [],
  // A list names mainnet addresses, but a list the tests or a demo make may name testnet ones: either is well formed.
  btc: ['BITCOIN', 'BITCOIN_TESTNET'],
  sol: ['SOLANA'],
  eosio: ['BIZAUTO'],
};

/**
 * Whether a listed address is well formed for its family. EVM accepts any 40 hex digits even with a wrong
 * EIP-55 checksum: the checksum guards typing, and the key is the lower-case form, so a list's typo in letter case
 * must not drop a sanctioned address.
 */
export function isListableAddress(family: ChainFamily | null, address: string): boolean {
  if (family === null) return true;
  if (family === 'evm') return HEX_ADDRESS.test(address);
  return FAMILY_CHECKS[family].some((blockchain) => isValidAddress(blockchain, address));
}
