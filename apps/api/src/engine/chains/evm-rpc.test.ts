// Refusal messages of geth and anvil mapped to reasons; evm.node.test.ts proves them against a real anvil.
import { describe, expect, it } from 'vitest';
import { evmRejectionOf } from './evm-rpc.js';

describe('evmRejectionOf', () => {
  it('maps geth / anvil reject messages', () => {
    expect(evmRejectionOf('nonce too low')).toBe('NONCE_TOO_LOW');
    expect(evmRejectionOf('Insufficient funds for gas * price + value')).toBe('INSUFFICIENT_FUNDS');
    expect(evmRejectionOf('insufficient funds for gas * price + value: balance 0')).toBe('INSUFFICIENT_FUNDS');
    expect(evmRejectionOf('invalid chain id for signer')).toBe('WRONG_CHAIN_ID');
    expect(evmRejectionOf('invalid sender')).toBe('INVALID_SIGNATURE');
    expect(evmRejectionOf('Failed to recover the signer')).toBe('INVALID_SIGNATURE');
    expect(evmRejectionOf('replacement transaction underpriced')).toBe('REPLACEMENT_UNDERPRICED');
    expect(evmRejectionOf('transaction underpriced')).toBe('FEE_TOO_LOW');
    expect(evmRejectionOf('max fee per gas less than block base fee')).toBe('FEE_TOO_LOW');
    expect(evmRejectionOf('already known')).toBe('ALREADY_KNOWN');
    expect(evmRejectionOf('Failed to decode transaction')).toBe('MALFORMED');
  });
});
