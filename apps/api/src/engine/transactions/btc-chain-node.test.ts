// The bitcoin-type ChainNode's reading of Bitcoin Core's answers, over a stub client: each reject reason maps to
// the executor's refusal, an outage is thrown rather than taken for a refusal, and a txid the node already holds
// is as good as accepted. (btc-executor.node.test.ts runs the same adapter against a real node.)
import { describe, expect, it } from 'vitest';
import { type BtcRejection, type BtcRpc, BtcRpcError, type BtcTransactionStatus } from '../chains/btc-rpc.js';
import { btcChainNode } from './btc-chain-node.js';

const HASH = 'ab'.repeat(32);

function stub(send: () => string, status: BtcTransactionStatus = { state: 'unknown', confirmations: 0 }) {
  return {
    sendRawTransaction: async () => send(),
    transactionStatus: async () => status,
  } as unknown as BtcRpc;
}

const refusedWith = (code: number, reason: BtcRejection) => () => {
  throw new BtcRpcError('sendrawtransaction', code, `rejected: ${reason}`, reason);
};

describe('btcChainNode broadcast', () => {
  it.each([
    ['INVALID_SIGNATURE', 'INVALID_SIGNATURE'],
    ['MISSING_OR_SPENT', 'INPUT_SPENT'],
    ['MEMPOOL_CONFLICT', 'INPUT_SPENT'],
    ['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS'],
    ['FEE_TOO_LOW', 'FEE_TOO_LOW'],
    ['DUST', 'MALFORMED'],
    ['MALFORMED', 'MALFORMED'],
    ['IMMATURE_COINBASE', 'INSUFFICIENT_FUNDS'],
    ['UNKNOWN', 'UNKNOWN'],
  ] as const)('refuses %s as %s', async (rejection, refusal) => {
    const node = btcChainNode(stub(refusedWith(-26, rejection)));
    expect(await node.broadcast(new Uint8Array([1]), HASH)).toMatchObject({ kind: 'refused', reason: refusal });
  });

  it('takes the txid the node reports, in any case, as accepted; another txid is an error', async () => {
    expect(await btcChainNode(stub(() => HASH.toUpperCase())).broadcast(new Uint8Array([1]), HASH)).toEqual({
      kind: 'accepted',
    });
    await expect(btcChainNode(stub(() => 'cd'.repeat(32))).broadcast(new Uint8Array([1]), HASH)).rejects.toThrow(
      /reported txid/,
    );
  });

  it('answers known for "already in block chain", and for any refusal of a txid the node holds', async () => {
    const already = btcChainNode(stub(refusedWith(-27, 'ALREADY_KNOWN')));
    expect(await already.broadcast(new Uint8Array([1]), HASH)).toEqual({ kind: 'known' });
    const pooled = btcChainNode(stub(refusedWith(-26, 'UNKNOWN'), { state: 'pending', confirmations: 0 }));
    expect(await pooled.broadcast(new Uint8Array([1]), HASH)).toEqual({ kind: 'known' });
  });

  it('throws what is no verdict on the bytes (warming up, HTTP errors): the row stays to be sent again', async () => {
    for (const code of [-28, 401, 503]) {
      const node = btcChainNode(stub(refusedWith(code, 'UNKNOWN')));
      await expect(node.broadcast(new Uint8Array([1]), HASH)).rejects.toBeInstanceOf(BtcRpcError);
    }
  });
});

describe('btcChainNode status', () => {
  it('turns a confirmed transaction into a block height, hash and confirmations', async () => {
    const confirmed: BtcTransactionStatus = { state: 'confirmed', confirmations: 4, blockHash: 'ff', blockHeight: 120 };
    expect(await btcChainNode(stub(() => HASH, confirmed)).status(HASH)).toEqual({
      state: 'confirmed',
      blockHeight: 120n,
      blockHash: 'ff',
      confirmations: 4,
    });
    const pending = stub(() => HASH, { state: 'pending', confirmations: 0 });
    expect(await btcChainNode(pending).status(HASH)).toEqual({ state: 'pending' });
    expect(await btcChainNode(stub(() => HASH)).status(HASH)).toEqual({ state: 'unknown' });
  });
});
