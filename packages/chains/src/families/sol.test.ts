import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { HARDENED } from '../derivation.js';
import { mnemonicToSeed } from '../seed.js';
import {
  deriveSol,
  isValidSolanaAddress,
  slip10Ed25519Child,
  slip10Ed25519Derive,
  slip10Ed25519Master,
} from './sol.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

// SLIP-0010 "Test vector 1 for ed25519". Public keys carry SLIP-10's 0x00 prefix; the raw key is the 32 bytes after it.
const VECTOR_1_SEED = '000102030405060708090a0b0c0d0e0f';
const VECTOR_1 = [
  {
    path: 'm',
    chainCode: '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
    privateKey: '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    publicKey: '00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
  },
  {
    path: "m/0'",
    chainCode: '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
    privateKey: '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    publicKey: '008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
  },
  {
    path: "m/0'/1'",
    chainCode: 'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
    privateKey: 'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    publicKey: '001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
  },
  {
    path: "m/0'/1'/2'/2'/1000000000'",
    chainCode: '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
    privateKey: '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
    publicKey: '003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
  },
];

describe('SLIP-10 ed25519', () => {
  it.each(VECTOR_1)('matches test vector 1 at $path', ({ path, chainCode, privateKey, publicKey }) => {
    const node = slip10Ed25519Derive(hexToBytes(VECTOR_1_SEED), path);
    expect(bytesToHex(node.chainCode)).toBe(chainCode);
    expect(bytesToHex(node.privateKey)).toBe(privateKey);
    expect(`00${bytesToHex(ed25519.getPublicKey(node.privateKey))}`).toBe(publicKey);
  });

  it('refuses normal (non-hardened) indices', () => {
    const master = slip10Ed25519Master(hexToBytes(VECTOR_1_SEED));
    expect(() => slip10Ed25519Child(master, 0)).toThrow();
    expect(() => slip10Ed25519Child(master, HARDENED - 1)).toThrow();
    expect(() => slip10Ed25519Derive(hexToBytes(VECTOR_1_SEED), "m/0'/1")).toThrow();
  });
});

describe('deriveSol', () => {
  it("derives m/44'/501'/0'/0' of the abandon phrase as Phantom/Solflare show it", () => {
    const account = deriveSol(mnemonicToSeed(ABANDON), 'SOLANA', 0, 0);
    expect(account.path).toBe("m/44'/501'/0'/0'");
    expect(account.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    expect(isValidSolanaAddress(account.address)).toBe(true);
  });

  it('gives the same address on devnet and different ones per index', () => {
    const seed = mnemonicToSeed(ABANDON);
    expect(deriveSol(seed, 'SOLANA_DEVNET', 0, 0).address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
    expect(deriveSol(seed, 'SOLANA', 0, 1).address).not.toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });
});

describe('isValidSolanaAddress', () => {
  it('accepts any 32-byte key, on-curve or not', () => {
    for (const address of [
      '11111111111111111111111111111111', // system program, all zero bytes
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL token program
      'ATcCGRoY87cSJESCXbHXEX6CDWQxepAViUvVnNsELhRu', // SLIP-10 vector 1 m/0' public key
      'FF2BjgeRK2LgK8Lj4wY2CTJrmJAKV5ZPCdHqfq1tJLGi', // an associated token account, an off-curve PDA
    ]) {
      expect(isValidSolanaAddress(address), address).toBe(true);
    }
  });

  it('refuses other lengths, non-base58 characters and other chains', () => {
    for (const address of [
      base58.encode(new Uint8Array(31).fill(0x7f)),
      base58.encode(new Uint8Array(33).fill(0x7f)),
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqkk', // 33 bytes
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpq0', // 0 is not base58
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqI', // nor is I
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      '',
    ]) {
      expect(isValidSolanaAddress(address), address).toBe(false);
    }
  });
});
