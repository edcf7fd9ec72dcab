import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import type { Blockchain } from '@vaultline/contracts';
import { derivationPath } from '../derivation.js';

export interface EvmAccount {
  path: string;
  /** Compressed secp256k1 public key, hex (33 bytes). */
  publicKey: string;
  /** EIP-55 checksummed address. */
  address: string;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * EIP-55: each letter of the lowercase hex is uppercased when the matching nibble of
 * keccak256(lowercase hex, as ASCII) is 8 or more.
 */
export function toChecksumAddress(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new Error(`Not an EVM address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i]!;
    out += Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * `0x` + 40 hex digits. Mixed case carries an EIP-55 checksum, which must then be right: a
 * mistyped character in a checksummed address is caught here instead of sending funds to it.
 * All-lowercase and all-uppercase carry no checksum and are accepted as EIP-55 specifies.
 */
export function isValidEvmAddress(address: string): boolean {
  if (typeof address !== 'string' || !HEX_ADDRESS.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** The address of an uncompressed or compressed secp256k1 public key: last 20 bytes of keccak256(X || Y). */
export function publicKeyToEvmAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toChecksumAddress(`0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`);
}

/** The account `m/44'/60'/account'/0/index`; the blockchain only selects the family, the path is shared by all EVM networks. */
export function deriveEvm(
  seed: Uint8Array,
  blockchain: Blockchain,
  accountIndex: number,
  addressIndex = 0,
): EvmAccount {
  const path = derivationPath('evm', blockchain, accountIndex, addressIndex);
  const publicKey = HDKey.fromMasterSeed(seed).derive(path).publicKey;
  if (!publicKey) throw new Error(`No public key at ${path}`);
  return { path, publicKey: bytesToHex(publicKey), address: publicKeyToEvmAddress(publicKey) };
}
