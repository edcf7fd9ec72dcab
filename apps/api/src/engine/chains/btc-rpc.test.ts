// The pure parts of the bitcoin-type node client: exact amounts from JSON, refusal messages mapped to reasons.
// btc.node.test.ts proves the same mappings against a real node.
import { describe, expect, it } from 'vitest';
import { btcRejectionOf, coinsToSats, parseJsonKeepingDecimals } from './btc-rpc.js';

describe('coinsToSats', () => {
  it('converts decimal coin amounts to satoshis without floating point', () => {
    expect(coinsToSats('50.00000000')).toBe(5_000_000_000n);
    expect(coinsToSats('0.00000001')).toBe(1n);
    expect(coinsToSats('20999999.99999999')).toBe(2_099_999_999_999_999n);
    expect(coinsToSats('0.1')).toBe(10_000_000n);
    expect(coinsToSats('7')).toBe(700_000_000n);
    expect(coinsToSats('-0.5')).toBe(-50_000_000n);
    expect(() => coinsToSats('0.000000001')).toThrow();
    expect(() => coinsToSats('1e-8')).toThrow();
  });
});

describe('parseJsonKeepingDecimals', () => {
  it('keeps fractional numbers as their text, integers as numbers, strings untouched', () => {
    const parsed = parseJsonKeepingDecimals(
      '{"amount": 20999999.99999999, "height": 101, "vout": 0, "desc": "addr(x) 1.5", "fee": -0.0001, "e": 1e-5, "esc": "a\\"1.5"}',
    );
    expect(parsed).toEqual({
      amount: '20999999.99999999',
      height: 101,
      vout: 0,
      desc: 'addr(x) 1.5',
      fee: '-0.0001',
      e: '1e-5',
      esc: 'a"1.5',
    });
    expect(coinsToSats((parsed as { amount: string }).amount)).toBe(2_099_999_999_999_999n);
  });
});

describe('refusal reasons', () => {
  it('maps Bitcoin Core reject messages', () => {
    expect(
      btcRejectionOf('mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG)'),
    ).toBe('INVALID_SIGNATURE');
    expect(btcRejectionOf('bad-txns-inputs-missingorspent')).toBe('MISSING_OR_SPENT');
    expect(btcRejectionOf('txn-mempool-conflict')).toBe('MEMPOOL_CONFLICT');
    expect(btcRejectionOf('bad-txns-in-belowout, value in (50.00) < value out (55.00)')).toBe('INSUFFICIENT_FUNDS');
    expect(btcRejectionOf('bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 99')).toBe(
      'IMMATURE_COINBASE',
    );
    expect(btcRejectionOf('min relay fee not met, 100 < 141')).toBe('FEE_TOO_LOW');
    expect(btcRejectionOf('dust')).toBe('DUST');
    expect(btcRejectionOf('Transaction already in block chain')).toBe('ALREADY_KNOWN');
    expect(btcRejectionOf('TX decode failed')).toBe('MALFORMED');
    expect(btcRejectionOf('something new')).toBe('UNKNOWN');
  });
});
