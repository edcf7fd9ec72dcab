import { hex } from '@scure/base';
import { NETWORK, OutScript, p2wpkh, RawTx, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { mnemonicToSeed } from '../seed.js';
import {
  assertP2wpkhSignatures,
  type BtcNetwork,
  type BuildBtcTransferInput,
  buildBtcTransfer,
  P2WPKH_DUST_LIMIT,
  signBtcTransfer,
} from './btc.js';
import { deriveSigningKey } from './keys.js';
import { TransferBuildError } from './types.js';

const seed = mnemonicToSeed(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const sender = deriveSigningKey(seed, 'BITCOIN_TESTNET', 0);
const receiver = deriveSigningKey(seed, 'BITCOIN_TESTNET', 1);
const stranger = deriveSigningKey(seed, 'BITCOIN_TESTNET', 2);
const senderAddress = p2wpkh(sender.publicKey, TEST_NETWORK).address!;
const receiverAddress = p2wpkh(receiver.publicKey, TEST_NETWORK).address!;
const txid = (n: number) => n.toString(16).padStart(64, '0');

function transfer(overrides: Partial<BuildBtcTransferInput> = {}): BuildBtcTransferInput {
  return {
    blockchain: 'BITCOIN_TESTNET',
    fromAddress: senderAddress,
    fromPublicKey: sender.publicKey,
    toAddress: receiverAddress,
    amount: 30_000n,
    utxos: [{ txid: txid(1), vout: 0, value: 100_000n }],
    feeRate: 5n,
    ...overrides,
  };
}

function refusal(input: BuildBtcTransferInput): string | undefined {
  try {
    buildBtcTransfer(input);
  } catch (error) {
    if (error instanceof TransferBuildError) return error.reason;
    throw error;
  }
  return undefined;
}

/** Output amounts by address, decoded from the broadcast bytes. */
function outputsOf(raw: Uint8Array, network: BtcNetwork = TEST_NETWORK): Map<string, bigint> {
  const tx = Transaction.fromRaw(raw);
  const out = new Map<string, bigint>();
  for (let i = 0; i < tx.outputsLength; i++) out.set(tx.getOutputAddress(i, network)!, tx.getOutput(i).amount!);
  return out;
}

describe('buildBtcTransfer', () => {
  it('pays the amount, returns the change to the sender and charges vbytes × fee rate', () => {
    const unsigned = buildBtcTransfer(transfer());
    expect(unsigned.spends).toEqual([{ txid: txid(1), vout: 0 }]);
    expect(unsigned.change).toBe(100_000n - 30_000n - unsigned.fee);
    const signed = signBtcTransfer(unsigned, sender.privateKey);
    expect(outputsOf(signed.raw)).toEqual(
      new Map([
        [receiverAddress, 30_000n],
        [senderAddress, unsigned.change],
      ]),
    );
    expect(signed.fee).toBe(unsigned.fee);
    const changeOutput = Transaction.fromRaw(signed.raw).getOutput(unsigned.changeVout!);
    expect(changeOutput.amount).toBe(unsigned.change);
    // The estimate assumes the longest DER signature, so the real size is at most one vbyte per input smaller.
    const vsize = BigInt(Transaction.fromRaw(signed.raw).vsize);
    expect(unsigned.fee % 5n).toBe(0n);
    expect(unsigned.fee / 5n - vsize).toBeGreaterThanOrEqual(0n);
    expect(unsigned.fee / 5n - vsize).toBeLessThanOrEqual(1n);
    expect(vsize).toBeGreaterThanOrEqual(140n); // one P2WPKH input, two P2WPKH outputs
    expect(vsize).toBeLessThanOrEqual(141n);
  });

  it('sends change to a given change address', () => {
    const changeAddress = p2wpkh(stranger.publicKey, TEST_NETWORK).address!;
    const unsigned = buildBtcTransfer(transfer({ changeAddress }));
    expect(outputsOf(signBtcTransfer(unsigned, sender.privateKey).raw).get(changeAddress)).toBe(unsigned.change);
  });

  it('leaves a remainder below the dust limit to the fee instead of making change', () => {
    // What remains after the two-output fee is just the dust limit: not worth an output of its own.
    const feeWithChange = buildBtcTransfer(transfer()).fee;
    const value = 30_000n + feeWithChange + P2WPKH_DUST_LIMIT;
    const unsigned = buildBtcTransfer(transfer({ utxos: [{ txid: txid(1), vout: 0, value }] }));
    expect(unsigned.change).toBe(0n);
    expect(unsigned.changeVout).toBeUndefined();
    expect(unsigned.fee).toBe(value - 30_000n);
    expect(outputsOf(signBtcTransfer(unsigned, sender.privateKey).raw).size).toBe(1);
  });

  it('spends several outputs when one is not enough, and signs each of them', () => {
    const utxos = [1, 2, 3].map((n) => ({ txid: txid(n), vout: n, value: 40_000n }));
    const unsigned = buildBtcTransfer(transfer({ amount: 100_000n, utxos }));
    expect(unsigned.spends).toHaveLength(3);
    expect(new Set(unsigned.spends.map((s) => s.txid))).toEqual(new Set([txid(1), txid(2), txid(3)]));
    expect(unsigned.change).toBe(120_000n - 100_000n - unsigned.fee);
    const signed = signBtcTransfer(unsigned, sender.privateKey);
    expect(RawTx.decode(signed.raw).witnesses).toHaveLength(3);
  });

  it('refuses an amount below the P2WPKH dust limit, zero or negative', () => {
    expect(refusal(transfer({ amount: P2WPKH_DUST_LIMIT - 1n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refusal(transfer({ amount: 0n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refusal(transfer({ amount: -5n }))).toBe('AMOUNT_TOO_SMALL');
    expect(refusal(transfer({ amount: P2WPKH_DUST_LIMIT }))).toBeUndefined();
  });

  it('refuses when the outputs cannot pay amount plus fee', () => {
    expect(refusal(transfer({ amount: 100_000n }))).toBe('INSUFFICIENT_FUNDS');
    expect(refusal(transfer({ amount: 99_900n }))).toBe('INSUFFICIENT_FUNDS');
    expect(refusal(transfer({ utxos: [] }))).toBe('INSUFFICIENT_FUNDS');
  });

  it('refuses a UTXO list naming one outpoint twice', () => {
    const utxo = { txid: txid(1), vout: 0, value: 100_000n };
    expect(() => buildBtcTransfer(transfer({ utxos: [utxo, { ...utxo, txid: txid(1).toUpperCase() }] }))).toThrow(
      /twice/,
    );
  });

  it('refuses addresses of another network, malformed ones, and a sender address that is not its key', () => {
    const mainnet = p2wpkh(receiver.publicKey, NETWORK).address!;
    expect(refusal(transfer({ toAddress: mainnet }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ toAddress: `${receiverAddress.slice(0, -1)}x` }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ fromAddress: receiverAddress }))).toBe('INVALID_ADDRESS');
    expect(refusal(transfer({ changeAddress: 'nope' }))).toBe('INVALID_ADDRESS');
  });

  it('refuses a memo', () => {
    expect(refusal(transfer({ memo: '123' }))).toBe('MEMO_NOT_SUPPORTED');
  });

  it('builds for an overridden network (Litecoin regtest addresses)', () => {
    const regtest = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };
    const from = p2wpkh(sender.publicKey, regtest).address!;
    const to = p2wpkh(receiver.publicKey, regtest).address!;
    expect(from.startsWith('rltc1q')).toBe(true);
    const unsigned = buildBtcTransfer(transfer({ network: regtest, fromAddress: from, toAddress: to }));
    expect(outputsOf(signBtcTransfer(unsigned, sender.privateKey).raw, regtest).get(to)).toBe(30_000n);
    expect(refusal(transfer({ network: regtest, fromAddress: from }))).toBe('INVALID_ADDRESS'); // tb1 receiver
  });

  it('is deterministic: the same inputs give the same PSBT, raw bytes and txid', () => {
    const utxos = [3, 1, 2].map((n) => ({ txid: txid(n), vout: 0, value: 20_000n + BigInt(n) }));
    const a = buildBtcTransfer(transfer({ utxos }));
    const b = buildBtcTransfer(transfer({ utxos: [...utxos].reverse() }));
    expect(hex.encode(a.payload)).toBe(hex.encode(b.payload));
    const signedA = signBtcTransfer(a, sender.privateKey);
    const signedB = signBtcTransfer(b, sender.privateKey);
    expect(hex.encode(signedA.raw)).toBe(hex.encode(signedB.raw));
    expect(signedA.hash).toBe(signedB.hash);
    expect(signedA.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(signedA.hash).toBe(Transaction.fromRaw(signedA.raw).id);
  });
});

describe('signBtcTransfer', () => {
  const unsigned = buildBtcTransfer(transfer());
  const spent = [{ script: OutScript.encode({ type: 'wpkh', hash: p2wpkh(sender.publicKey).hash }), amount: 100_000n }];

  it('refuses a key that does not own the inputs', () => {
    expect(() => signBtcTransfer(unsigned, stranger.privateKey)).toThrow();
  });

  it('verifies signatures independently: a tampered signature, amount or key is caught', () => {
    const { raw } = signBtcTransfer(unsigned, sender.privateKey);
    expect(() => assertP2wpkhSignatures(raw, spent, sender.publicKey)).not.toThrow();

    const decoded = RawTx.decode(raw);
    const signature = Uint8Array.from(decoded.witnesses![0]![0]!);
    signature[20] = signature[20]! ^ 0x01; // a bit of r
    const tampered = RawTx.encode({ ...decoded, witnesses: [[signature, decoded.witnesses![0]![1]!]] });
    expect(() => assertP2wpkhSignatures(tampered, spent, sender.publicKey)).toThrow(/does not verify/);

    // BIP-143 commits to the spent amount: claiming another amount breaks the signature.
    const otherAmount = [{ ...spent[0]!, amount: 100_001n }];
    expect(() => assertP2wpkhSignatures(raw, otherAmount, sender.publicKey)).toThrow(/does not verify/);
    expect(() => assertP2wpkhSignatures(raw, spent, stranger.publicKey)).toThrow(/another key/);
  });
});
