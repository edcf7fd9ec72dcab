import { SUPPORTED_TOKENS, tokenBySymbol, tokensOf } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from './index.js';

describe('supported tokens', () => {
  it('has a native coin per blockchain and unique ids', () => {
    const ids = SUPPORTED_TOKENS.map((t) => t.tokenId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(tokensOf('ETHEREUM')[0]).toMatchObject({ tokenId: 'ETHEREUM.ETH', type: 'NATIVE', decimals: 18 });
    expect(tokenBySymbol('SOLANA', 'usdc')?.contractAddress).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
  });

  // A contract address with a wrong digit or case fails the EIP-55 checksum or the base58 length.
  it.each(SUPPORTED_TOKENS.filter((t) => t.contractAddress).map((t) => [t.tokenId, t] as const))(
    '%s has a well-formed contract address for its chain',
    (_id, token) => {
      expect(isValidAddress(token.blockchain, token.contractAddress as string)).toBe(true);
    },
  );
});
