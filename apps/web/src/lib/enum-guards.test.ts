import { Blockchain, OperatorRole } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { blockchainOf, operatorRoleOf } from './enum-guards';

describe('blockchainOf', () => {
  it.each(['ethereum', 'ETHEREUM', 'Solana_Devnet', 'bitcoin', 'nope', '', 'ethereum '])(
    'agrees with the Blockchain schema on %j',
    (segment) => {
      const parsed = Blockchain.safeParse(segment.toUpperCase());
      expect(blockchainOf(segment)).toBe(parsed.success ? parsed.data : null);
    },
  );
  it('names nothing without a segment', () => {
    expect(blockchainOf(undefined)).toBeNull();
  });
});

describe('operatorRoleOf', () => {
  it.each([null, 'ADMINISTRATOR', 'VIEWER', 'administrator', 'OWNER', ''])(
    'agrees with the OperatorRole schema on %j',
    (role) => {
      const parsed = OperatorRole.safeParse(role);
      expect(operatorRoleOf(role)).toBe(parsed.success ? parsed.data : null);
    },
  );
});
