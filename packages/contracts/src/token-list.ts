import { BLOCKCHAIN_INFO, BLOCKCHAINS } from './chain-facts.js';
import type { TOKEN_TYPES } from './enum-lists.js';

/*
 * The supported tokens as plain data, in a module that builds no zod schema: screens that list or look up tokens
 * import them without zod's core. tokens.ts adds the schemas and re-exports all of this.
 */

type Blockchain = (typeof BLOCKCHAINS)[number];

/** A supported token; tokens.ts's `TokenInfo` schema describes the same shape (checked there). */
export interface TokenFacts {
  tokenId: string;
  blockchain: Blockchain;
  symbol: string;
  name: string;
  type: (typeof TOKEN_TYPES)[number];
  decimals: number;
  /** null for a native coin. */
  contractAddress: string | null;
}

const NATIVE_NAMES: Partial<Record<string, string>> = {
  ETH: 'Ether',
  BTC: 'Bitcoin',
  SOL: 'Solana',
  POL: 'Polygon',
  BNB: 'BNB',
  AVAX: 'Avalanche',
  KAIA: 'Kaia',
  IP: 'IP',
  BIZA: 'BizAuto',
};

const native = (chain: Blockchain): TokenFacts => {
  const info = BLOCKCHAIN_INFO[chain];
  return {
    tokenId: `${chain}.${info.nativeSymbol.toUpperCase()}`,
    blockchain: chain,
    symbol: info.nativeSymbol,
    name: NATIVE_NAMES[info.nativeSymbol] ?? info.nativeSymbol,
    type: 'NATIVE',
    decimals: info.decimals,
    contractAddress: null,
  };
};

const fungible = (
  blockchain: Blockchain,
  symbol: string,
  name: string,
  decimals: number,
  contractAddress: string,
): TokenFacts => ({
  tokenId: `${blockchain}.${symbol.toUpperCase()}`,
  blockchain,
  symbol,
  name,
  type: 'FUNGIBLE',
  decimals,
  contractAddress,
});

const TETHER = 'Tether USD';
const USDC = 'USD Coin';

/** Published mainnet and testnet contracts (Tether, Circle and the chains' own token lists). */
const FUNGIBLE_TOKENS: TokenFacts[] = [
  fungible('ETHEREUM', 'USDT', TETHER, 6, '0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  fungible('ETHEREUM', 'USDC', USDC, 6, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
  fungible('ETHEREUM', 'DAI', 'Dai Stablecoin', 18, '0x6B175474E89094C44Da98b954EedeAC495271d0F'),
  fungible('ETHEREUM', 'WETH', 'Wrapped Ether', 18, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
  fungible('ETHEREUM', 'LINK', 'ChainLink Token', 18, '0x514910771AF9Ca656af840dff83E8264EcF986CA'),
  fungible('POLYGON', 'USDT', TETHER, 6, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F'),
  fungible('POLYGON', 'USDC', USDC, 6, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'),
  fungible('BSC', 'USDT', TETHER, 18, '0x55d398326f99059fF775485246999027B3197955'),
  fungible('BSC', 'USDC', USDC, 18, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d'),
  fungible('ARBITRUM_ONE', 'USDT', TETHER, 6, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'),
  fungible('ARBITRUM_ONE', 'USDC', USDC, 6, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
  fungible('BASE', 'USDC', USDC, 6, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
  fungible('BASE', 'USDT', TETHER, 6, '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2'),
  fungible('AVAX_C_CHAIN', 'USDT', TETHER, 6, '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7'),
  fungible('AVAX_C_CHAIN', 'USDC', USDC, 6, '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'),
  fungible('KAIA', 'USDT', TETHER, 6, '0xd077A400968890Eacc75cdc901F0356c943e4fDb'),
  fungible('SOLANA', 'USDC', USDC, 6, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  fungible('SOLANA', 'USDT', TETHER, 6, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
  // Test networks: Circle's published test USDC.
  fungible('SEPOLIA', 'USDC', USDC, 6, '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'),
  fungible('BASE_SEPOLIA', 'USDC', USDC, 6, '0x036CbD53842c5426634e7929541eC2318f3dCF7e'),
  fungible('AMOY', 'USDC', USDC, 6, '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582'),
];

export const SUPPORTED_TOKENS: readonly TokenFacts[] = [...BLOCKCHAINS.map(native), ...FUNGIBLE_TOKENS];

const BY_ID = new Map(SUPPORTED_TOKENS.map((t) => [t.tokenId, t]));

export function tokenById(tokenId: string): TokenFacts | undefined {
  return BY_ID.get(tokenId);
}

/** Each chain's native coin, looked up once: lists call this per row. */
const NATIVE_BY_CHAIN = new Map(BLOCKCHAINS.map((chain) => [chain, BY_ID.get(native(chain).tokenId) as TokenFacts]));

export function nativeToken(chain: Blockchain): TokenFacts {
  return NATIVE_BY_CHAIN.get(chain) ?? (BY_ID.get(native(chain).tokenId) as TokenFacts);
}

/** The native coin first, then the fungible tokens of one blockchain. */
export function tokensOf(chain: Blockchain): TokenFacts[] {
  return SUPPORTED_TOKENS.filter((t) => t.blockchain === chain);
}

/** A token of one blockchain by its symbol, case-insensitive ('usdt' on ETHEREUM → ETHEREUM.USDT). */
export function tokenBySymbol(chain: Blockchain, symbol: string): TokenFacts | undefined {
  return BY_ID.get(`${chain}.${symbol.toUpperCase()}`);
}
