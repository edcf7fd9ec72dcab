// The durable-nonce parts of the Solana builder, read back from the compiled messages (the litesvm test in
// apps/api runs them on the runtime).
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  getAdvanceNonceAccountDiscriminatorBytes,
  getCreateAccountWithSeedDiscriminatorBytes,
  getInitializeNonceAccountDiscriminatorBytes,
  getNonceEncoder,
  NonceState,
  NonceVersion,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import { describe, expect, it } from 'vitest';
import { solanaAddressFromPublicKey } from '../families/sol.js';
import { buildSolTransfer, decodeSolMessage, SOL_LAMPORTS_PER_SIGNATURE } from './sol.js';
import {
  buildSolNonceAccountCreation,
  readSolNonceAccount,
  SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS,
  solDurableNonceOf,
  solNonceAccountAddress,
  solNonceSeed,
} from './sol-nonce.js';

const address = (fill: number) => solanaAddressFromPublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(fill)));
const PAYER = address(1);
const COLD = address(2);
const RECEIVER = address(3);
const BLOCKHASH = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky';
const NONCE = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi';
/** The RecentBlockhashes sysvar, which AdvanceNonceAccount reads. */
const SYSVAR_RECENT_BLOCKHASHES_ADDRESS = 'SysvarRecentB1ockHashes11111111111111111111';
const WALLET_ID = '6f1c2a4e-8b9d-4e2f-a1b3-5c7d9e0f1a2b';

/** The instructions of a compiled message: program, account addresses and data. */
function instructionsOf(payload: Uint8Array) {
  const message = decodeSolMessage(payload);
  return {
    message,
    instructions: message.instructions.map((ix) => ({
      program: message.staticAccounts[ix.programAddressIndex],
      accounts: (ix.accountIndices ?? []).map((i) => message.staticAccounts[i]),
      data: ix.data ?? new Uint8Array(),
    })),
  };
}
const startsWith = (data: ArrayLike<number>, prefix: ArrayLike<number>) =>
  data.length >= prefix.length && Array.from(prefix).every((byte, i) => data[i] === byte);

describe('Solana durable nonces', () => {
  it('derives one seed per wallet id and one account per payer and seed', async () => {
    expect(solNonceSeed(WALLET_ID)).toBe('6f1c2a4e8b9d4e2fa1b35c7d9e0f1a2b');
    expect(() => solNonceSeed('6f1c2a4e')).toThrow();
    const a = await solNonceAccountAddress(PAYER, solNonceSeed(WALLET_ID));
    expect(a).toBe(await solNonceAccountAddress(PAYER, solNonceSeed(WALLET_ID)));
    expect(a).not.toBe(await solNonceAccountAddress(COLD, solNonceSeed(WALLET_ID)));
  });

  it('creates the account with the payer as only signer and the cold key as authority; the fee holds the rent', async () => {
    const seed = solNonceSeed(WALLET_ID);
    const unsigned = await buildSolNonceAccountCreation({
      blockchain: 'SOLANA',
      payer: PAYER,
      authority: COLD,
      seed,
      recentBlockhash: BLOCKHASH,
      lastValidBlockHeight: 10n,
    });
    expect(unsigned.fee).toBe(SOL_LAMPORTS_PER_SIGNATURE + SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS);
    const { message, instructions } = instructionsOf(unsigned.payload);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(message.staticAccounts[0]).toBe(PAYER);
    const nonceAccount = await solNonceAccountAddress(PAYER, seed);
    expect(instructions.map((ix) => ix.program)).toEqual([SYSTEM_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS]);
    expect(startsWith(instructions[0]!.data, getCreateAccountWithSeedDiscriminatorBytes())).toBe(true);
    expect(instructions[0]!.accounts.slice(0, 2)).toEqual([PAYER, nonceAccount]);
    expect(startsWith(instructions[1]!.data, getInitializeNonceAccountDiscriminatorBytes())).toBe(true);
    expect(instructions[1]!.accounts[0]).toBe(nonceAccount);
  });

  it('puts AdvanceNonceAccount first and the nonce as the lifetime; the sender stays the one signer', async () => {
    const nonceAccount = await solNonceAccountAddress(PAYER, solNonceSeed(WALLET_ID));
    const unsigned = await buildSolTransfer({
      blockchain: 'SOLANA',
      fromAddress: COLD,
      toAddress: RECEIVER,
      token: { kind: 'native' },
      amount: 5n,
      recentBlockhash: BLOCKHASH,
      lastValidBlockHeight: 10n,
      durableNonce: { account: nonceAccount, value: NONCE },
    });
    expect(unsigned.fee).toBe(SOL_LAMPORTS_PER_SIGNATURE);
    const { message, instructions } = instructionsOf(unsigned.payload);
    expect(message.lifetimeToken).toBe(NONCE);
    expect(message.header.numSignerAccounts).toBe(1);
    expect(message.staticAccounts[0]).toBe(COLD);
    expect(instructions).toHaveLength(2);
    expect(instructions[0]!.program).toBe(SYSTEM_PROGRAM_ADDRESS);
    expect(startsWith(instructions[0]!.data, getAdvanceNonceAccountDiscriminatorBytes())).toBe(true);
    expect(instructions[0]!.accounts).toEqual([nonceAccount, SYSVAR_RECENT_BLOCKHASHES_ADDRESS, COLD]);
    expect(solDurableNonceOf(unsigned.payload)).toEqual({ account: nonceAccount, value: NONCE });
  });

  it('finds no durable nonce in a transfer or an account creation built on a blockhash', async () => {
    const common = { blockchain: 'SOLANA' as const, recentBlockhash: BLOCKHASH, lastValidBlockHeight: 10n };
    const transfer = await buildSolTransfer({
      ...common,
      fromAddress: COLD,
      toAddress: RECEIVER,
      token: { kind: 'native' },
      amount: 5n,
    });
    const creation = await buildSolNonceAccountCreation({
      ...common,
      payer: PAYER,
      authority: COLD,
      seed: solNonceSeed(WALLET_ID),
    });
    expect(solDurableNonceOf(transfer.payload)).toBeNull();
    expect(solDurableNonceOf(creation.payload)).toBeNull();
  });

  it('reads a nonce account and refuses other data', () => {
    const data = new Uint8Array(
      getNonceEncoder().encode({
        version: NonceVersion.Current,
        state: NonceState.Initialized,
        authority: COLD as never,
        blockhash: NONCE as never,
        lamportsPerSignature: 5000n,
      }),
    );
    expect(readSolNonceAccount(data)).toEqual({ initialized: true, authority: COLD, nonce: NONCE });
    expect(() => readSolNonceAccount(data.slice(0, 40))).toThrow(/nonce account/);
  });
});
