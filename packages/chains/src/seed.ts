import * as bip39 from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** 256 bits of entropy: the 24-word phrase, the strongest BIP-39 allows, for organization seeds that guard funds. */
const STRENGTH_BITS = 256;

/** A fresh 24-word English BIP-39 mnemonic, from the platform's secure random source. */
export function generateMnemonic(): string {
  return bip39.generateMnemonic(wordlist, STRENGTH_BITS);
}

/** Whether the phrase is English BIP-39 with a valid checksum (any of the 12–24 word lengths). */
export function validateMnemonic(mnemonic: string): boolean {
  return bip39.validateMnemonic(mnemonic, wordlist);
}

/**
 * The 64-byte BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds). BIP-39 itself would hash any string;
 * the phrase is checked first because a typo would otherwise silently produce a different wallet.
 */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  if (!validateMnemonic(mnemonic)) throw new Error('Invalid BIP-39 mnemonic');
  return bip39.mnemonicToSeedSync(mnemonic, passphrase);
}
