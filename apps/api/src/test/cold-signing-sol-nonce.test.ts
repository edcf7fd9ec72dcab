// Cold Solana withdrawals on durable nonces, the whole product against a Solana JSON-RPC node (the LiteSVM runtime
// behind the RPC fixture): once a cold wallet is imported, the engine has the organization's gas-fee wallet create
// its nonce account (tried again only after a while when the payer cannot pay); the cold wallet's withdrawals are
// then built on the nonce, wait at SIGNING far longer than a blockhash lives, and land once. Two withdrawals built
// on the same nonce cannot both land: when the first one advances it, the second is dropped and built again on the
// new nonce, and the signature made for the old bytes is refused.
import { address, lamports } from '@solana/kit';
import { deriveAccount, SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS, solDurableNonceOf } from '@vaultline/chains';
import { SIGN_REQUEST_TYPES, signColdRequest, toQrParts } from '@vaultline/chains/cold';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, gasFeeWallets, wallets } from '../db/schema/index.js';
import type { SolLiteSvmChain } from '../engine/chains/sol-litesvm.js';
import { SOL_NONCE_ACCOUNT_PURPOSE } from '../engine/transactions/sol-planner.js';
import type { TestApp } from './app.js';
import type { ApprovalScene } from './approval-scene.js';
import { setBalance } from './asset-fixtures.js';
import {
  get,
  importColdWallet,
  messageOf,
  QUEUE,
  testSweeper,
  untilSigning,
  withdrawToNewEntry,
} from './cold-signing-scene.js';
import { type LiteSvmColdScene, liteSvmColdScene } from './litesvm-cold-scene.js';
import type { CreatedWallet } from './wallet-fixtures.js';
import { db, requestRow, transfers, until } from './withdrawal-lifecycle-scene.js';

const SOL = 1_000_000_000n;
const COLD_SEED = new Uint8Array(64).map((_, i) => (i * 61 + 13) % 256);
const SECOND_COLD_SEED = new Uint8Array(64).map((_, i) => (i * 67 + 17) % 256);
/** The fee of one signature, what each of these transactions pays when it reaches the chain. */
const SOL_FEE = 5_000n;
/** Addresses of nobody's wallets, one per address-book entry. */
const RECEIVERS = [1, 2, 3].map(
  (fill) =>
    deriveAccount({ seed: new Uint8Array(64).fill(fill), blockchain: 'SOLANA_DEVNET', accountIndex: 0 }).address!,
);

let chain: SolLiteSvmChain;
let t: TestApp;
let s: ApprovalScene;
let operators: LiteSvmColdScene['operators'];
let cold: CreatedWallet;
let sweeper: ReturnType<typeof testSweeper>;

const nonceRows = () =>
  db(t).select().from(chainTransactions).where(eq(chainTransactions.purpose, SOL_NONCE_ACCOUNT_PURPOSE));
const walletRow = async () => (await db(t).select().from(wallets).where(eq(wallets.id, cold.id)))[0]!;

/** The withdrawal's newest attempt (`transfers` lists the latest first). */
const latestTransfer = async (requestId: string) => (await transfers(t, requestId))[0]!;

/** The cold signer's answer to the row's sign request, handed in by a signing operator. */
async function signAndHandIn(rowId: string) {
  const shown = await get(operators.signer, `${QUEUE}/${rowId}`);
  expect(shown.statusCode, shown.body).toBe(200);
  // On the nonce, the signer has no deadline.
  expect(shown.json()).toMatchObject({ validUntilHeight: null, expiresAt: null });
  const { answer, review } = signColdRequest(COLD_SEED, messageOf(shown.json().parts, SIGN_REQUEST_TYPES.sol));
  const parts = toQrParts(answer);
  return { review, parts, handIn: () => operators.signer.post(`${QUEUE}/${rowId}/signature`, { parts }) };
}

async function untilComplete(requestId: string) {
  return until(async () => {
    await sweeper.tick();
    const r = await requestRow(t, requestId);
    return r.status !== 'EXECUTING' && r;
  }, 'the cold Solana withdrawal to complete');
}

let scene: LiteSvmColdScene | undefined;

beforeAll(async () => {
  scene = await liteSvmColdScene('Cold Nonce');
  ({ chain, t, s, operators } = scene);
  sweeper = testSweeper(t);
});
afterAll(() => scene?.close());

describe('a cold Solana wallet’s nonce account', () => {
  it('is paid by the gas-fee wallet, tried again only after a while when that wallet cannot pay', async () => {
    cold = await importColdWallet(t, operators, s.orgId, COLD_SEED, 'SOLANA_DEVNET', 'Cold Nonce Vault');
    const [payer] = await db(t).select().from(gasFeeWallets).where(eq(gasFeeWallets.organizationId, s.orgId));
    expect(payer!.blockchain).toBe('SOLANA_DEVNET');

    // The gas-fee wallet is empty on the node: the creation fails, and the next sweeps do not try again at once.
    for (let i = 0; i < 4; i++) await sweeper.tick();
    const failed = await nonceRows();
    expect(failed).toEqual([expect.objectContaining({ status: 'FAILED', fromAddress: payer!.address })]);
    const account = (await walletRow()).solNonceAccount!;
    expect(failed[0]!.toAddress).toBe(account);
    expect(chain.nonceOf(account)).toBeNull();

    // Funded, and the retry's wait over: the account is made once and confirmed, the cold key its authority.
    chain.svm.airdrop(address(payer!.address), lamports(SOL));
    await db(t)
      .update(chainTransactions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(chainTransactions.id, failed[0]!.id));
    await until(async () => {
      await sweeper.tick();
      return (await nonceRows()).some((row) => row.status === 'CONFIRMED');
    }, 'the nonce account to be created');
    for (let i = 0; i < 3; i++) await sweeper.tick();
    const rows = await nonceRows();
    expect(rows.map((row) => row.status).sort()).toEqual(['CONFIRMED', 'FAILED']);
    expect(chain.nonceOf(account)).toMatchObject({ authority: cold.address });
    expect(chain.balance(account)).toBe(SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS);
  });

  it('is created once when two engines sweep at the same moment', async () => {
    const second = await importColdWallet(t, operators, s.orgId, SECOND_COLD_SEED, 'SOLANA_DEVNET', 'Cold Nonce Two');
    const [payer] = await db(t).select().from(gasFeeWallets).where(eq(gasFeeWallets.organizationId, s.orgId));
    const before = chain.balance(payer!.address);
    const engines = [testSweeper(t), testSweeper(t)];
    const sweepBoth = () => Promise.all(engines.map((engine) => engine.tick()));
    await sweepBoth();
    const [{ solNonceAccount: account }] = (await db(t)
      .select({ solNonceAccount: wallets.solNonceAccount })
      .from(wallets)
      .where(eq(wallets.id, second.id))) as [{ solNonceAccount: string }];
    const rows = await until(async () => {
      await sweepBoth();
      const made = (await nonceRows()).filter((row) => row.toAddress === account);
      return made.length > 0 && made.every((row) => row.status === 'CONFIRMED' || row.status === 'FAILED') && made;
    }, 'the racing creations to settle');
    // However the two sweeps interleaved: one account, made by one confirmed transaction, its rent paid once.
    expect(rows.filter((row) => row.status === 'CONFIRMED')).toHaveLength(1);
    expect(chain.nonceOf(account)).toMatchObject({ authority: second.address });
    expect(chain.balance(account)).toBe(SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS);
    const spent = before - chain.balance(payer!.address);
    expect(spent).toBeGreaterThanOrEqual(SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS + SOL_FEE);
    expect(spent).toBeLessThanOrEqual(SOL_NONCE_ACCOUNT_RENT_EXEMPT_LAMPORTS + SOL_FEE * BigInt(rows.length));
  });
});

describe('cold Solana withdrawals on the nonce', () => {
  beforeAll(async () => {
    chain.svm.airdrop(address(cold.address), lamports(10n * SOL));
    await setBalance(db(t), s.orgId, cold, 'SOLANA_DEVNET.SOL', { total: (10n * SOL).toString() });
  });

  const withdraw = (receiver: string, amount: string, entryName: string) =>
    withdrawToNewEntry(s.owner, {
      family: 'sol',
      walletId: cold.id,
      tokenId: 'SOLANA_DEVNET.SOL',
      address: receiver,
      amount,
      entryName,
    });

  it('waits for its signer past any blockhash’s life, then lands once and advances the nonce', async () => {
    const account = (await walletRow()).solNonceAccount!;
    const nonce = chain.nonceOf(account)!.nonce;
    const id = await withdraw(RECEIVERS[0]!, '0.5', 'Nonce destination one');
    const row = await untilSigning(t, sweeper, id);
    expect(row).toMatchObject({ status: 'BUILT', validUntilHeight: null });
    expect(solDurableNonceOf(row.payload)).toEqual({ account, value: nonce });

    // The walk to the air-gapped signer: two blockhash lifetimes pass, and the engine sweeps meanwhile.
    chain.passBlockhashValidity();
    chain.passBlockhashValidity();
    for (let i = 0; i < 3; i++) await sweeper.tick();
    expect(await transfers(t, id)).toEqual([expect.objectContaining({ id: row.id, status: 'BUILT' })]);

    const { review, handIn } = await signAndHandIn(row.id);
    expect(review.effects.join('\n')).toContain(`advances nonce account ${account} from ${nonce}`);
    expect(review.effects.join('\n')).toContain(`send ${SOL / 2n} lamports to ${RECEIVERS[0]}`);
    expect((await handIn()).json()).toMatchObject({ status: 'SIGNED' });
    expect(await untilComplete(id)).toMatchObject({ status: 'COMPLETE' });
    expect(chain.balance(RECEIVERS[0]!)).toBe(SOL / 2n);
    expect(chain.nonceOf(account)!.nonce).not.toBe(nonce);
    expect(await transfers(t, id)).toEqual([expect.objectContaining({ status: 'CONFIRMED', attempt: 1 })]);
  });

  it('builds a withdrawal again when another one advanced its nonce first, and refuses the old signature', async () => {
    const first = await withdraw(RECEIVERS[1]!, '0.25', 'Nonce destination two');
    const second = await withdraw(RECEIVERS[2]!, '0.125', 'Nonce destination three');
    const firstRow = await untilSigning(t, sweeper, first);
    const secondRow = await untilSigning(t, sweeper, second);
    const shared = solDurableNonceOf(secondRow.payload);
    expect(solDurableNonceOf(firstRow.payload)).toEqual(shared);

    // Time passes on the chain while both are signed (a nonce advances to a newer blockhash's, never to its own).
    chain.passBlockhashValidity();
    const late = await signAndHandIn(secondRow.id);
    expect((await (await signAndHandIn(firstRow.id)).handIn()).json()).toMatchObject({ status: 'SIGNED' });
    expect(await untilComplete(first)).toMatchObject({ status: 'COMPLETE' });

    // The second's bytes can never land now: dropped, built again on the new nonce, back in the signing queue.
    const rebuilt = await until(async () => {
      await sweeper.tick();
      const attempt = await latestTransfer(second);
      return attempt.attempt === 2 && attempt;
    }, 'the second withdrawal to be built again');
    expect(rebuilt).toMatchObject({ status: 'BUILT', validUntilHeight: null });
    expect(solDurableNonceOf(rebuilt.payload)).toEqual({
      account: shared!.account,
      value: chain.nonceOf(shared!.account)!.nonce,
    });
    const [dropped] = await db(t)
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.id, secondRow.id)));
    expect(dropped!.status).toBe('DROPPED');
    expect((await late.handIn()).json().code).toBe('4112');

    expect((await (await signAndHandIn(rebuilt.id)).handIn()).json()).toMatchObject({ status: 'SIGNED' });
    expect(await untilComplete(second)).toMatchObject({ status: 'COMPLETE' });
    // Each withdrawal moved its amount once.
    expect(chain.balance(RECEIVERS[1]!)).toBe(SOL / 4n);
    expect(chain.balance(RECEIVERS[2]!)).toBe(SOL / 8n);
  });
});
