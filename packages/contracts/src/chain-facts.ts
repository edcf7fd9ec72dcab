/*
 * The blockchains' facts without a schema: what screens show (labels, families, explorers) from a module that builds
 * no zod schema, so they draw before zod's core arrives. blockchains.ts adds the schemas and re-exports all of this.
 */

/** The blockchains of spec section 3. */
export const BLOCKCHAINS = [
  'POLYGON',
  'OVER_TESTNET',
  'OVER',
  'AMOY',
  'BSC',
  'WEMIX_TESTNET',
  'XPLA_TESTNET',
  'XPLA',
  'KAIA',
  'KAIROS',
  'ETHEREUM',
  'BITCOIN',
  'BITCOIN_TESTNET',
  'BIZAUTO',
  'ARBITRUM_ONE',
  'SOLANA',
  'SOLANA_DEVNET',
  'STORY_TESTNET',
  'STORY',
  'SEPOLIA',
  'CORE_TESTNET',
  'CORE',
  'BASE_SEPOLIA',
  'BASE',
  'AVAX_C_CHAIN',
  'ZKSYNC_ERA',
] as const;
type Blockchain = (typeof BLOCKCHAINS)[number];

/** Blockchain families, also the `{family}` segment of wallet-creation and withdrawal paths. */
export const CHAIN_FAMILIES = ['btc', 'evm', 'eosio', 'sol'] as const;
type ChainFamily = (typeof CHAIN_FAMILIES)[number];

export const CHAIN_NETWORKS = ['mainnet', 'testnet'] as const;
type ChainNetwork = (typeof CHAIN_NETWORKS)[number];

export interface BlockchainInfo {
  /** Display label without the testnet prefix (see `blockchainLabel`). */
  label: string;
  family: ChainFamily;
  network: ChainNetwork;
  nativeSymbol: string;
  /** Decimals of the native coin. */
  decimals: number;
  /** EIP-155 chain id, for EVM chains whose id is known. */
  evmChainId?: number;
}

const evm = (label: string, network: ChainNetwork, nativeSymbol: string, evmChainId?: number): BlockchainInfo => ({
  label,
  family: 'evm',
  network,
  nativeSymbol,
  decimals: 18,
  ...(evmChainId === undefined ? {} : { evmChainId }),
});

/**
 * Facts per blockchain. A test network carries the label of the chain it tests (Amoy → Polygon,
 * Kairos → Kaia), except Sepolia, which the product names itself.
 */
export const BLOCKCHAIN_INFO: Record<Blockchain, BlockchainInfo> = {
  POLYGON: evm('Polygon', 'mainnet', 'POL', 137),
  AMOY: evm('Polygon', 'testnet', 'POL', 80002),
  OVER: evm('Over Protocol', 'mainnet', 'OVER', 54176),
  OVER_TESTNET: evm('Over Protocol', 'testnet', 'OVER', 541764),
  BSC: evm('Binance Smart Chain', 'mainnet', 'BNB', 56),
  WEMIX_TESTNET: evm('Wemix', 'testnet', 'WEMIX', 1112),
  XPLA: evm('XPLA', 'mainnet', 'XPLA', 37),
  XPLA_TESTNET: evm('XPLA', 'testnet', 'XPLA', 47),
  KAIA: evm('Kaia', 'mainnet', 'KAIA', 8217),
  KAIROS: evm('Kaia', 'testnet', 'KAIA', 1001),
  ETHEREUM: evm('Ethereum', 'mainnet', 'ETH', 1),
  SEPOLIA: evm('Sepolia', 'testnet', 'ETH', 11155111),
  BITCOIN: { label: 'Bitcoin', family: 'btc', network: 'mainnet', nativeSymbol: 'BTC', decimals: 8 },
  BITCOIN_TESTNET: { label: 'Bitcoin', family: 'btc', network: 'testnet', nativeSymbol: 'BTC', decimals: 8 },
  // BizAuto runs on EOSIO (12-character accounts, 4-decimal assets); it is the EOS-type chain of the enum.
  BIZAUTO: { label: 'BizAuto', family: 'eosio', network: 'mainnet', nativeSymbol: 'BIZA', decimals: 4 },
  ARBITRUM_ONE: evm('Arbitrum One', 'mainnet', 'ETH', 42161),
  SOLANA: { label: 'Solana', family: 'sol', network: 'mainnet', nativeSymbol: 'SOL', decimals: 9 },
  SOLANA_DEVNET: { label: 'Solana', family: 'sol', network: 'testnet', nativeSymbol: 'SOL', decimals: 9 },
  STORY: evm('Story', 'mainnet', 'IP', 1514),
  STORY_TESTNET: evm('Story', 'testnet', 'IP', 1315),
  CORE: evm('Core', 'mainnet', 'CORE', 1116),
  CORE_TESTNET: evm('Core', 'testnet', 'tCORE2', 1114),
  BASE: evm('Base', 'mainnet', 'ETH', 8453),
  BASE_SEPOLIA: evm('Base', 'testnet', 'ETH', 84532),
  AVAX_C_CHAIN: evm('Avalanche C-Chain', 'mainnet', 'AVAX', 43114),
  ZKSYNC_ERA: evm('ZKsync Era', 'mainnet', 'ETH', 324),
};

const TESTNET_PREFIX = { en: 'Testnet', ko: '테스트넷' } as const;

/** Display label; test networks carry a testnet prefix ('Testnet Sepolia', '테스트넷 Sepolia'). */
export function blockchainLabel(chain: Blockchain, lang: 'en' | 'ko' = 'en'): string {
  const info = BLOCKCHAIN_INFO[chain];
  return info.network === 'testnet' ? `${TESTNET_PREFIX[lang]} ${info.label}` : info.label;
}

export function familyOf(chain: Blockchain): ChainFamily {
  return BLOCKCHAIN_INFO[chain].family;
}

export function isTestnet(chain: Blockchain): boolean {
  return BLOCKCHAIN_INFO[chain].network === 'testnet';
}

/** The blockchains of one family, in enumeration order. */
export function blockchainsOfFamily(family: ChainFamily): Blockchain[] {
  return BLOCKCHAINS.filter((chain) => BLOCKCHAIN_INFO[chain].family === family);
}

/**
 * The public block explorer's transaction page prefix of each network that has one; the networks without one, and
 * the local devnet that stands in for a network without a configured node, show no link.
 */
const EXPLORER_TX: Partial<Record<Blockchain, string>> = {
  POLYGON: 'https://polygonscan.com/tx/',
  AMOY: 'https://amoy.polygonscan.com/tx/',
  BSC: 'https://bscscan.com/tx/',
  KAIA: 'https://kaiascan.io/tx/',
  KAIROS: 'https://kairos.kaiascan.io/tx/',
  ETHEREUM: 'https://etherscan.io/tx/',
  SEPOLIA: 'https://sepolia.etherscan.io/tx/',
  BITCOIN: 'https://mempool.space/tx/',
  BITCOIN_TESTNET: 'https://mempool.space/testnet/tx/',
  ARBITRUM_ONE: 'https://arbiscan.io/tx/',
  SOLANA: 'https://solscan.io/tx/',
  SOLANA_DEVNET: 'https://solscan.io/tx/',
  STORY: 'https://www.storyscan.io/tx/',
  STORY_TESTNET: 'https://aeneid.storyscan.io/tx/',
  BASE: 'https://basescan.org/tx/',
  BASE_SEPOLIA: 'https://sepolia.basescan.org/tx/',
  AVAX_C_CHAIN: 'https://snowtrace.io/tx/',
  ZKSYNC_ERA: 'https://explorer.zksync.io/tx/',
};

/** What a transaction page's address puts before and after the hash, or null when the network has no explorer. */
export function explorerTxParts(blockchain: Blockchain): { prefix: string; suffix: string } | null {
  const prefix = EXPLORER_TX[blockchain];
  if (!prefix) return null;
  return { prefix, suffix: blockchain === 'SOLANA_DEVNET' ? '?cluster=devnet' : '' };
}

/** The explorer page of transaction `hash` on `blockchain`, or null when the network has no known explorer. */
export function explorerTxUrl(blockchain: Blockchain, hash: string): string | null {
  const parts = explorerTxParts(blockchain);
  return parts && `${parts.prefix}${encodeURIComponent(hash)}${parts.suffix}`;
}
