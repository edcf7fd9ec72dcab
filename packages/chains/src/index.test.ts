import { BLOCKCHAINS, type Blockchain, familyOf } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { deriveAccount, isValidAddress, isValidEosPublicKey, mnemonicToSeed } from './index.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeed(ABANDON);

describe('deriveAccount', () => {
  it('dispatches to each family and returns the published addresses', () => {
    expect(deriveAccount({ seed, blockchain: 'BITCOIN', accountIndex: 0 })).toEqual({
      family: 'btc',
      path: "m/84'/0'/0'/0/0",
      publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    });
    expect(deriveAccount({ seed, blockchain: 'BITCOIN', accountIndex: 0, addressIndex: 1 }).address).toBe(
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    );
    expect(deriveAccount({ seed, blockchain: 'BITCOIN_TESTNET', accountIndex: 0 }).address).toBe(
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    );
    expect(deriveAccount({ seed, blockchain: 'AVAX_C_CHAIN', accountIndex: 0 })).toMatchObject({
      family: 'evm',
      path: "m/44'/60'/0'/0/0",
      address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    });
    expect(deriveAccount({ seed, blockchain: 'SOLANA', accountIndex: 0 })).toMatchObject({
      family: 'sol',
      path: "m/44'/501'/0'/0'",
      address: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    });
  });

  it('returns a public key and no address for EOS-type chains', () => {
    const account = deriveAccount({ seed, blockchain: 'BIZAUTO', accountIndex: 2, addressIndex: 3 });
    expect(account.family).toBe('eosio');
    expect(account.path).toBe("m/44'/194'/2'/0/3");
    expect(account.address).toBeNull();
    expect(isValidEosPublicKey(account.publicKey)).toBe(true);
  });

  it('derives an address every blockchain itself accepts, distinct per account', () => {
    for (const blockchain of BLOCKCHAINS) {
      const a = deriveAccount({ seed, blockchain, accountIndex: 0 });
      const b = deriveAccount({ seed, blockchain, accountIndex: 1 });
      expect(a.family).toBe(familyOf(blockchain));
      expect(a.publicKey).not.toBe(b.publicKey);
      if (a.address !== null) expect(isValidAddress(blockchain, a.address), blockchain).toBe(true);
    }
  });
});

describe('isValidAddress', () => {
  it('validates per family', () => {
    expect(isValidAddress('BITCOIN', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(true);
    expect(isValidAddress('BITCOIN_TESTNET', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(false);
    expect(isValidAddress('BITCOIN', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')).toBe(false);
    expect(isValidAddress('POLYGON', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('POLYGON', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('SOLANA_DEVNET', 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')).toBe(true);
    expect(isValidAddress('BIZAUTO', 'vaultline125')).toBe(true);
    expect(isValidAddress('BIZAUTO', 'vaultline12')).toBe(false);
  });

  it("refuses another family's addresses, garbage and unknown chains", () => {
    const samples = {
      btc: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      evm: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      sol: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
      eosio: 'vaultline125',
    };
    for (const blockchain of BLOCKCHAINS) {
      const family = familyOf(blockchain);
      for (const [other, address] of Object.entries(samples)) {
        if (other !== family) expect(isValidAddress(blockchain, address), `${blockchain} ${address}`).toBe(false);
      }
      for (const garbage of ['', ' ', 'garbage', '0x', '\u0000'.repeat(40)]) {
        expect(isValidAddress(blockchain, garbage), blockchain).toBe(false);
      }
    }
    expect(isValidAddress('DOGECOIN' as Blockchain, 'vaultline125')).toBe(false);
    expect(isValidAddress('ETHEREUM', 42 as unknown as string)).toBe(false);
  });
});
