import { describe, expect, it } from 'vitest';
import { mnemonicToSeed } from '../seed.js';
import { deriveEvm, isValidEvmAddress, toChecksumAddress } from './evm.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

// EIP-55's own examples: mixed-case checksummed, all upper case, all lower case.
const EIP55_CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const EIP55_UPPER = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];

/** Flips the case of the first letter after `0x`. */
function flipOneCase(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i]!;
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  return address.slice(0, i) + flipped + address.slice(i + 1);
}

describe('deriveEvm', () => {
  it("derives m/44'/60'/0'/0/0 of the abandon phrase", () => {
    const account = deriveEvm(mnemonicToSeed(ABANDON), 'ETHEREUM', 0, 0);
    expect(account.path).toBe("m/44'/60'/0'/0/0");
    expect(account.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('gives the same address on every EVM network', () => {
    const seed = mnemonicToSeed(ABANDON);
    for (const chain of ['POLYGON', 'BSC', 'BASE', 'SEPOLIA', 'KAIA'] as const) {
      expect(deriveEvm(seed, chain, 0, 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    }
  });
});

describe('EIP-55', () => {
  it('checksums the EIP examples from any case', () => {
    for (const address of EIP55_CHECKSUMMED) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(toChecksumAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(address);
    }
    expect(() => toChecksumAddress('0x1234')).toThrow();
  });

  it('accepts checksummed, all-lower and all-upper addresses', () => {
    for (const address of [...EIP55_CHECKSUMMED, ...EIP55_UPPER, ...EIP55_LOWER]) {
      expect(isValidEvmAddress(address), address).toBe(true);
    }
  });

  it('refuses a checksummed address with one case flipped', () => {
    for (const address of EIP55_CHECKSUMMED) {
      const flipped = flipOneCase(address);
      expect(flipped).not.toBe(address);
      expect(isValidEvmAddress(flipped), flipped).toBe(false);
    }
  });

  it('refuses wrong lengths, prefixes and garbage', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xg9858EfFD232B4033E47d90003D41EC34EcaEda9',
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      '',
    ]) {
      expect(isValidEvmAddress(address), address).toBe(false);
    }
  });
});
