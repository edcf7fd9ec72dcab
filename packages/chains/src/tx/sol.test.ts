import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { getTransactionDecoder } from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { solanaAddressFromPublicKey } from '../families/sol.js';
import {
  buildSolTransfer,
  decodeSolMessage,
  SOL_LAMPORTS_PER_SIGNATURE,
  type SolTransferInput,
  signSolTransfer,
  solAssociatedTokenAddress,
  TOKEN_2022_PROGRAM_ADDRESS,
} from './sol.js';
import { TransferBuildError } from './types.js';

// RFC 8032 section 7.1, TEST 1: a published ed25519 seed and its public key.
const SEED = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const PUBLIC_KEY = hexToBytes('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
const SENDER = solanaAddressFromPublicKey(PUBLIC_KEY);
const RECEIVER = solanaAddressFromPublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(7)));
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BLOCKHASH = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky';

const native: SolTransferInput = {
  blockchain: 'SOLANA',
  fromAddress: SENDER,
  toAddress: RECEIVER,
  token: { kind: 'native' },
  amount: 1_500_000n,
  recentBlockhash: BLOCKHASH,
  lastValidBlockHeight: 1_000n,
};
const spl: SolTransferInput = { ...native, token: { kind: 'spl', mint: USDC_MINT, decimals: 6 }, amount: 2_500_000n };

async function refusal(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof TransferBuildError) return error.reason;
    throw error;
  }
  return undefined;
}

const decodeMessage = decodeSolMessage;
const programOf = (message: ReturnType<typeof decodeMessage>, index: number) =>
  message.staticAccounts[message.instructions[index]!.programAddressIndex];

describe('buildSolTransfer', () => {
  it('builds a system transfer paid and signed by the sender, for 5000 lamports', async () => {
    const unsigned = await buildSolTransfer(native);
    expect(unsigned.fee).toBe(SOL_LAMPORTS_PER_SIGNATURE);
    const message = decodeMessage(unsigned.payload);
    expect(message.staticAccounts[0]).toBe(SENDER);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(message.lifetimeToken).toBe(BLOCKHASH);
    expect(message.instructions).toHaveLength(1);
    expect(programOf(message, 0)).toBe(SYSTEM_PROGRAM_ADDRESS);
    // System instruction 2 (Transfer): u32 LE discriminator, then the u64 LE lamports.
    const data = message.instructions[0]!.data!;
    expect(Array.from(data.slice(0, 4))).toEqual([2, 0, 0, 0]);
    expect(new DataView(data.buffer, data.byteOffset + 4, 8).getBigUint64(0, true)).toBe(1_500_000n);
  });

  it('creates the receiver ATA first when it does not exist, and charges its rent', async () => {
    const unsigned = await buildSolTransfer(spl);
    expect(unsigned.fee).toBe(5_000n + 2_039_280n);
    const message = decodeMessage(unsigned.payload);
    expect(message.instructions).toHaveLength(2);
    expect(programOf(message, 0)).toBe(ASSOCIATED_TOKEN_PROGRAM_ADDRESS);
    expect(Array.from(message.instructions[0]!.data!)).toEqual([1]); // CreateIdempotent
    expect(programOf(message, 1)).toBe(TOKEN_PROGRAM_ADDRESS);
    // TransferChecked: discriminator 12, u64 LE amount, u8 decimals.
    const data = message.instructions[1]!.data!;
    expect(data[0]).toBe(12);
    expect(new DataView(data.buffer, data.byteOffset + 1, 8).getBigUint64(0, true)).toBe(2_500_000n);
    expect(data[9]).toBe(6);
    const accounts = message.instructions[1]!.accountIndices!.map((i) => message.staticAccounts[i]);
    expect(accounts).toEqual([
      await solAssociatedTokenAddress(SENDER, USDC_MINT),
      USDC_MINT,
      await solAssociatedTokenAddress(RECEIVER, USDC_MINT),
      SENDER,
    ]);
  });

  it('only transfers when the receiver ATA exists; Token-2022 charges the rent of its 170-byte account', async () => {
    const existing = await buildSolTransfer({ ...spl, receiverTokenAccountExists: true });
    expect(existing.fee).toBe(5_000n);
    expect(decodeMessage(existing.payload).instructions).toHaveLength(1);
    const token2022 = await buildSolTransfer({
      ...spl,
      token: { kind: 'spl', mint: USDC_MINT, decimals: 6, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
    });
    expect(token2022.fee).toBe(5_000n + 2_074_080n);
  });

  it('refuses bad addresses, non-positive amounts, a memo and an unknown token program', async () => {
    expect(await refusal(() => buildSolTransfer({ ...native, toAddress: '0xdead' }))).toBe('INVALID_ADDRESS');
    expect(await refusal(() => buildSolTransfer({ ...native, fromAddress: 'x'.repeat(44) }))).toBe('INVALID_ADDRESS');
    expect(await refusal(() => buildSolTransfer({ ...spl, token: { kind: 'spl', mint: 'nope', decimals: 6 } }))).toBe(
      'INVALID_ADDRESS',
    );
    expect(await refusal(() => buildSolTransfer({ ...native, amount: 0n }))).toBe('AMOUNT_TOO_SMALL');
    expect(await refusal(() => buildSolTransfer({ ...spl, amount: -1n }))).toBe('AMOUNT_TOO_SMALL');
    expect(await refusal(() => buildSolTransfer({ ...native, memo: 'invoice 7' }))).toBe('MEMO_NOT_SUPPORTED');
    const unknownProgram = { kind: 'spl', mint: USDC_MINT, decimals: 6, tokenProgram: SYSTEM_PROGRAM_ADDRESS } as const;
    expect(await refusal(() => buildSolTransfer({ ...spl, token: unknownProgram }))).toBe('UNSUPPORTED_TOKEN');
  });
});

describe('signSolTransfer', () => {
  it('returns wire bytes whose only signature verifies over the message; the hash is that signature in base58', async () => {
    const unsigned = await buildSolTransfer(spl);
    const signed = signSolTransfer(unsigned, SEED);
    const wire = getTransactionDecoder().decode(signed.raw);
    expect(new Uint8Array(wire.messageBytes)).toEqual(unsigned.payload);
    const signature = wire.signatures[SENDER as keyof typeof wire.signatures];
    expect(signature).toBeTruthy();
    expect(ed25519.verify(signature!, unsigned.payload, PUBLIC_KEY)).toBe(true);
    expect(signed.hash).toBe(base58.encode(signature!));
    expect(signed.fee).toBe(unsigned.fee);
    // Wire layout: shortvec count 1, 64 signature bytes, then the message.
    expect(signed.raw.length).toBe(1 + 64 + unsigned.payload.length);
    expect(signed.raw[0]).toBe(1);
  });

  it('refuses to return a signature made with a key other than the fee payer’s', async () => {
    const unsigned = await buildSolTransfer(native);
    expect(() => signSolTransfer(unsigned, new Uint8Array(32).fill(7))).toThrow(/does not verify/);
    expect(() => signSolTransfer(unsigned, SEED.slice(0, 31))).toThrow(/32-byte/);
  });
});
