import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { Address, NETWORK, OutScript, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import { type Blockchain, familyOf } from '@vaultline/contracts';
import { derivationPath } from '../derivation.js';

export interface BtcAccount {
  path: string;
  /** Compressed secp256k1 public key, hex (33 bytes). */
  publicKey: string;
  /** Bech32 P2WPKH address (`bc1q…` / `tb1q…`). */
  address: string;
}

function networkOf(blockchain: Blockchain) {
  if (familyOf(blockchain) !== 'btc') throw new Error(`${blockchain} is not a bitcoin blockchain`);
  return blockchain === 'BITCOIN_TESTNET' ? TEST_NETWORK : NETWORK;
}

/** The P2WPKH account at an explicit path (e.g. a change address `…/1/i`, which the standard path never names). */
export function deriveBtcAtPath(seed: Uint8Array, blockchain: Blockchain, path: string): BtcAccount {
  const network = networkOf(blockchain);
  const publicKey = HDKey.fromMasterSeed(seed).derive(path).publicKey;
  if (!publicKey) throw new Error(`No public key at ${path}`);
  const { address } = p2wpkh(publicKey, network);
  if (!address) throw new Error(`No address for ${path}`);
  return { path, publicKey: bytesToHex(publicKey), address };
}

/** The receive address `m/84'/coin'/account'/0/index` (BIP-84). */
export function deriveBtc(
  seed: Uint8Array,
  blockchain: Blockchain,
  accountIndex: number,
  addressIndex = 0,
): BtcAccount {
  return deriveBtcAtPath(seed, blockchain, derivationPath('btc', blockchain, accountIndex, addressIndex));
}

/**
 * Whether `address` is a payable address of this blockchain's network: bech32 v0 (P2WPKH, P2WSH),
 * bech32m v1 (P2TR) or base58 P2PKH/P2SH. The decoder checks the checksum, the human-readable part
 * and the version byte against the network, so the other network's addresses are refused — a
 * testnet address on mainnet (or the reverse) would be a withdrawal nobody can receive.
 */
export function isValidBtcAddress(address: string, blockchain: Blockchain): boolean {
  if (typeof address !== 'string') return false;
  let network: ReturnType<typeof networkOf>;
  try {
    network = networkOf(blockchain);
  } catch {
    return false;
  }
  try {
    const decoded = Address(network).decode(address);
    return ['wpkh', 'wsh', 'tr', 'pkh', 'sh'].includes(decoded.type);
  } catch {
    return false;
  }
}

/**
 * The output script (hex) an address of this blockchain's network pays to; null when it is not one. A node of
 * another network with the same scripts (Litecoin regtest in the tests) is matched through it, not by address text.
 */
export function btcScriptOfAddress(address: string, blockchain: Blockchain): string | null {
  try {
    return bytesToHex(OutScript.encode(Address(networkOf(blockchain)).decode(address)));
  } catch {
    return null;
  }
}

/** The address of this blockchain's network that an output script (hex) pays; null for one no address names (OP_RETURN, bare multisig). */
export function btcAddressOfScript(scriptHex: string, blockchain: Blockchain): string | null {
  try {
    return Address(networkOf(blockchain)).encode(OutScript.decode(hexToBytes(scriptHex)));
  } catch {
    return null;
  }
}
