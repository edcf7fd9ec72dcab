// A cold wallet's public half: the air-gapped signer exports the public key of one wallet address as crypto-hdkey
// (its key origin: the seed's fingerprint and the full path), and Vaultline derives the address from it. The private
// key never leaves the signer; this is all Vaultline ever holds of a cold wallet.
import { CryptoHDKey } from '@keystonehq/bc-ur-registry';
import type { UR } from '@ngraveio/bc-ur';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { derivationPath } from '../derivation.js';
import { decodeEosPublicKey, eosLegacyPublicKey } from '../families/eosio.js';
import { publicKeyToEvmAddress } from '../families/evm.js';
import { slip10Ed25519Derive, solanaAddressFromPublicKey } from '../families/sol.js';
import { btcNetworkOf, p2wpkhAddress } from '../tx/btc.js';
import { masterFingerprintOf } from './cold-signer.js';
import { ColdQrError } from './qr-parts.js';
import { keypathOf } from './sign-request.js';

export const COLD_ACCOUNT_TYPE = 'crypto-hdkey';

/** What Vaultline keeps of a cold wallet address: where its key is under the cold seed, the key, the address. */
export interface ColdAccount {
  blockchain: Blockchain;
  accountIndex: number;
  derivationPath: string;
  masterFingerprint: string;
  /** Compressed secp256k1 (33 bytes) or ed25519 (32 bytes), hex. */
  publicKey: string;
  /** The address it receives at; EOS-type: the key's `EOS…` text (the account name is chosen and registered). */
  address: string;
}

/** Signer side: the public key of the wallet address `accountIndex` of `blockchain` under `seed`. */
export function coldAccountUr(seed: Uint8Array, blockchain: Blockchain, accountIndex: number): UR {
  const family = familyOf(blockchain);
  const path = derivationPath(family, blockchain, accountIndex, 0);
  const key =
    family === 'sol'
      ? ed25519.getPublicKey(slip10Ed25519Derive(seed, path).privateKey)
      : HDKey.fromMasterSeed(seed).derive(path).publicKey;
  if (!key) throw new Error(`No public key at ${path}`);
  return new CryptoHDKey({
    isMaster: false,
    key: Buffer.from(key),
    origin: keypathOf(path, masterFingerprintOf(seed)),
    name: blockchain,
  }).toUR();
}

function addressOf(blockchain: Blockchain, key: Uint8Array): string {
  switch (familyOf(blockchain)) {
    case 'btc':
      return p2wpkhAddress(key, btcNetworkOf(blockchain));
    case 'evm':
      return publicKeyToEvmAddress(key);
    case 'sol':
      return solanaAddressFromPublicKey(key);
    case 'eosio':
      return eosLegacyPublicKey(key);
  }
}

/**
 * Vaultline side: the cold account in an imported code, for `blockchain`. INVALID (40000) when the code's content
 * is no key; WRONG_COMPONENT (40002) when it is a key of another kind or chain (its path is not this chain's
 * standard path of an account's first address) or not a point of the family's curve.
 */
export function readColdAccount(ur: UR, blockchain: Blockchain): ColdAccount {
  if (ur.type !== COLD_ACCOUNT_TYPE) throw new ColdQrError('WRONG_COMPONENT', `A ${ur.type} is no account key`);
  let hdKey: CryptoHDKey;
  try {
    hdKey = CryptoHDKey.fromCBOR(ur.cbor);
  } catch {
    throw new ColdQrError('INVALID', 'The account key cannot be read');
  }
  if (!Buffer.isBuffer(hdKey.getKey())) throw new ColdQrError('INVALID', 'The code holds no key');
  const origin = hdKey.getOrigin();
  const path = origin ? `m/${origin.getPath()}` : '';
  const family = familyOf(blockchain);
  const accountIndex = Number(/^m\/\d+'\/\d+'\/(\d+)'/.exec(path)?.[1] ?? Number.NaN);
  if (!Number.isInteger(accountIndex) || derivationPath(family, blockchain, accountIndex, 0) !== path) {
    throw new ColdQrError('WRONG_COMPONENT', `The key at ${path || 'no path'} is not a ${blockchain} account key`);
  }
  const masterFingerprint = origin.getSourceFingerprint()?.toString('hex');
  if (!masterFingerprint) throw new ColdQrError('WRONG_COMPONENT', 'The key does not name the seed it is from');
  const key = new Uint8Array(hdKey.getKey());
  try {
    if (family === 'sol') ed25519.Point.fromBytes(key);
    else if (key.length !== 33) throw new Error('not compressed');
    else secp256k1.Point.fromBytes(key);
  } catch {
    throw new ColdQrError('WRONG_COMPONENT', 'The key is not a point of the chain curve');
  }
  return {
    blockchain,
    accountIndex,
    derivationPath: path,
    masterFingerprint,
    publicKey: bytesToHex(key),
    address: addressOf(blockchain, key),
  };
}

/**
 * A cold wallet's stored public key as bytes: EOS-type wallets keep the key's `EOS…` text (the form an account's
 * permission shows, as for hot wallets); the others keep the key itself in hex.
 */
export function coldPublicKeyBytes(blockchain: Blockchain, stored: string): Uint8Array {
  if (familyOf(blockchain) !== 'eosio') return hexToBytes(stored);
  const key = decodeEosPublicKey(stored);
  if (!key) throw new Error('The wallet has no EOS-type public key');
  return key;
}
