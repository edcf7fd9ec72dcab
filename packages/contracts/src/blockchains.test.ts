import { describe, expect, it } from 'vitest';
import {
  BLOCKCHAIN_INFO,
  BLOCKCHAINS,
  Blockchain,
  blockchainLabel,
  blockchainsOfFamily,
  CHAIN_FAMILIES,
  explorerTxUrl,
  familyOf,
  isTestnet,
} from './blockchains.js';

describe('blockchains', () => {
  it('lists the 26 blockchains of the spec, each with facts', () => {
    expect(BLOCKCHAINS).toHaveLength(26);
    expect(new Set(BLOCKCHAINS).size).toBe(26);
    expect(Object.keys(BLOCKCHAIN_INFO).sort()).toEqual([...BLOCKCHAINS].sort());
    expect(Blockchain.safeParse('ETHEREUM').success).toBe(true);
    expect(Blockchain.safeParse('WEMIX').success).toBe(false);
  });

  it('keeps consistent facts', () => {
    const chainIds = new Set<number>();
    for (const chain of BLOCKCHAINS) {
      const info = BLOCKCHAIN_INFO[chain];
      expect(info.label).not.toBe('');
      expect(info.nativeSymbol).not.toBe('');
      expect(Number.isInteger(info.decimals)).toBe(true);
      if (info.evmChainId !== undefined) {
        expect(info.family).toBe('evm');
        expect(chainIds.has(info.evmChainId), chain).toBe(false);
        chainIds.add(info.evmChainId);
      }
    }
  });

  it('knows the main facts', () => {
    expect(BLOCKCHAIN_INFO.ETHEREUM).toMatchObject({
      family: 'evm',
      network: 'mainnet',
      nativeSymbol: 'ETH',
      decimals: 18,
      evmChainId: 1,
    });
    expect(BLOCKCHAIN_INFO.SEPOLIA).toMatchObject({ network: 'testnet', evmChainId: 11155111 });
    expect(BLOCKCHAIN_INFO.AMOY).toMatchObject({ label: 'Polygon', network: 'testnet', evmChainId: 80002 });
    expect(BLOCKCHAIN_INFO.KAIROS).toMatchObject({ label: 'Kaia', network: 'testnet', evmChainId: 1001 });
    expect(BLOCKCHAIN_INFO.BITCOIN).toMatchObject({ family: 'btc', decimals: 8 });
    expect(BLOCKCHAIN_INFO.SOLANA_DEVNET).toMatchObject({ family: 'sol', nativeSymbol: 'SOL', decimals: 9 });
    expect(BLOCKCHAIN_INFO.STORY).toMatchObject({ nativeSymbol: 'IP', evmChainId: 1514 });
    expect(BLOCKCHAIN_INFO.STORY_TESTNET.evmChainId).toBe(1315);
    expect(BLOCKCHAIN_INFO.BSC).toMatchObject({ label: 'Binance Smart Chain', evmChainId: 56 });
    expect(BLOCKCHAIN_INFO.AVAX_C_CHAIN).toMatchObject({ label: 'Avalanche C-Chain', evmChainId: 43114 });
    expect(BLOCKCHAIN_INFO.BIZAUTO).toMatchObject({ label: 'BizAuto', family: 'eosio', network: 'mainnet' });
  });

  it('labels test networks with a prefix', () => {
    expect(blockchainLabel('ETHEREUM', 'en')).toBe('Ethereum');
    expect(blockchainLabel('ETHEREUM', 'ko')).toBe('Ethereum');
    expect(blockchainLabel('SEPOLIA', 'en')).toBe('Testnet Sepolia');
    expect(blockchainLabel('SEPOLIA', 'ko')).toBe('테스트넷 Sepolia');
    expect(blockchainLabel('BITCOIN_TESTNET', 'en')).toBe('Testnet Bitcoin');
    expect(blockchainLabel('WEMIX_TESTNET', 'en')).toBe('Testnet Wemix');
    expect(blockchainLabel('ZKSYNC_ERA', 'en')).toBe('ZKsync Era');
    for (const chain of BLOCKCHAINS) {
      expect(blockchainLabel(chain, 'en').startsWith('Testnet '), chain).toBe(isTestnet(chain));
    }
  });

  it('groups by family', () => {
    expect(blockchainsOfFamily('btc')).toEqual(['BITCOIN', 'BITCOIN_TESTNET']);
    expect(blockchainsOfFamily('sol')).toEqual(['SOLANA', 'SOLANA_DEVNET']);
    expect(blockchainsOfFamily('evm')).toContain('BASE_SEPOLIA');
    const all = CHAIN_FAMILIES.flatMap((f) => blockchainsOfFamily(f));
    expect(all.sort()).toEqual([...BLOCKCHAINS].sort());
    expect(familyOf('ARBITRUM_ONE')).toBe('evm');
    expect(isTestnet('CORE_TESTNET')).toBe(true);
    expect(isTestnet('CORE')).toBe(false);
  });
});

describe('explorerTxUrl', () => {
  it("links a transaction on its network's public explorer, or nowhere when there is none", () => {
    expect(explorerTxUrl('ETHEREUM', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorerTxUrl('SEPOLIA', '0xabc')).toBe('https://sepolia.etherscan.io/tx/0xabc');
    expect(explorerTxUrl('SOLANA_DEVNET', 'sig')).toBe('https://solscan.io/tx/sig?cluster=devnet');
    expect(explorerTxUrl('BIZAUTO', 'abc')).toBeNull();
  });
});
