// Durable nonces on the real Solana runtime (in-process LiteSVM): a hot payer creates a cold wallet's nonce account
// (cold key as authority, rent paid by the payer); a transfer from the cold wallet built on that nonce goes through
// the air-gapped exchange (sign request, the cold signer's answer, verification) and still lands after its
// blockhash would have expired, advancing the nonce so the same bytes never land twice. A transfer built on a
// blockhash is refused after the same wait, and a nonce account of another authority cannot be used.
import { address, lamports } from '@solana/kit';
import {
  buildSolNonceAccountCreation,
  buildSolTransfer,
  derivationPath,
  deriveAccount,
  deriveSigningKey,
  readSolNonceAccount,
  SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS,
  SOL_NONCE_ACCOUNT_SPACE,
  signSolTransfer,
  solNonceAccountAddress,
  solNonceSeed,
  type UnsignedTransfer,
} from '@vaultline/chains';
import { acceptColdSignature, coldSignRequest, masterFingerprintOf, signColdRequest } from '@vaultline/chains/cold';
import { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SolLiteSvmChain } from './sol-litesvm.js';

const SOL = 1_000_000_000n;
const HOT_SEED = new Uint8Array(64).map((_, i) => (i * 29 + 3) % 256);
const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 71 + 5) % 256);
const RECEIVER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const WALLET_ID = '6f1c2a4e-8b9d-4e2f-a1b3-5c7d9e0f1a2b';

/** Account 0 of a seed on SOLANA: its key and address. */
function solanaAccount(seed: Uint8Array) {
  const { address } = deriveAccount({ seed, blockchain: 'SOLANA', accountIndex: 0 });
  if (!address) throw new Error('A Solana account has an address');
  return { key: deriveSigningKey(seed, 'SOLANA', 0), address };
}
const hot = solanaAccount(HOT_SEED);
const cold = solanaAccount(COLD_SEED);

/** The cold wallet's signature through the air-gapped exchange, verified as the signing queue verifies it. */
async function signedByColdSigner(unsigned: UnsignedTransfer) {
  const target = {
    requestId: '0b6f0d1e-2c3a-4b5c-8d9e-0f1a2b3c4d5e',
    derivationPath: derivationPath('sol', 'SOLANA', 0, 0),
    masterFingerprint: masterFingerprintOf(COLD_SEED),
    publicKey: cold.key.publicKey,
    address: cold.address,
  };
  const { answer } = signColdRequest(COLD_SEED, coldSignRequest(unsigned, target));
  return acceptColdSignature(unsigned, target, answer);
}

describe('durable nonces for cold Solana wallets (LiteSVM)', () => {
  let chain: SolLiteSvmChain;
  let nonceAccount: string;

  /** A nonce account the hot payer creates for `walletId` with `authority`; its address. */
  async function createNonceAccount(walletId: string, authority: string) {
    const seed = solNonceSeed(walletId);
    const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
    const creation = await buildSolNonceAccountCreation({
      blockchain: 'SOLANA',
      payer: hot.address,
      authority,
      seed,
      recentBlockhash: blockhash,
      lastValidBlockHeight,
    });
    const before = chain.balance(hot.address);
    expect(chain.broadcast(signSolTransfer(creation, hot.key.privateKey).raw)).toMatchObject({ ok: true });
    expect(chain.balance(hot.address)).toBe(before - creation.fee);
    return solNonceAccountAddress(hot.address, seed);
  }

  beforeEach(async () => {
    chain = new SolLiteSvmChain(new LiteSVM());
    chain.svm.airdrop(address(hot.address), lamports(10n * SOL));
    chain.svm.airdrop(address(cold.address), lamports(10n * SOL));
    nonceAccount = await createNonceAccount(WALLET_ID, cold.address);
  });

  /** A nonce account's state on the chain. */
  function nonceOf(account: string) {
    const found = chain.svm.getAccount(address(account));
    if (!found.exists) throw new Error(`no account ${account}`);
    return readSolNonceAccount(new Uint8Array(found.data));
  }
  const nonceState = () => nonceOf(nonceAccount);
  const coldTransfer = (amount: bigint, durableNonce?: { account: string; value: string }) => {
    const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
    return buildSolTransfer({
      blockchain: 'SOLANA',
      fromAddress: cold.address,
      toAddress: RECEIVER,
      token: { kind: 'native' },
      amount,
      recentBlockhash: blockhash,
      lastValidBlockHeight,
      ...(durableNonce ? { durableNonce } : {}),
    });
  };

  it('creates the nonce account rent-exempt, system-owned, with the cold key as its authority', () => {
    expect(chain.svm.minimumBalanceForRentExemption(SOL_NONCE_ACCOUNT_SPACE)).toBe(
      SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS,
    );
    expect(chain.balance(nonceAccount)).toBe(SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS);
    const state = nonceState();
    expect(state).toMatchObject({ initialized: true, authority: cold.address });
    expect(state.nonce).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('lands a cold transfer after its blockhash would have expired, once, and advances the nonce', async () => {
    const before = nonceState().nonce;
    const unsigned = await coldTransfer(SOL / 10n, { account: nonceAccount, value: before });
    const signed = await signedByColdSigner(unsigned);
    // The walk to the air-gapped signer and back: far past a blockhash's 150 blocks.
    chain.passBlockhashValidity();
    chain.passBlockhashValidity();
    expect(chain.broadcast(signed.raw)).toEqual({ ok: true, signature: signed.hash });
    expect(chain.balance(RECEIVER)).toBe(SOL / 10n);
    expect(chain.balance(cold.address)).toBe(10n * SOL - SOL / 10n - unsigned.fee);
    const after = nonceState();
    expect(after.nonce).not.toBe(before);
    expect(after.authority).toBe(cold.address);

    // The same bytes again, later: the nonce they name is gone, so they never land twice.
    chain.passBlockhashValidity();
    expect(chain.broadcast(signed.raw)).toMatchObject({ ok: false });
    expect(chain.balance(RECEIVER)).toBe(SOL / 10n);
  });

  it('refuses the same transfer built on a blockhash after the same wait', async () => {
    const signed = await signedByColdSigner(await coldTransfer(SOL / 10n));
    chain.passBlockhashValidity();
    expect(chain.broadcast(signed.raw)).toMatchObject({ ok: false, reason: 'BLOCKHASH_NOT_FOUND' });
    expect(chain.balance(RECEIVER)).toBe(0n);
  });

  it('cannot use a nonce account whose authority is another key', async () => {
    // The payer's own nonce account: the cold wallet's transfer names itself as authority, which the runtime refuses.
    const foreign = await createNonceAccount('11111111-2222-4333-8444-555555555555', hot.address);
    chain.passBlockhashValidity();
    const value = nonceOf(foreign).nonce;
    const signed = await signedByColdSigner(await coldTransfer(SOL / 10n, { account: foreign, value }));
    expect(chain.broadcast(signed.raw)).toMatchObject({ ok: false });
    expect(chain.balance(RECEIVER)).toBe(0n);
  });

  it('refuses a nonce seed that is not a wallet id and a nonce that is not a blockhash', async () => {
    expect(() => solNonceSeed('not-a-uuid')).toThrow();
    await expect(coldTransfer(1n, { account: nonceAccount, value: 'nonce' })).rejects.toThrow();
    await expect(coldTransfer(1n, { account: 'nowhere', value: nonceState().nonce })).rejects.toThrow(/nonce account/);
  });
});
