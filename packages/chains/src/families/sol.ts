import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import type { Blockchain } from '@vaultline/contracts';
import { derivationPath, HARDENED, parsePath } from '../derivation.js';

export interface Slip10Node {
  /** 32-byte ed25519 private key (the RFC 8032 seed). */
  privateKey: Uint8Array;
  chainCode: Uint8Array;
}

export interface SolAccount {
  path: string;
  /** Raw 32-byte ed25519 public key, hex. */
  publicKey: string;
  /** Base58 of the public key. */
  address: string;
}

const ED25519_CURVE_KEY = utf8ToBytes('ed25519 seed');

function split(digest: Uint8Array): Slip10Node {
  return { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) };
}

/** SLIP-10 master node: HMAC-SHA512(key = "ed25519 seed", seed). */
export function slip10Ed25519Master(seed: Uint8Array): Slip10Node {
  return split(hmac(sha512, ED25519_CURVE_KEY, seed));
}

/**
 * SLIP-10 ed25519 child: HMAC-SHA512(chain code, 0x00 || key || index_be32). Only hardened
 * indices exist for ed25519 (there is no public-key derivation), so a normal index is refused
 * rather than silently hardened, which would hide a wrong path.
 */
export function slip10Ed25519Child(parent: Slip10Node, index: number): Slip10Node {
  if (!Number.isInteger(index) || index < HARDENED || index > 0xffff_ffff) {
    throw new Error(`SLIP-10 ed25519 supports hardened indices only, got ${index}`);
  }
  const data = new Uint8Array(37);
  data.set(parent.privateKey, 1);
  new DataView(data.buffer).setUint32(33, index, false);
  return split(hmac(sha512, parent.chainCode, data));
}

/** The node at a path such as `m/44'/501'/0'/0'`. */
export function slip10Ed25519Derive(seed: Uint8Array, path: string): Slip10Node {
  return parsePath(path).reduce(slip10Ed25519Child, slip10Ed25519Master(seed));
}

/** Base58 of a raw 32-byte public key. */
export function solanaAddressFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('A Solana public key is 32 bytes');
  return base58.encode(publicKey);
}

/** The account `m/44'/501'/account'/index'`, as Phantom and Solflare derive it (same on mainnet and devnet). */
export function deriveSol(
  seed: Uint8Array,
  blockchain: Blockchain,
  accountIndex: number,
  addressIndex = 0,
): SolAccount {
  const path = derivationPath('sol', blockchain, accountIndex, addressIndex);
  const publicKey = ed25519.getPublicKey(slip10Ed25519Derive(seed, path).privateKey);
  return { path, publicKey: bytesToHex(publicKey), address: solanaAddressFromPublicKey(publicKey) };
}

/**
 * Base58 decoding to exactly 32 bytes. The curve is not checked on purpose: program-derived
 * addresses are off-curve yet valid recipients, so any 32 bytes are an address.
 */
export function isValidSolanaAddress(address: string): boolean {
  // 32 bytes are 32–44 base58 characters; the bound also keeps the quadratic decoder away from huge input.
  if (typeof address !== 'string' || address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}
