import { base58 } from '@scure/base';
import { BLOCKCHAINS, type Blockchain, familyOf } from '@vaultline/contracts';
import { describe, expect, it } from 'vitest';
import { isValidAddress } from '../index.js';
import { DevnetAdapter } from './devnet-adapter.js';
import { faucetPay } from './faucet.js';
import { devnetEosBlockId, eosChainIdOf, faucetAddress, isValidTransactionHash, transactionHash } from './formats.js';
import { MemoryLedgerStore } from './memory-ledger.js';

const payload = new TextEncoder().encode('a transfer');

describe('devnet transaction formats', () => {
  it('hashes in the real format of each family', () => {
    const chains = Object.fromEntries(BLOCKCHAINS.map((b) => [familyOf(b), b])) as Record<string, Blockchain>;
    expect(transactionHash(chains.btc!, payload)).toMatch(/^[0-9a-f]{64}$/);
    expect(transactionHash(chains.evm!, payload)).toMatch(/^0x[0-9a-f]{64}$/);
    if (chains.eosio) expect(transactionHash(chains.eosio, payload)).toMatch(/^[0-9a-f]{64}$/);
    const sol = transactionHash(chains.sol!, payload);
    expect(base58.decode(sol)).toHaveLength(64);
    for (const chain of Object.values(chains))
      expect(isValidTransactionHash(chain, transactionHash(chain, payload))).toBe(true);
  });

  it('is deterministic over the payload: a different payload gives a different hash', () => {
    const other = new TextEncoder().encode('another transfer');
    for (const chain of ['BITCOIN', 'ETHEREUM', 'SOLANA'] as const) {
      expect(transactionHash(chain, payload)).toBe(transactionHash(chain, payload));
      expect(transactionHash(chain, payload)).not.toBe(transactionHash(chain, other));
    }
  });

  it('the bitcoin txid is the byte-reversed double SHA-256 (known vector)', () => {
    // The hash of an empty payload, double SHA-256, reversed.
    expect(transactionHash('BITCOIN', new Uint8Array())).toBe(
      '56944c5d3f98413ef45cf54545538103cc9f298e0575820ad3591376e2e0f65d',
    );
  });

  it('sends from a faucet address valid on every blockchain', () => {
    for (const chain of BLOCKCHAINS) expect(isValidAddress(chain, faucetAddress(chain)), chain).toBe(true);
    expect(faucetAddress('BITCOIN_TESTNET')).toMatch(/^tb1q/);
    expect(faucetAddress('BITCOIN')).toMatch(/^bc1q/);
    expect(faucetAddress('SEPOLIA')).toBe(faucetAddress('ETHEREUM'));
  });

  it('refuses hashes of the wrong format', () => {
    expect(isValidTransactionHash('ETHEREUM', 'ab'.repeat(32))).toBe(false);
    expect(isValidTransactionHash('BITCOIN', `0x${'ab'.repeat(32)}`)).toBe(false);
    expect(isValidTransactionHash('SOLANA', '1'.repeat(88))).toBe(false);
  });
});

describe('DevnetAdapter', () => {
  it('keeps transfers in the mempool until a block seals them, and reports failures once mined', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('SEPOLIA', store);
    const to = '0x52908400098527886E0F7030069857D2E4169EE7';
    const pay = async (amount: bigint, fail?: boolean) => {
      const outcome = await faucetPay(chain, store, { toAddress: to, tokenId: 'SEPOLIA.ETH', amount, fail });
      if (outcome.kind !== 'accepted') throw new Error(JSON.stringify(outcome));
      return outcome.transfer;
    };
    const ok = await pay(5n);
    const bad = await pay(7n, true);
    expect(ok.fromAddress).toBe(faucetAddress('SEPOLIA'));
    expect(ok.hash).not.toBe(bad.hash);
    expect(await chain.mempoolTransfers([to.toLowerCase()])).toHaveLength(2); // any spelling finds them
    expect(await chain.mempoolTransfers([to])).toHaveLength(2);
    expect(await chain.blockTransfers(1, 1)).toEqual([]);

    expect(await chain.produceBlock()).toEqual({ height: 1, included: 2 });
    expect(await chain.headHeight()).toBe(1);
    expect(await chain.mempoolTransfers()).toEqual([]);
    const mined = await chain.blockTransfers(1, 1, [to]);
    expect(mined.map((t) => [t.amount, t.failed])).toEqual([
      [5n, false],
      [7n, true],
    ]);
    expect((await chain.transferByHash(bad.hash))?.blockHeight).toBe(1);
    // One stable hash per devnet block: the same in every transfer of it and in blockHashes; none above the head.
    expect(ok.blockHash).toBeNull();
    expect(mined[0]!.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(mined[1]!.blockHash).toBe(mined[0]!.blockHash);
    expect(await chain.blockHashes([1, 2])).toEqual(new Map([[1, mined[0]!.blockHash]]));
    expect(await chain.produceBlock()).toEqual({ height: 2, included: 0 });
    expect((await chain.blockHashes([1, 2])).get(2)).not.toBe(mined[0]!.blockHash);
    await expect(pay(0n)).rejects.toThrow();
  });

  it('refuses garbage and bytes that do not hash to the announced id', async () => {
    const chain = new DevnetAdapter('SEPOLIA', new MemoryLedgerStore());
    expect(await chain.broadcast(new Uint8Array([1, 2, 3]), '0x00')).toMatchObject({ reason: 'MALFORMED' });
    const sol = new DevnetAdapter('SOLANA', new MemoryLedgerStore());
    expect(await sol.broadcast(new Uint8Array([1, 2, 3]), 'x')).toMatchObject({ reason: 'MALFORMED' });
  });

  it('gives EOS block ids the block number in their first 4 bytes', () => {
    expect(devnetEosBlockId('BIZAUTO', 258).slice(0, 8)).toBe('00000102');
    expect(eosChainIdOf('BIZAUTO')).toMatch(/^[0-9a-f]{64}$/);
  });
});
