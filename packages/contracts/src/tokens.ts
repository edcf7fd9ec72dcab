import { z } from 'zod';
import { Blockchain } from './blockchains.js';
import { TokenType } from './enums.js';
import type { TokenFacts } from './token-list.js';

// The token list and its look-ups live in token-list.ts (no schema there).
export { nativeToken, SUPPORTED_TOKENS, tokenById, tokenBySymbol, tokensOf } from './token-list.js';

/**
 * The tokens the product supports: the native coin of every blockchain and a curated list of real fungible
 * tokens with their published contract addresses (EVM: EIP-55 checksummed; Solana: the SPL mint) and decimals.
 * A token's id is `<BLOCKCHAIN>.<SYMBOL>`, stable across releases (balances and activities keep it).
 */
export const TokenInfo = z.object({
  tokenId: z.string(),
  blockchain: Blockchain,
  symbol: z.string(),
  name: z.string(),
  type: TokenType,
  decimals: z.number().int(),
  /** null for a native coin. */
  contractAddress: z.string().nullable(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;

export const TOKEN_ID_PATTERN = /^[A-Z0-9_]+\.[A-Z0-9]+$/;
export const TokenId = z.string().max(64).regex(TOKEN_ID_PATTERN, 'validation.token.unknown');

/** The plain list's type and the schema's are the same shape: neither can change alone. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const tokenShapesAgree: Same<TokenFacts, TokenInfo> = true;
void tokenShapesAgree;
