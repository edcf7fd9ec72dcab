// The executor on Solana, against the real runtime (in-process LiteSVM: the system, SPL Token and ATA programs,
// signature verification, blockhash checks) on both databases: transfers end CONFIRMED with exactly the amounts and
// fees the planner computed; refusals end FAILED with their catalogue code; a blockhash that expired before the
// transaction landed is DROPPED and the transfer built again, and whatever happens, money moves once.
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS } from '@vaultline/chains';
import { eq } from 'drizzle-orm';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { createSolCustody, createSolTestMint, SOL, type SolCustody, type SolTestMint } from '../../test/sol-custody.js';
import { SolLiteSvmChain } from '../chains/sol-litesvm.js';
import type { SolChainNode } from './chain-node.js';
import { chainTransactionsRepository } from './chain-transactions.repository.js';
import { transactionExecutor } from './executor.js';
import { createSigner, type TransactionSigner } from './signer.js';
import { solChainNode } from './sol-chain-node.js';
import { solPlanner } from './sol-planner.js';

const FEE = 5_000n;

let testDb: TestDatabase;
let chain: SolLiteSvmChain;
let custody: SolCustody;
let mint: SolTestMint;

/** A fresh executor (as a restarted engine would make one) over the same runtime and database. */
function executorWith(
  options: { confirmations?: number; node?: SolChainNode; signer?: TransactionSigner } = {},
): ReturnType<typeof transactionExecutor> {
  const db = testDb.database.db;
  const node = options.node ?? solChainNode(chain);
  return transactionExecutor({
    db,
    node,
    signer: options.signer ?? createSigner({ db, masterKey: TEST_MASTER_KEY }),
    planner: solPlanner(node, mint.tokenOf),
    confirmations: options.confirmations ?? 1,
  });
}

const transfer = async (overrides: { from?: string; to?: string; tokenId?: string; amount: bigint }) => ({
  organizationId: custody.organizationId,
  requestId: await custody.newRequest(),
  purpose: 'transfer',
  blockchain: 'SOLANA_DEVNET' as const,
  fromAddress: overrides.from ?? custody.addresses[0]!,
  toAddress: overrides.to ?? custody.addresses[1]!,
  tokenId: overrides.tokenId ?? 'SOLANA_DEVNET.SOL',
  amount: overrides.amount,
});

/** Lamports of each address, to compare before and after. */
const balances = (...addresses: string[]) => addresses.map((a) => chain.balance(a));

beforeAll(async () => {
  testDb = await createTestDatabase();
  chain = new SolLiteSvmChain(new LiteSVM());
  custody = await createSolCustody(testDb.database.db, chain, { wallets: 4, fundEach: 10n * SOL });
  mint = await createSolTestMint(chain, { holder: custody.addresses[0]!, supply: 1_000_000_000n, decimals: 6 });
});

afterAll(async () => {
  await testDb?.dispose();
});

describe('transaction executor on LiteSVM', () => {
  it('confirms a native transfer: the amount moves and the sender pays exactly 5000 lamports', async () => {
    const executor = executorWith({ confirmations: 3 });
    const [from, to] = [custody.addresses[0]!, custody.addresses[1]!];
    const [fromBefore, toBefore] = balances(from, to);
    const built = await executor.create(await transfer({ amount: 1_500_000n }));
    expect(built).toMatchObject({ status: 'BUILT', sequence: null, fee: FEE.toString(), raw: null, hash: null });
    expect(BigInt(built.validUntilHeight!)).toBe(chain.slot() + 150n);

    const signed = await executor.advance(built.id);
    expect(signed.status).toBe('SIGNED');
    // Signed and stored, not yet sent: the runtime has never heard of it.
    expect(chain.status(signed.hash!)).toBe('unknown');
    expect((await executor.advance(built.id)).status).toBe('BROADCAST');

    // Executed at once, in the current slot; the slots after it count as confirmations.
    const landedAt = chain.slot();
    expect(await executor.advance(built.id)).toMatchObject({ status: 'BROADCAST', confirmations: 1 });
    chain.svm.warpToSlot(landedAt + 2n);
    const row = await executor.advance(built.id);
    expect(row).toMatchObject({
      status: 'CONFIRMED',
      hash: signed.hash,
      blockHeight: landedAt.toString(),
      blockHash: chain.landing(signed.hash!)!.blockhash,
      confirmations: 3,
      failureCode: null,
    });
    expect(balances(from, to)).toEqual([fromBefore! - 1_500_000n - FEE, toBefore! + 1_500_000n]);
  });

  it('sends SPL tokens with transferChecked, creating the receiver’s token account, then to the existing one', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[0]!, custody.addresses[2]!];
    const rent = TOKEN_ACCOUNT_RENT_EXEMPT_LAMPORTS[TOKEN_PROGRAM_ADDRESS]!;
    expect(await chain.tokenAccountExists(to, mint.token.mint)).toBe(false);

    const [lamportsBefore] = balances(from);
    const first = await executor.create(await transfer({ to, tokenId: mint.tokenId, amount: 250_000_000n }));
    // The planner saw no account and charges its rent, as the runtime computes it, on top of the signature fee.
    expect(first.fee).toBe((FEE + rent).toString());
    expect(rent).toBe(chain.svm.minimumBalanceForRentExemption(165n));
    expect(await executor.settle(first.id)).toMatchObject({ status: 'CONFIRMED', attempt: 1 });
    expect(await chain.tokenAccountExists(to, mint.token.mint)).toBe(true);
    expect(await chain.tokenBalance(to, mint.token.mint)).toBe(250_000_000n);
    expect(await chain.tokenBalance(from, mint.token.mint)).toBe(750_000_000n);
    expect(lamportsBefore! - chain.balance(from)).toBe(FEE + rent);

    const [beforeSecond] = balances(from);
    const second = await executor.create(await transfer({ to, tokenId: mint.tokenId, amount: 1_000_000n }));
    expect(second.fee).toBe(FEE.toString());
    expect((await executor.settle(second.id)).status).toBe('CONFIRMED');
    expect(await chain.tokenBalance(to, mint.token.mint)).toBe(251_000_000n);
    expect(beforeSecond! - chain.balance(from)).toBe(FEE);
  });

  it('an overspend ends FAILED with code 4 and moves nothing but the fee LiteSVM charges for executing it', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[1]!, custody.addresses[3]!];
    const [fromBefore, toBefore] = balances(from, to);
    const row = await executor.settle((await executor.create(await transfer({ from, to, amount: fromBefore! }))).id);
    expect(row).toMatchObject({ status: 'FAILED', failureCode: '4' });
    // A cluster's preflight would refuse it for free; LiteSVM executes it, and the failed execution pays its fee.
    expect(balances(from, to)).toEqual([fromBefore! - FEE, toBefore]);
    expect(await solChainNode(chain).status(row.hash!)).toMatchObject({ state: 'failed' });

    const held = await chain.tokenBalance(custody.addresses[0]!, mint.token.mint);
    const spl = await executor.create(await transfer({ to, tokenId: mint.tokenId, amount: held + 1n }));
    expect(await executor.settle(spl.id)).toMatchObject({ status: 'FAILED', failureCode: '4' });
    expect(await chain.tokenBalance(custody.addresses[0]!, mint.token.mint)).toBe(held);
  });

  it('a tampered signature ends FAILED with code 4111 and costs nothing', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[0]!, custody.addresses[1]!];
    const signed = await executor.advance((await executor.create(await transfer({ amount: 7_000n }))).id);
    const tampered = Uint8Array.from(signed.raw!);
    tampered[10] = tampered[10]! ^ 0x01; // inside the 64 signature bytes after the 1-byte count
    await testDb.database.db
      .update(chainTransactions)
      .set({ raw: tampered })
      .where(eq(chainTransactions.id, signed.id));
    const [fromBefore, toBefore] = balances(from, to);
    expect(await executor.settle(signed.id)).toMatchObject({ status: 'FAILED', failureCode: '4111' });
    expect(balances(from, to)).toEqual([fromBefore, toBefore]);
    // Bytes that are no transaction at all are refused as such (also 4111 in the catalogue).
    expect(await solChainNode(chain).broadcast(new Uint8Array([1, 2, 3]), signed.hash!)).toMatchObject({
      kind: 'refused',
      reason: 'MALFORMED',
    });
  });
});

describe('blockhash expiry on LiteSVM', () => {
  it('a signed transaction whose blockhash expired unsent is DROPPED and its second attempt confirmed, paid once', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[2]!, custody.addresses[3]!];
    const [fromBefore, toBefore] = balances(from, to);
    const signed = await executor.advance((await executor.create(await transfer({ from, to, amount: 12_345n }))).id);
    expect(signed.status).toBe('SIGNED');

    chain.passBlockhashValidity();
    const next = await executor.advance(signed.id);
    expect(next).toMatchObject({ status: 'BUILT', attempt: 2, requestId: signed.requestId, purpose: 'transfer' });
    expect(BigInt(next.validUntilHeight!)).toBe(chain.slot() + 150n);
    expect(await chainTransactionsRepository(testDb.database.db).find(signed.id)).toMatchObject({
      status: 'DROPPED',
      failureCode: '4111',
    });

    const confirmed = await executor.settle(next.id);
    expect(confirmed).toMatchObject({ id: next.id, status: 'CONFIRMED', attempt: 2 });
    expect(confirmed.hash).not.toBe(signed.hash);
    expect(chain.status(signed.hash!)).toBe('unknown');
    expect(balances(from, to)).toEqual([fromBefore! - 12_345n - FEE, toBefore! + 12_345n]);
  });

  it('a broadcast transaction the node lost is built again once its blockhash is past, and paid once', async () => {
    // A node that accepts the first bytes it is sent and forgets them (as a leader that never includes them).
    const honest = solChainNode(chain);
    let lost = 0;
    const lossy: SolChainNode = {
      ...honest,
      broadcast: async (raw, hash) => (lost++ === 0 ? { kind: 'accepted' } : honest.broadcast(raw, hash)),
    };
    const executor = executorWith({ node: lossy });
    const [from, to] = [custody.addresses[3]!, custody.addresses[2]!];
    const [fromBefore, toBefore] = balances(from, to);
    const built = await executor.create(await transfer({ from, to, amount: 54_321n }));
    const sent = await executor.advance((await executor.advance(built.id)).id);
    expect(sent.status).toBe('BROADCAST');
    expect(chain.status(sent.hash!)).toBe('unknown');

    chain.passBlockhashValidity();
    const settled = await executor.settle(built.id);
    expect(settled).toMatchObject({ status: 'CONFIRMED', attempt: 2, requestId: built.requestId });
    expect((await chainTransactionsRepository(testDb.database.db).find(built.id))?.status).toBe('DROPPED');
    expect(balances(from, to)).toEqual([fromBefore! - 54_321n - FEE, toBefore! + 54_321n]);
  });

  it('bytes that landed before their blockhash expired are found, not built again (the resend says expired)', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[0]!, custody.addresses[3]!];
    const [fromBefore, toBefore] = balances(from, to);
    const signed = await executor.advance((await executor.create(await transfer({ from, to, amount: 2_222n }))).id);
    // Another engine sent these very bytes and died before writing BROADCAST; then the blockhash expired.
    expect(chain.broadcast(signed.raw!)).toEqual({ ok: true, signature: signed.hash });
    chain.passBlockhashValidity();
    expect(await solChainNode(chain).broadcast(signed.raw!, signed.hash!)).toMatchObject({ reason: 'EXPIRED' });

    expect(await executor.settle(signed.id)).toMatchObject({ id: signed.id, status: 'CONFIRMED', attempt: 1 });
    expect(balances(from, to)).toEqual([fromBefore! - 2_222n - FEE, toBefore! + 2_222n]);
  });
});

describe('resending on LiteSVM', () => {
  it('a replay of the same signed bytes is known and moves nothing twice', async () => {
    const executor = executorWith();
    const node = solChainNode(chain);
    const [from, to] = [custody.addresses[1]!, custody.addresses[0]!];
    const signed = await executor.advance((await executor.create(await transfer({ from, to, amount: 3_333n }))).id);
    // Sent before a crash: the executor's own send is a replay, which the runtime knows.
    const [fromBefore, toBefore] = balances(from, to);
    expect(await node.broadcast(signed.raw!, signed.hash!)).toEqual({ kind: 'accepted' });
    expect(await node.broadcast(signed.raw!, signed.hash!)).toEqual({ kind: 'known' });
    expect(await executor.advance(signed.id)).toMatchObject({ status: 'BROADCAST', hash: signed.hash });
    expect(await executor.settle(signed.id)).toMatchObject({ status: 'CONFIRMED', hash: signed.hash });
    expect(await node.broadcast(signed.raw!, signed.hash!)).toEqual({ kind: 'known' });
    expect(balances(from, to)).toEqual([fromBefore! - 3_333n - FEE, toBefore! + 3_333n]);
  });

  it('a restarted executor resumes a SIGNED row with the same signature, never signing again', async () => {
    const [from, to] = [custody.addresses[2]!, custody.addresses[0]!];
    const [fromBefore, toBefore] = balances(from, to);
    const signed = await executorWith().advance(
      (await executorWith().create(await transfer({ from, to, amount: 4_444n }))).id,
    );
    expect(signed.status).toBe('SIGNED');

    const refusing: TransactionSigner = {
      sign: () => Promise.reject(new Error('A stored signature must be sent again, not made again')),
    };
    const restarted = executorWith({ node: solChainNode(chain), signer: refusing });
    expect((await restarted.open(['SOLANA_DEVNET'])).map((row) => row.id)).toContain(signed.id);
    expect(await restarted.settle(signed.id)).toMatchObject({ id: signed.id, status: 'CONFIRMED', hash: signed.hash });
    expect(balances(from, to)).toEqual([fromBefore! - 4_444n - FEE, toBefore! + 4_444n]);
  });
});
