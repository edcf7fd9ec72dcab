import { RawTx } from '@scure/btc-signer';
import { bytesToHex, hexToBytes, parseTransaction, serializeTransaction } from 'viem';
import { describe, expect, it } from 'vitest';
import { deriveBtc } from '../families/btc.js';
import { deriveEvm } from '../families/evm.js';
import { mnemonicToSeed } from '../seed.js';
import { type BtcUtxo, buildBtcTransfer, signBtcTransfer } from '../tx/btc.js';
import { buildEvmTransfer, signEvmTransfer } from '../tx/evm.js';
import { deriveSigningKey } from '../tx/keys.js';
import { DevnetAdapter } from './devnet-adapter.js';
import { faucetPay } from './faucet.js';
import { MemoryLedgerStore } from './memory-ledger.js';
import { DEVNET_BTC_FEE_RATE, DEVNET_EVM_BASE_FEE, DEVNET_EVM_PRIORITY_FEE } from './verify.js';

const seed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const ETH = 10n ** 18n;

async function funded(chain: DevnetAdapter, store: MemoryLedgerStore, to: string, tokenId: string, amount: bigint) {
  const outcome = await faucetPay(chain, store, { toAddress: to, tokenId, amount });
  expect(outcome.kind).toBe('accepted');
  await chain.produceBlock();
}

describe('devnet EVM', () => {
  const key = deriveSigningKey(seed, 'SEPOLIA', 0);
  const from = deriveEvm(seed, 'SEPOLIA', 0).address;
  const to = deriveEvm(seed, 'SEPOLIA', 1).address;
  const fees = { maxFeePerGas: 3n * DEVNET_EVM_BASE_FEE, maxPriorityFeePerGas: DEVNET_EVM_PRIORITY_FEE };
  const send = (amount: bigint, nonce: number, extra: { chainId?: number; gasLimit?: bigint } = {}) =>
    signEvmTransfer(
      buildEvmTransfer({
        blockchain: 'SEPOLIA',
        fromAddress: from,
        toAddress: to,
        token: { kind: 'native' },
        amount,
        nonce,
        gasLimit: 21_000n,
        ...fees,
        ...extra,
      }),
      key.privateKey,
    );

  it('accepts a signed transfer, charges amount + fee, and refuses replays, other chains and overspends', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('SEPOLIA', store);
    await funded(chain, store, from, 'SEPOLIA.ETH', ETH);

    const first = await send(ETH / 10n, 0);
    const accepted = await chain.broadcast(first.raw, first.hash);
    expect(accepted).toMatchObject({
      kind: 'accepted',
      transfer: { fromAddress: from, toAddress: to, amount: ETH / 10n },
    });
    expect(await chain.broadcast(first.raw, first.hash)).toEqual({ kind: 'known' });
    const fee = 21_000n * (DEVNET_EVM_BASE_FEE + DEVNET_EVM_PRIORITY_FEE);
    const flows = await store.view('SEPOLIA').flows(from, 'SEPOLIA.ETH');
    expect(flows.received - flows.sent - flows.fees).toBe(ETH - ETH / 10n - fee);

    // The same nonce again: pending, then mined.
    const again = await send(ETH / 20n, 0);
    expect(await chain.broadcast(again.raw, again.hash)).toMatchObject({ reason: 'REPLACEMENT_UNDERPRICED' });
    await chain.produceBlock();
    expect(await chain.broadcast(again.raw, again.hash)).toMatchObject({ reason: 'SEQUENCE_USED' });
    // A gap is refused, not queued.
    const gap = await send(1n, 5);
    expect(await chain.broadcast(gap.raw, gap.hash)).toMatchObject({ kind: 'refused', reason: 'UNKNOWN' });
    const mainnet = await send(1n, 1, { chainId: 1 });
    expect(await chain.broadcast(mainnet.raw, mainnet.hash)).toMatchObject({ reason: 'WRONG_CHAIN' });
    const overspend = await send(ETH, 1);
    expect(await chain.broadcast(overspend.raw, overspend.hash)).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
    const tooLittleGas = await send(1n, 1, { gasLimit: 20_000n });
    expect(await chain.broadcast(tooLittleGas.raw, tooLittleGas.hash)).toMatchObject({ reason: 'MALFORMED' });
    const ok = await send(1n, 1);
    expect((await chain.broadcast(ok.raw, ok.hash)).kind).toBe('accepted');
  });

  it('refuses a tampered signature', async () => {
    const chain = new DevnetAdapter('SEPOLIA', new MemoryLedgerStore());
    const signed = await send(1n, 0);
    const tx = parseTransaction(bytesToHex(signed.raw));
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    // The mirrored signature (n − s) recovers the same key, but EIP-2 forbids it: nodes refuse it.
    const highS = `0x${(n - BigInt(tx.s!)).toString(16).padStart(64, '0')}` as const;
    const tampered = serializeTransaction(tx, { r: tx.r!, s: highS, yParity: tx.yParity === 0 ? 1 : 0 });
    const { keccak256 } = await import('viem');
    expect(await chain.broadcast(hexToBytes(tampered), keccak256(tampered))).toMatchObject({
      reason: 'INVALID_SIGNATURE',
    });
  });

  it('moves a catalogue ERC-20 and refuses more than the token balance', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('SEPOLIA', store);
    await funded(chain, store, from, 'SEPOLIA.ETH', ETH);
    await funded(chain, store, from, 'SEPOLIA.USDC', 5_000_000n);
    const usdc = { kind: 'erc20' as const, contract: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', decimals: 6 };
    const token = (amount: bigint, nonce: number) =>
      signEvmTransfer(
        buildEvmTransfer({
          blockchain: 'SEPOLIA',
          fromAddress: from,
          toAddress: to,
          token: usdc,
          amount,
          nonce,
          gasLimit: 62_400n,
          ...fees,
        }),
        key.privateKey,
      );
    const ok = await token(2_000_000n, 0);
    expect(await chain.broadcast(ok.raw, ok.hash)).toMatchObject({
      transfer: { tokenId: 'SEPOLIA.USDC', toAddress: to, amount: 2_000_000n },
    });
    const over = await token(4_000_000n, 1);
    expect(await chain.broadcast(over.raw, over.hash)).toMatchObject({ reason: 'INSUFFICIENT_FUNDS' });
  });
});

describe('devnet bitcoin-type', () => {
  const key = deriveSigningKey(seed, 'BITCOIN_TESTNET', 0);
  const from = deriveBtc(seed, 'BITCOIN_TESTNET', 0).address;
  const to = deriveBtc(seed, 'BITCOIN_TESTNET', 1).address;

  it('spends real outputs, returns change, and refuses spent inputs, tampered signatures and false amounts', async () => {
    const store = new MemoryLedgerStore();
    const chain = new DevnetAdapter('BITCOIN_TESTNET', store);
    await funded(chain, store, from, 'BITCOIN_TESTNET.BTC', 100_000n);
    const utxos = (await store.unspent('BITCOIN_TESTNET', from)).filter((o) => o.confirmed);
    expect(utxos.map((u) => u.value)).toEqual([100_000n]);
    const build = (amount: bigint, list: BtcUtxo[] = utxos) =>
      buildBtcTransfer({
        blockchain: 'BITCOIN_TESTNET',
        fromAddress: from,
        fromPublicKey: key.publicKey,
        toAddress: to,
        amount,
        utxos: list,
        feeRate: DEVNET_BTC_FEE_RATE,
      });
    const unsigned = build(30_000n);
    const signed = signBtcTransfer(unsigned, key.privateKey);
    expect(await chain.broadcast(signed.raw, signed.hash)).toMatchObject({
      kind: 'accepted',
      transfer: { fromAddress: from, toAddress: to, amount: 30_000n },
    });
    expect(await chain.broadcast(signed.raw, signed.hash)).toEqual({ kind: 'known' });
    expect((await store.view('BITCOIN_TESTNET').byHash(signed.hash))?.fee).toBe(unsigned.fee);
    // The change comes back as an output of the sender, spendable once mined.
    const change = await store.unspent('BITCOIN_TESTNET', from);
    expect(change).toEqual([expect.objectContaining({ txid: signed.hash, value: unsigned.change, confirmed: false })]);

    const doubleSpend = signBtcTransfer(build(40_000n), key.privateKey);
    expect(await chain.broadcast(doubleSpend.raw, doubleSpend.hash)).toMatchObject({ reason: 'INPUT_SPENT' });
    await chain.produceBlock();
    const chained = signBtcTransfer(
      build(
        10_000n,
        change.map((c) => ({ ...c })),
      ),
      key.privateKey,
    );
    const decoded = RawTx.decode(chained.raw);
    const sig = Uint8Array.from(decoded.witnesses![0]![0]!);
    sig[20] = sig[20]! ^ 1;
    const tampered = RawTx.encode({ ...decoded, witnesses: [[sig, decoded.witnesses![0]![1]!]] });
    expect(await chain.broadcast(tampered, chained.hash)).toMatchObject({ reason: 'INVALID_SIGNATURE' });
    // Claiming more than the output holds: the signature commits to the claimed amount, which the devnet does not know.
    const inflated = signBtcTransfer(
      build(
        500_000n,
        change.map((c) => ({ ...c, value: 1_000_000n })),
      ),
      key.privateKey,
    );
    expect(await chain.broadcast(inflated.raw, inflated.hash)).toMatchObject({ reason: 'INVALID_SIGNATURE' });
    const unknown = signBtcTransfer(
      build(10_000n, [{ txid: 'ab'.repeat(32), vout: 0, value: 50_000n }]),
      key.privateKey,
    );
    expect(await chain.broadcast(unknown.raw, unknown.hash)).toMatchObject({ reason: 'INPUT_SPENT' });
    expect((await chain.broadcast(chained.raw, chained.hash)).kind).toBe('accepted');
  });
});
