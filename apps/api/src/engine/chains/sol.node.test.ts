// The Solana builder and signer against a real runtime: LiteSVM executes the wire bytes with the actual system,
// SPL Token and associated-token-account programs, signature verification and blockhash checks.

import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  buildSolTransfer,
  deriveSigningKey,
  type SignedTransfer,
  SOL_LAMPORTS_PER_SIGNATURE,
  type SolTransferInput,
  signSolTransfer,
  solanaAddressFromPublicKey,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS,
} from '@vaultline/chains';
import { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SolLiteSvmChain } from './sol-litesvm.js';

const SOL = 1_000_000_000n;
const DECIMALS = 6;
// A fixed organization seed: the sender's key comes from the product's own derivation path for Solana.
const sender = deriveSigningKey(new Uint8Array(64).fill(0x5a), 'SOLANA_DEVNET', 0);
const SENDER = solanaAddressFromPublicKey(sender.publicKey);
const RECEIVER = solanaAddressFromPublicKey(
  deriveSigningKey(new Uint8Array(64).fill(0x5a), 'SOLANA_DEVNET', 1).publicKey,
);

let svm: LiteSVM;
let chain: SolLiteSvmChain;

beforeEach(() => {
  svm = new LiteSVM();
  chain = new SolLiteSvmChain(svm);
  svm.airdrop(address(SENDER), lamports(10n * SOL));
});

async function transfer(input: Partial<SolTransferInput> & Pick<SolTransferInput, 'token' | 'amount'>) {
  const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
  const unsigned = await buildSolTransfer({
    blockchain: 'SOLANA_DEVNET',
    fromAddress: SENDER,
    toAddress: RECEIVER,
    recentBlockhash: blockhash,
    lastValidBlockHeight,
    ...input,
  });
  return signSolTransfer(unsigned, sender.privateKey);
}

/** Setup only (not the product path): kit's own signers run the token program's real instructions. */
async function sendWithKitSigners(payer: KeyPairSigner, instructions: Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const result = svm.sendTransaction(await signTransactionMessageWithSigners(message));
  expect(result.toString()).not.toMatch(/^FailedTransactionMetadata/);
}

/** A new mint (sender is its authority) and `supply` tokens in the sender's associated token account. */
async function createMintWithSenderBalance(supply: bigint): Promise<string> {
  const payer = await createKeyPairSignerFromPrivateKeyBytes(sender.privateKey);
  const mint = await generateKeyPairSigner();
  const [senderAta] = await findAssociatedTokenPda({
    owner: payer.address,
    mint: mint.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const space = BigInt(getMintSize());
  await sendWithKitSigners(payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: lamports(svm.minimumBalanceForRentExemption(space)),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: DECIMALS, mintAuthority: payer.address }),
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: senderAta, owner: payer.address, mint: mint.address }),
    getMintToInstruction({ mint: mint.address, token: senderAta, mintAuthority: payer, amount: supply }),
  ]);
  return mint.address;
}

function expectConfirmed(signed: SignedTransfer) {
  expect(chain.broadcast(signed.raw)).toEqual({ ok: true, signature: signed.hash });
  expect(chain.status(signed.hash)).toBe('confirmed');
}

describe('Solana transfers on LiteSVM', () => {
  it('confirms a native transfer: the amount moves and the sender pays exactly 5000 lamports', async () => {
    const before = chain.balance(SENDER);
    const signed = await transfer({ token: { kind: 'native' }, amount: 1_500_000n });
    expect(signed.fee).toBe(SOL_LAMPORTS_PER_SIGNATURE);
    expect(chain.status(signed.hash)).toBe('unknown');
    expectConfirmed(signed);
    expect(chain.balance(RECEIVER)).toBe(1_500_000n);
    expect(before - chain.balance(SENDER)).toBe(1_500_000n + 5_000n);
  });

  it('uses the runtime’s own rent-exempt minimum for the token account the builder pays for', () => {
    expect(TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS[TOKEN_PROGRAM_ADDRESS]).toBe(svm.minimumBalanceForRentExemption(165n));
    expect(TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS[TOKEN_2022_PROGRAM_ADDRESS]).toBe(
      svm.minimumBalanceForRentExemption(170n),
    );
  });

  it('sends SPL tokens to a receiver without a token account (created in the same tx), then with one', async () => {
    const mint = await createMintWithSenderBalance(1_000_000_000n);
    const token = { kind: 'spl', mint, decimals: DECIMALS } as const;
    expect(await chain.tokenAccountExists(RECEIVER, mint)).toBe(false);

    const lamportsBefore = chain.balance(SENDER);
    const first = await transfer({ token, amount: 250_000_000n, receiverTokenAccountExists: false });
    expect(first.fee).toBe(5_000n + 2_039_280n);
    expectConfirmed(first);
    expect(await chain.tokenAccountExists(RECEIVER, mint)).toBe(true);
    expect(await chain.tokenBalance(RECEIVER, mint)).toBe(250_000_000n);
    expect(await chain.tokenBalance(SENDER, mint)).toBe(750_000_000n);
    // The fee the builder announced is exactly what the sender's lamports paid: signature fee + the new account's rent.
    expect(lamportsBefore - chain.balance(SENDER)).toBe(first.fee);

    const second = await transfer({ token, amount: 1_000_000n, receiverTokenAccountExists: true });
    expect(second.fee).toBe(5_000n);
    const beforeSecond = chain.balance(SENDER);
    expectConfirmed(second);
    expect(await chain.tokenBalance(RECEIVER, mint)).toBe(251_000_000n);
    expect(beforeSecond - chain.balance(SENDER)).toBe(5_000n);
  });
});

describe('Solana refusals on LiteSVM', () => {
  it('refuses a tampered signature', async () => {
    const signed = await transfer({ token: { kind: 'native' }, amount: 1_500_000n });
    const tampered = signed.raw.slice();
    tampered[10] = tampered[10]! ^ 0x01; // inside the 64 signature bytes after the 1-byte count
    expect(chain.broadcast(tampered)).toMatchObject({ ok: false, reason: 'INVALID_SIGNATURE' });
    expect(chain.balance(RECEIVER)).toBe(0n);
  });

  it('refuses overspending lamports and tokens', async () => {
    const native = await transfer({ token: { kind: 'native' }, amount: 11n * SOL });
    const lamportsBefore = chain.balance(SENDER);
    expect(chain.broadcast(native.raw)).toMatchObject({ ok: false, reason: 'INSUFFICIENT_FUNDS' });
    expect(chain.balance(RECEIVER)).toBe(0n);
    // It executed and failed: as on Solana, it is recorded and its fee is charged.
    expect(chain.status(native.hash)).toBe('failed');
    expect(lamportsBefore - chain.balance(SENDER)).toBe(5_000n);

    const mint = await createMintWithSenderBalance(1_000n);
    const spl = await transfer({ token: { kind: 'spl', mint, decimals: DECIMALS }, amount: 1_001n });
    expect(chain.broadcast(spl.raw)).toMatchObject({ ok: false, reason: 'INSUFFICIENT_FUNDS' });
    expect(await chain.tokenBalance(SENDER, mint)).toBe(1_000n);
  });

  it('refuses a replay of the same signed bytes', async () => {
    const signed = await transfer({ token: { kind: 'native' }, amount: 1_500_000n });
    expectConfirmed(signed);
    expect(chain.broadcast(signed.raw)).toMatchObject({ ok: false, reason: 'ALREADY_PROCESSED' });
    expect(chain.balance(RECEIVER)).toBe(1_500_000n);
  });

  it('refuses a transaction whose blockhash expired', async () => {
    const signed = await transfer({ token: { kind: 'native' }, amount: 1_500_000n });
    svm.expireBlockhash();
    expect(chain.broadcast(signed.raw)).toMatchObject({ ok: false, reason: 'BLOCKHASH_NOT_FOUND' });
    expect(chain.status(signed.hash)).toBe('unknown');
  });

  it('reports bytes that are not a transaction as malformed', () => {
    expect(chain.broadcast(new Uint8Array([1, 2, 3]))).toMatchObject({ ok: false, reason: 'MALFORMED' });
  });
});
