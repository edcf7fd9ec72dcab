import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { mnemonicToSeed } from '../seed.js';
import {
  decodeEosPublicKey,
  deriveEosio,
  eosK1PublicKey,
  eosLegacyPublicKey,
  eosPrivateKeyFromWif,
  eosPublicKeyFromPrivateKey,
  isValidEosAccountName,
  isValidEosPublicKey,
  randomEosAccountName,
} from './eosio.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

// The eosio development key pair published with EOSIO (nodeos genesis, cleos tutorials).
const DEV_WIF = '5KQwrPbwdL6PhXujxW37FSSQZ1JiwsST4cqQzDeyXtP79zkvFD3';
const DEV_PUBLIC = 'EOS6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5GDW5CV';
// The same key in the PUB_K1 format, as eosjs / Wharfkit print it.
const DEV_PUBLIC_K1 = 'PUB_K1_6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5BoDq63';

describe('EOS public keys', () => {
  it('formats the development private key as its published public keys', () => {
    const publicKey = eosPublicKeyFromPrivateKey(eosPrivateKeyFromWif(DEV_WIF));
    expect(eosLegacyPublicKey(publicKey)).toBe(DEV_PUBLIC);
    expect(eosK1PublicKey(publicKey)).toBe(DEV_PUBLIC_K1);
  });

  it('decodes both formats to the same key and validates checksums', () => {
    const legacy = decodeEosPublicKey(DEV_PUBLIC);
    expect(legacy).not.toBeNull();
    expect(bytesToHex(decodeEosPublicKey(DEV_PUBLIC_K1)!)).toBe(bytesToHex(legacy!));
    expect(isValidEosPublicKey(DEV_PUBLIC)).toBe(true);
    expect(isValidEosPublicKey(DEV_PUBLIC_K1)).toBe(true);
    for (const bad of [
      'EOS6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5GDW5CW', // checksum
      'PUB_K1_6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5GDW5CV', // legacy checksum under the K1 prefix
      'EOS6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5BoDq63', // K1 checksum under the legacy prefix
      'EOS6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5GDW5', // truncated
      'PUB_R1_6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5BoDq63',
      DEV_WIF,
      '',
    ]) {
      expect(isValidEosPublicKey(bad), bad).toBe(false);
    }
  });

  it('refuses a WIF with a bad checksum', () => {
    expect(() => eosPrivateKeyFromWif('5KQwrPbwdL6PhXujxW37FSSQZ1JiwsST4cqQzDeyXtP79zkvFD4')).toThrow();
  });

  it("derives m/44'/194'/a'/0/i keys in both formats", () => {
    const key = deriveEosio(mnemonicToSeed(ABANDON), 'BIZAUTO', 0, 0);
    expect(key.path).toBe("m/44'/194'/0'/0/0");
    expect(isValidEosPublicKey(key.publicKey)).toBe(true);
    expect(key.publicKey.startsWith('EOS')).toBe(true);
    expect(bytesToHex(decodeEosPublicKey(key.publicKeyK1)!)).toBe(bytesToHex(decodeEosPublicKey(key.publicKey)!));
  });
});

describe('EOS account names', () => {
  it('accepts exactly 12 characters of a-z and 1-5', () => {
    for (const name of ['vaultline125', 'abcdefghijkl', '111112222233', 'zzzzzzzzzzzz', 'a1b2c3d4e5zz']) {
      expect(isValidEosAccountName(name), name).toBe(true);
    }
  });

  it('refuses other lengths, upper case, 0 and 6-9, dots and garbage', () => {
    for (const name of [
      'vaultline12', // 11
      'vaultline1255', // 13
      'Vaultline125',
      'VAULTLINE125',
      'vaultline120',
      'vaultline126',
      'vaultline127',
      'vaultline128',
      'vaultline129',
      'vault.line12',
      'vaultline 12',
      '',
    ]) {
      expect(isValidEosAccountName(name), name).toBe(false);
    }
  });

  it('generates valid random names (1000 runs)', () => {
    const names = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const name = randomEosAccountName();
      expect(isValidEosAccountName(name), name).toBe(true);
      names.add(name);
    }
    expect(names.size).toBe(1000);
  });

  it('maps injected bytes onto the alphabet and skips the rejected value', () => {
    // 0 → a, 25 → z, 26 → 1, 30 → 5; 31 (and 255, which masks to 31) are rejected and re-drawn.
    const queue = [
      [0, 25, 26, 30, 31, 255, 32, 1, 2, 3, 4, 5],
      [6, 7],
    ];
    expect(randomEosAccountName(() => Uint8Array.from(queue.shift() ?? []))).toBe('az15abcdefgh');
  });

  it('throws rather than loops on a source that yields only rejected bytes', () => {
    expect(() => randomEosAccountName((n) => new Uint8Array(n).fill(0xff))).toThrow();
  });
});
