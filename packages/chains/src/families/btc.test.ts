import { describe, expect, it } from 'vitest';
import { mnemonicToSeed } from '../seed.js';
import { deriveBtc, deriveBtcAtPath, isValidBtcAddress } from './btc.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeed(ABANDON);

describe('deriveBtc (BIP-84 spec vectors)', () => {
  it("derives m/84'/0'/0'/0/0 and m/84'/0'/0'/0/1", () => {
    expect(deriveBtc(seed, 'BITCOIN', 0, 0)).toEqual({
      path: "m/84'/0'/0'/0/0",
      publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    });
    expect(deriveBtc(seed, 'BITCOIN', 0, 1).address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it("derives the first change address m/84'/0'/0'/1/0", () => {
    expect(deriveBtcAtPath(seed, 'BITCOIN', "m/84'/0'/0'/1/0").address).toBe(
      'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
    );
  });

  it("derives the testnet address m/84'/1'/0'/0/0", () => {
    const account = deriveBtc(seed, 'BITCOIN_TESTNET', 0, 0);
    expect(account.path).toBe("m/84'/1'/0'/0/0");
    expect(account.address).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
  });

  it('refuses non-bitcoin blockchains', () => {
    expect(() => deriveBtc(seed, 'ETHEREUM', 0, 0)).toThrow();
  });
});

describe('isValidBtcAddress', () => {
  // BIP-173 / BIP-350 valid examples, the genesis coinbase address, and testnet base58 addresses of the abandon phrase.
  const mainnet = [
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', // p2wpkh
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // p2wpkh, upper case is valid bech32
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // p2wsh
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // p2tr (bech32m)
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // p2pkh
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // p2sh
  ];
  const testnet = [
    'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', // p2wpkh
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', // p2wsh
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', // p2tr (bech32m)
    'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV', // p2pkh, m/44'/1'/0'/0/0
    '2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2', // p2sh-p2wpkh, m/49'/1'/0'/0/0
  ];

  it("accepts each network's own addresses", () => {
    for (const address of mainnet) expect(isValidBtcAddress(address, 'BITCOIN'), address).toBe(true);
    for (const address of testnet) expect(isValidBtcAddress(address, 'BITCOIN_TESTNET'), address).toBe(true);
  });

  it("refuses the other network's addresses", () => {
    for (const address of mainnet) expect(isValidBtcAddress(address, 'BITCOIN_TESTNET'), address).toBe(false);
    for (const address of testnet) expect(isValidBtcAddress(address, 'BITCOIN'), address).toBe(false);
  });

  it('refuses bad checksums, wrong encodings and garbage', () => {
    const bad = [
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', // last character changed
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // v0 program with a bech32m checksum (BIP-350)
      'bc1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // mixed case
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // base58check checksum
      'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
      '',
      'not an address',
    ];
    for (const address of bad) expect(isValidBtcAddress(address, 'BITCOIN'), address).toBe(false);
    expect(isValidBtcAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'ETHEREUM')).toBe(false);
  });
});
