import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { type Blockchain, eosAccountNameSchema, LIMITS } from '@vaultline/contracts';
import { derivationPath } from '../derivation.js';

export interface EosAccountKey {
  path: string;
  /** Legacy `EOS…` format, which every EOSIO node and fork accepts. */
  publicKey: string;
  /** `PUB_K1_…` format of the same key, for newer tooling. */
  publicKeyK1: string;
}

const LEGACY_PREFIX = 'EOS';
const K1_PREFIX = 'PUB_K1_';
const K1_SUFFIX = utf8ToBytes('K1');
const WIF_VERSION = 0x80;
const base58check = createBase58check(sha256);

/** Legacy checksum: RIPEMD-160 of the key; `PUB_K1_`: RIPEMD-160 of the key followed by the type name "K1". */
function checksum(key: Uint8Array, k1: boolean): Uint8Array {
  return ripemd160(k1 ? concatBytes(key, K1_SUFFIX) : key).subarray(0, 4);
}

function assertCompressedKey(publicKey: Uint8Array): void {
  if (!secp256k1.utils.isValidPublicKey(publicKey, true)) throw new Error('Not a compressed secp256k1 public key');
}

/** `EOS` + base58(compressed key || first 4 bytes of RIPEMD-160(key)). */
export function eosLegacyPublicKey(publicKey: Uint8Array): string {
  assertCompressedKey(publicKey);
  return LEGACY_PREFIX + base58.encode(concatBytes(publicKey, checksum(publicKey, false)));
}

/** `PUB_K1_` + base58(compressed key || first 4 bytes of RIPEMD-160(key || "K1")). */
export function eosK1PublicKey(publicKey: Uint8Array): string {
  assertCompressedKey(publicKey);
  return K1_PREFIX + base58.encode(concatBytes(publicKey, checksum(publicKey, true)));
}

/** The compressed key inside an `EOS…` or `PUB_K1_…` string, or null when malformed, mis-checksummed or off-curve. */
export function decodeEosPublicKey(text: string): Uint8Array | null {
  if (typeof text !== 'string') return null;
  const k1 = text.startsWith(K1_PREFIX);
  if (!k1 && !text.startsWith(LEGACY_PREFIX)) return null;
  const body = text.slice(k1 ? K1_PREFIX.length : LEGACY_PREFIX.length);
  // 37 bytes are at most 51 base58 characters; the bound keeps the decoder away from huge input.
  if (body.length > 51) return null;
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(body);
  } catch {
    return null;
  }
  if (bytes.length !== 37) return null;
  const key = bytes.subarray(0, 33);
  const expected = checksum(key, k1);
  if (!expected.every((byte, i) => byte === bytes[33 + i])) return null;
  return secp256k1.utils.isValidPublicKey(key, true) ? key.slice() : null;
}

export function isValidEosPublicKey(text: string): boolean {
  return decodeEosPublicKey(text) !== null;
}

/**
 * The 32-byte private key of a legacy EOS WIF (`5…`): base58check with version 0x80, as in Bitcoin.
 * A trailing 0x01 compression flag is tolerated because some tools emit it.
 */
export function eosPrivateKeyFromWif(wif: string): Uint8Array {
  const bytes = base58check.decode(wif);
  if (bytes[0] !== WIF_VERSION) throw new Error('Not a WIF private key (version byte is not 0x80)');
  const key = bytes.subarray(1);
  if (key.length === 33 && key[32] === 0x01) return key.slice(0, 32);
  if (key.length !== 32) throw new Error('A WIF private key holds 32 bytes');
  return key.slice();
}

/** Compressed secp256k1 public key of a private key. */
export function eosPublicKeyFromPrivateKey(privateKey: Uint8Array): Uint8Array {
  return secp256k1.getPublicKey(privateKey, true);
}

/**
 * The key of `m/44'/194'/account'/0/index`. There is no address to derive: an EOSIO account is a
 * name registered on chain that the key is then attached to.
 */
export function deriveEosio(
  seed: Uint8Array,
  blockchain: Blockchain,
  accountIndex: number,
  addressIndex = 0,
): EosAccountKey {
  const path = derivationPath('eosio', blockchain, accountIndex, addressIndex);
  const publicKey = HDKey.fromMasterSeed(seed).derive(path).publicKey;
  if (!publicKey) throw new Error(`No public key at ${path}`);
  return { path, publicKey: eosLegacyPublicKey(publicKey), publicKeyK1: eosK1PublicKey(publicKey) };
}

/** Exactly 12 characters of a-z and 1-5: the product's rule, shared with contracts' eosAccountNameSchema. */
export function isValidEosAccountName(name: string): boolean {
  return eosAccountNameSchema.safeParse(name).success;
}

const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz12345';
/** Random bytes are reduced to 0–31 and 31 is rejected, so each of the 31 characters is equally likely. */
const NAME_MASK = 0x1f;
/** With a fair source, 64 rounds without 12 accepted characters has probability far below 2^-100. */
const MAX_ROUNDS = 64;

const defaultRandomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/**
 * A uniformly random valid account name. The randomness is injected so tests can drive it;
 * a source that keeps producing only rejected bytes is reported instead of looping forever.
 */
export function randomEosAccountName(randomBytes: (n: number) => Uint8Array = defaultRandomBytes): string {
  let name = '';
  for (let round = 0; round < MAX_ROUNDS && name.length < LIMITS.EOS_NAME_LENGTH; round++) {
    for (const byte of randomBytes(LIMITS.EOS_NAME_LENGTH - name.length)) {
      const index = byte & NAME_MASK;
      if (index < NAME_ALPHABET.length && name.length < LIMITS.EOS_NAME_LENGTH) name += NAME_ALPHABET[index];
    }
  }
  if (name.length < LIMITS.EOS_NAME_LENGTH) throw new Error('Random source produced no usable bytes');
  return name;
}
