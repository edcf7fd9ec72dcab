// The private key of one wallet address, for the engine's signer only: it derives the key for one signature
// and drops it. Nothing in the API process calls this.
import { ed25519 } from '@noble/curves/ed25519.js';
import { HDKey } from '@scure/bip32';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { derivationPath } from '../derivation.js';
import { slip10Ed25519Derive } from '../families/sol.js';

export interface SigningKey {
  /** 32 bytes: a secp256k1 scalar (btc, evm, eosio) or an ed25519 seed (sol). */
  privateKey: Uint8Array;
  /** Compressed secp256k1 key (33 bytes) or raw ed25519 key (32 bytes). */
  publicKey: Uint8Array;
}

/** The key pair of `m/…/account/index` on this blockchain's family (the same paths as `deriveAccount`). */
export function deriveSigningKey(
  seed: Uint8Array,
  blockchain: Blockchain,
  accountIndex: number,
  addressIndex = 0,
): SigningKey {
  const family = familyOf(blockchain);
  const path = derivationPath(family, blockchain, accountIndex, addressIndex);
  if (family === 'sol') {
    const privateKey = slip10Ed25519Derive(seed, path).privateKey;
    return { privateKey, publicKey: ed25519.getPublicKey(privateKey) };
  }
  const node = HDKey.fromMasterSeed(seed).derive(path);
  if (!node.privateKey || !node.publicKey) throw new Error(`No key at ${path}`);
  return { privateKey: node.privateKey, publicKey: node.publicKey };
}
