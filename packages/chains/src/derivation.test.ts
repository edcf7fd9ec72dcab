import { BLOCKCHAINS, familyOf } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { derivationPath, HARDENED, parsePath } from './derivation.js';

describe('derivationPath', () => {
  it('uses BIP-84 for bitcoin, coin type 1 on testnet', () => {
    expect(derivationPath('btc', 'BITCOIN', 0, 0)).toBe("m/84'/0'/0'/0/0");
    expect(derivationPath('btc', 'BITCOIN', 3, 7)).toBe("m/84'/0'/3'/0/7");
    expect(derivationPath('btc', 'BITCOIN_TESTNET', 0, 1)).toBe("m/84'/1'/0'/0/1");
  });

  it('uses the same BIP-44 coin-60 path on every EVM network', () => {
    const evm = BLOCKCHAINS.filter((chain) => familyOf(chain) === 'evm');
    expect(evm.length).toBeGreaterThan(10);
    for (const chain of evm) expect(derivationPath('evm', chain, 2, 5)).toBe("m/44'/60'/2'/0/5");
  });

  it('hardens every Solana segment and uses coin 194 for EOS-type chains', () => {
    expect(derivationPath('sol', 'SOLANA', 0, 0)).toBe("m/44'/501'/0'/0'");
    expect(derivationPath('sol', 'SOLANA_DEVNET', 1, 2)).toBe("m/44'/501'/1'/2'");
    expect(derivationPath('eosio', 'BIZAUTO', 4, 9)).toBe("m/44'/194'/4'/0/9");
  });

  it('refuses a family that does not match the blockchain, and out-of-range indices', () => {
    expect(() => derivationPath('evm', 'BITCOIN', 0, 0)).toThrow();
    expect(() => derivationPath('evm', 'ETHEREUM', -1, 0)).toThrow(RangeError);
    expect(() => derivationPath('evm', 'ETHEREUM', 0, 1.5)).toThrow(RangeError);
    expect(() => derivationPath('evm', 'ETHEREUM', HARDENED, 0)).toThrow(RangeError);
  });
});

describe('parsePath', () => {
  it('offsets hardened segments by 2^31', () => {
    expect(parsePath('m')).toEqual([]);
    expect(parsePath("m/44'/501'/0'/0'")).toEqual([HARDENED + 44, HARDENED + 501, HARDENED, HARDENED]);
    expect(parsePath("m/84h/0'/0'/0/1")).toEqual([HARDENED + 84, HARDENED, HARDENED, 0, 1]);
  });

  it('refuses malformed paths', () => {
    for (const bad of ['', "44'/0'", 'm/', 'm/-1', 'm/01', 'm/1x', "m/2147483648'"]) {
      expect(() => parsePath(bad), bad).toThrow();
    }
  });
});
