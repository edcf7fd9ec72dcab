import { getTransactionDecoder, getTransactionEncoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { eosLegacyPublicKey } from '../families/eosio.js';
import { deriveSol } from '../families/sol.js';
import { mnemonicToSeed } from '../seed.js';
import { buildEosTransfer, signEosTransfer } from '../tx/eosio.js';
import { deriveSigningKey } from '../tx/keys.js';
import { buildSolTransfer, type SolToken, signSolTransfer } from '../tx/sol.js';
import { DevnetAdapter } from './devnet-adapter.js';
import { faucetPay } from './faucet.js';
import { devnetEosBlockId, devnetSolBlockhash, eosChainIdOf } from './formats.js';
import { MemoryLedgerStore } from './memory-ledger.js';

const seed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const SOL = 1_000_000_000n;

async function funded(chain: DevnetAdapter, store: MemoryLedgerStore, to: string, tokenId: string, amount: bigint) {
  const outcome = await faucetPay(chain, store, { toAddress: to, tokenId, amount });
  expect(outcome.kind).toBe('accepted');
  await chain.produceBlock();
}

describe('devnet Solana', () => {
  const key = deriveSigningKey(seed, 'SOLANA', 0);
  const from = deriveSol(seed, 'SOLANA', 0).address;
  const to = deriveSol(seed, 'SOLANA', 1).address;
  const send = async (amount: bigint, height: number, token: SolToken = { kind: 'native' }) =>
    signSolTransfer(
      await buildSolTransfer({
        blockchain: 'SOLANA',
        fromAddress: from,
        toAddress: to,
        token,
        amount,
        recentBlockhash: devnetSolBlockhash('SOLANA', height),
        lastValidBlockHeight: BigInt(height + 150),
        receiverTokenAccountExists: false,
      }),
      key.privateKey,
    );

  it('accepts a signed transfer with a live blockhash and refuses replays, tampering, overspends and old blockhashes', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('SOLANA', store);
    await funded(chain, store, from, 'SOLANA.SOL', SOL);
    const signed = await send(SOL / 10n, 1);
    expect(await chain.broadcast(signed.raw, signed.hash)).toMatchObject({
      kind: 'accepted',
      transfer: { fromAddress: from, toAddress: to, amount: SOL / 10n, tokenId: 'SOLANA.SOL' },
    });
    // The signature is the replay key: the same transaction again is known, never applied twice.
    expect(await chain.broadcast(signed.raw, signed.hash)).toEqual({ kind: 'known' });
    expect((await store.byHash('SOLANA', signed.hash))?.fee).toBe(5_000n);

    const overspend = await send(SOL, 1);
    expect(await chain.broadcast(overspend.raw, overspend.hash)).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
    const other = await send(1n, 1);
    const tx = getTransactionDecoder().decode(other.raw);
    const [payer, signature] = Object.entries(tx.signatures)[0]!;
    const flipped = Uint8Array.from(signature!);
    flipped[0] = flipped[0]! ^ 1;
    const tampered = new Uint8Array(
      getTransactionEncoder().encode({ ...tx, signatures: { [payer]: flipped } as never }),
    );
    expect(await chain.broadcast(tampered, other.hash)).toMatchObject({ reason: 'MALFORMED' }); // not its id
    const { base58 } = await import('@scure/base');
    expect(await chain.broadcast(tampered, base58.encode(flipped))).toMatchObject({ reason: 'INVALID_SIGNATURE' });
    const never = await send(1n, 99);
    expect(await chain.broadcast(never.raw, never.hash)).toMatchObject({ reason: 'EXPIRED' });
    // Valid through block 1 + 150; the block after that ends it.
    for (let i = 0; i < 151; i++) await chain.produceBlock();
    expect(await chain.broadcast(other.raw, other.hash)).toMatchObject({ reason: 'EXPIRED' });
  });

  it('moves a catalogue SPL token to the owner the idempotent account creation names', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('SOLANA', store);
    await funded(chain, store, from, 'SOLANA.SOL', SOL);
    await funded(chain, store, from, 'SOLANA.USDC', 3_000_000n);
    const usdc: SolToken = { kind: 'spl', mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6 };
    const ok = await send(1_000_000n, 2, usdc);
    expect(await chain.broadcast(ok.raw, ok.hash)).toMatchObject({
      transfer: { tokenId: 'SOLANA.USDC', toAddress: to },
    });
    const over = await send(5_000_000n, 2, usdc);
    expect(await chain.broadcast(over.raw, over.hash)).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
    const unknownMint = await send(1n, 2, { kind: 'spl', mint: to, decimals: 6 });
    expect(await chain.broadcast(unknownMint.raw, unknownMint.hash)).toMatchObject({ reason: 'MALFORMED' });
  });
});

describe('devnet EOS-type', () => {
  const key = deriveSigningKey(seed, 'BIZAUTO', 0);
  const account = 'walletaccnt1';
  const chainId = eosChainIdOf('BIZAUTO');

  it('verifies against the registered key and refuses replays, other chains, expired and overspent transfers', async () => {
    const store = new MemoryLedgerStore();
    const now = new Date('2026-01-01T00:00:00Z');
    const chain = new DevnetAdapter('BIZAUTO', store, { now: () => now });
    await funded(chain, store, account, 'BIZAUTO.BIZA', 100_0000n);
    const send = (
      amount: bigint,
      opts: { from?: string; chainId?: string; expiresInMs?: number; memo?: string } = {},
    ) =>
      signEosTransfer(
        buildEosTransfer({
          blockchain: 'BIZAUTO',
          chainId,
          fromAccount: opts.from ?? account,
          toAccount: 'receiveracc1',
          token: { symbol: 'BIZA', precision: 4 },
          amount,
          memo: opts.memo,
          referenceBlock: { blockNum: 1, blockId: devnetEosBlockId('BIZAUTO', 1) },
          expiration: new Date(now.getTime() + (opts.expiresInMs ?? 60_000)),
        }),
        key.privateKey,
        opts.chainId ?? chainId,
      );
    const first = send(10_0000n);
    // Not registered yet: no key to verify against.
    expect(await chain.broadcast(first.raw, first.hash)).toMatchObject({ reason: 'INVALID_SIGNATURE' });
    await store.registerAccount('BIZAUTO', account, eosLegacyPublicKey(key.publicKey));
    expect(await chain.broadcast(first.raw, first.hash)).toMatchObject({
      kind: 'accepted',
      transfer: { fromAddress: account, toAddress: 'receiveracc1', amount: 10_0000n, tokenId: 'BIZAUTO.BIZA' },
    });
    expect(await chain.broadcast(first.raw, first.hash)).toEqual({ kind: 'known' });
    const otherChain = send(1n, { chainId: 'ab'.repeat(32), memo: 'other chain' });
    expect(await chain.broadcast(otherChain.raw, otherChain.hash)).toMatchObject({ reason: 'INVALID_SIGNATURE' });
    const expired = send(1n, { expiresInMs: -1000 });
    expect(await chain.broadcast(expired.raw, expired.hash)).toMatchObject({ reason: 'EXPIRED' });
    const overspend = send(91_0000n);
    expect(await chain.broadcast(overspend.raw, overspend.hash)).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
    const rest = send(90_0000n);
    expect((await chain.broadcast(rest.raw, rest.hash)).kind).toBe('accepted');
  });
});
