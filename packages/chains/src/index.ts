// Per chain family: key derivation, address formats and validation; pure, no I/O.
import { BLOCKCHAIN_INFO, type Blockchain, type ChainFamily, familyOf } from '@vaultline/contracts';
import { deriveBtc, isValidBtcAddress } from './families/btc.js';
import { deriveEosio, isValidEosAccountName } from './families/eosio.js';
import { deriveEvm, isValidEvmAddress } from './families/evm.js';
import { deriveSol, isValidSolanaAddress } from './families/sol.js';

export type { ChainFamily } from '@vaultline/contracts';
export * from './derivation.js';
export * from './devnet/index.js';
export * from './families/btc.js';
export * from './families/eosio.js';
export * from './families/evm.js';
export * from './families/sol.js';
export * from './seed.js';
export * from './tx/index.js';

export interface DeriveAccountInput {
  /** BIP-39 seed (64 bytes) of the organization. */
  seed: Uint8Array;
  blockchain: Blockchain;
  accountIndex: number;
  addressIndex?: number;
}

export interface DerivedAccount {
  family: ChainFamily;
  path: string;
  /**
   * btc, evm: compressed secp256k1 key, hex. sol: raw ed25519 key, hex.
   * eosio: legacy `EOS…` text, the form the chain takes when the key is attached to an account.
   */
  publicKey: string;
  /** null for eosio: its account name is chosen and registered, not derived; the engine pairs it with this key. */
  address: string | null;
}

/** The key and address of one wallet address, derived from the organization seed for its blockchain's family. */
export function deriveAccount({
  seed,
  blockchain,
  accountIndex,
  addressIndex = 0,
}: DeriveAccountInput): DerivedAccount {
  const family = familyOf(blockchain);
  switch (family) {
    case 'btc':
      return { family, ...deriveBtc(seed, blockchain, accountIndex, addressIndex) };
    case 'evm':
      return { family, ...deriveEvm(seed, blockchain, accountIndex, addressIndex) };
    case 'sol':
      return { family, ...deriveSol(seed, blockchain, accountIndex, addressIndex) };
    case 'eosio': {
      const { path, publicKey } = deriveEosio(seed, blockchain, accountIndex, addressIndex);
      return { family, path, publicKey, address: null };
    }
  }
}

/** Whether `address` can receive on `blockchain`; for eosio chains the address is an account name. */
export function isValidAddress(blockchain: Blockchain, address: string): boolean {
  // Callers may pass unparsed input; an unknown chain or a non-string is simply not a valid address.
  if (typeof address !== 'string' || !Object.hasOwn(BLOCKCHAIN_INFO, blockchain)) return false;
  switch (familyOf(blockchain)) {
    case 'btc':
      return isValidBtcAddress(address, blockchain);
    case 'evm':
      return isValidEvmAddress(address);
    case 'sol':
      return isValidSolanaAddress(address);
    case 'eosio':
      return isValidEosAccountName(address);
  }
}
