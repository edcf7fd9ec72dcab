import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { derivationPath } from '../derivation.js';
import { deriveBtc } from '../families/btc.js';
import { eosLegacyPublicKey } from '../families/eosio.js';
import { deriveEvm, toChecksumAddress } from '../families/evm.js';
import { deriveSol, slip10Ed25519Derive } from '../families/sol.js';
import { mnemonicToSeed } from '../seed.js';
import { deriveSigningKey, type SigningKey } from '../tx/keys.js';

/**
 * The devnet's faucet keys come from a public, well-known test mnemonic: devnet coins are worthless and its
 * senders must look like real addresses of each chain, derived the same way wallets are.
 */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';
/** EOSIO account names are registered, not derived: the faucet uses this 12-character name. */
export const DEVNET_EOSIO_FAUCET = 'devnetfaucet';

let seedCache: Uint8Array | undefined;
const devnetSeed = () => {
  seedCache ??= mnemonicToSeed(DEVNET_MNEMONIC);
  return seedCache;
};

const faucets = new Map<Blockchain, string>();
/** The fixed sender of devnet deposits on a blockchain, in that chain's address format. */
export function faucetAddress(blockchain: Blockchain): string {
  let address = faucets.get(blockchain);
  if (!address) {
    const seed = devnetSeed();
    const family = familyOf(blockchain);
    if (family === 'btc') address = deriveBtc(seed, blockchain, 0).address;
    else if (family === 'evm') address = deriveEvm(seed, blockchain, 0).address;
    else if (family === 'sol') address = deriveSol(seed, blockchain, 0).address;
    else address = DEVNET_EOSIO_FAUCET;
    faucets.set(blockchain, address);
  }
  return address;
}

/** One spelling per address, so a deposit to `0xabc…` finds the wallet stored as `0xAbC…` (EIP-55). */
export function canonicalAddress(blockchain: Blockchain, address: string): string {
  return familyOf(blockchain) === 'evm' ? toChecksumAddress(address) : address;
}

/**
 * A transaction hash in the real format of the chain's family, computed over the transaction's payload:
 * btc: txid (double SHA-256, byte-reversed, 64 lowercase hex); evm: 0x + keccak-256 (64 hex);
 * eosio: SHA-256 (64 hex); sol: base58 of the 64-byte ed25519 signature of the faucet's key.
 */
export function transactionHash(blockchain: Blockchain, payload: Uint8Array): string {
  switch (familyOf(blockchain)) {
    case 'btc':
      return bytesToHex(sha256(sha256(payload)).reverse());
    case 'evm':
      return `0x${bytesToHex(keccak_256(payload))}`;
    case 'eosio':
      return bytesToHex(sha256(payload));
    case 'sol':
      return base58.encode(ed25519.sign(payload, solFaucetKey(blockchain)));
  }
}

/** The private key behind the Solana faucet address: the signature is one the faucet really made. */
function solFaucetKey(blockchain: Blockchain): Uint8Array {
  return slip10Ed25519Derive(devnetSeed(), derivationPath('sol', blockchain, 0, 0)).privateKey;
}

export const TX_HASH_FORMATS = {
  btc: /^[0-9a-f]{64}$/,
  evm: /^0x[0-9a-f]{64}$/,
  eosio: /^[0-9a-f]{64}$/,
  sol: /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
} as const;

/** Whether `hash` has the format of a transaction hash on this blockchain. */
export function isValidTransactionHash(blockchain: Blockchain, hash: string): boolean {
  const family = familyOf(blockchain);
  if (!TX_HASH_FORMATS[family].test(hash)) return false;
  return family !== 'sol' || base58.decode(hash).length === 64;
}

/**
 * The hash of a devnet block: the devnet never reorganizes, so one block per height and a hash that only depends on
 * the chain and the height is stable across passes and processes (64 hex, 0x-prefixed on EVM like a real block hash).
 */
export function devnetBlockHash(blockchain: Blockchain, height: number): string {
  const hex = bytesToHex(sha256(utf8ToBytes(`devnet-block:${blockchain}:${height}`)));
  return familyOf(blockchain) === 'evm' ? `0x${hex}` : hex;
}

/**
 * The faucet's key pair on a blockchain (account 0 of the public devnet mnemonic): the faucet signs real
 * transactions like any wallet. A fresh copy each call, so a caller may wipe it.
 */
export function devnetFaucetKey(blockchain: Blockchain): SigningKey {
  return deriveSigningKey(devnetSeed(), blockchain, 0);
}

/** The faucet account's registered key on an EOS-type devnet (it needs no registry row: genesis has it). */
export function devnetEosFaucetPublicKey(blockchain: Blockchain): string {
  return eosLegacyPublicKey(devnetFaucetKey(blockchain).publicKey);
}

/**
 * The chain id of an EOS-type blockchain as the devnet runs it: one constant per blockchain, which signatures
 * commit to (a real network's id comes from its node, never from here).
 */
export function eosChainIdOf(blockchain: Blockchain): string {
  if (familyOf(blockchain) !== 'eosio') throw new Error(`${blockchain} is not an EOS-type blockchain`);
  return bytesToHex(sha256(utf8ToBytes(`devnet-eosio-chain:${blockchain}`)));
}

/** The Solana blockhash of a devnet block: base58 of the block's 32-byte hash. */
export function devnetSolBlockhash(blockchain: Blockchain, height: number): string {
  return base58.encode(hexToBytes(devnetBlockHash(blockchain, height)));
}

/**
 * The EOSIO block id of a devnet block: like nodeos ids, the first 4 bytes are the block number (big-endian),
 * which TAPOS and `BlockId.blockNum` read; the rest comes from the devnet's block hash.
 */
export function devnetEosBlockId(blockchain: Blockchain, height: number): string {
  const id = hexToBytes(devnetBlockHash(blockchain, height));
  new DataView(id.buffer, id.byteOffset, 4).setUint32(0, height, false);
  return bytesToHex(id);
}
