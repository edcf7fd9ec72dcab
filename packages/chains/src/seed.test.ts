import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { generateMnemonic, mnemonicToSeed, validateMnemonic } from './seed.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('seed', () => {
  it('generates valid 24-word English mnemonics, different each time', () => {
    const a = generateMnemonic();
    const b = generateMnemonic();
    expect(a.split(' ')).toHaveLength(24);
    expect(validateMnemonic(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('matches the BIP-39 seed of the "abandon … about" vector (no passphrase and TREZOR)', () => {
    // Seed for the empty passphrase: the one BIP-84/BIP-44 wallets publish for this phrase.
    expect(bytesToHex(mnemonicToSeed(ABANDON))).toBe(
      '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    );
    // BIP-39 reference vectors (trezor/python-mnemonic vectors.json) use the passphrase "TREZOR".
    expect(bytesToHex(mnemonicToSeed(ABANDON, 'TREZOR'))).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    );
  });

  it('refuses a bad checksum, unknown words and wrong lengths', () => {
    expect(validateMnemonic(ABANDON.replace('about', 'abandon'))).toBe(false);
    expect(validateMnemonic(ABANDON.replace('about', 'bitcoinx'))).toBe(false);
    expect(validateMnemonic('abandon abandon about')).toBe(false);
    expect(() => mnemonicToSeed(ABANDON.replace('about', 'abandon'))).toThrow();
  });
});
