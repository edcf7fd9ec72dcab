// The executor on Solana through the JSON-RPC client (sol-rpc.ts, sol-rpc-chain-node.ts) and a real runtime: a
// test node serving LiteSVM over HTTP (fixtures/litesvm-rpc-server.ts), on both databases. Transfers end CONFIRMED
// in the block the node reports; refusals at preflight end FAILED with their catalogue code and, unlike a direct
// LiteSVM send, cost nothing; an expired blockhash is DROPPED and the transfer built again, paid once.
import { eq } from 'drizzle-orm';
import { LiteSVM } from 'litesvm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { createSolCustody, createSolTestMint, SOL, type SolCustody, type SolTestMint } from '../../test/sol-custody.js';
import { type LiteSvmRpcServer, startLiteSvmRpcServer } from '../chains/fixtures/litesvm-rpc-server.js';
import { SolLiteSvmChain } from '../chains/sol-litesvm.js';
import { SolRpc } from '../chains/sol-rpc.js';
import type { SolChainNode } from './chain-node.js';
import { chainTransactionsRepository } from './chain-transactions.repository.js';
import { transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import { solPlanner } from './sol-planner.js';
import { solRpcChainNode } from './sol-rpc-chain-node.js';

const FEE = 5_000n;

let testDb: TestDatabase;
let chain: SolLiteSvmChain;
let server: LiteSvmRpcServer;
let node: SolChainNode;
let custody: SolCustody;
let mint: SolTestMint;

function executorWith(confirmations = 1) {
  const db = testDb.database.db;
  return transactionExecutor({
    db,
    node,
    signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
    planner: solPlanner(node, mint.tokenOf),
    confirmations,
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

const balances = (...addresses: string[]) => addresses.map((a) => chain.balance(a));

beforeAll(async () => {
  testDb = await createTestDatabase();
  chain = new SolLiteSvmChain(new LiteSVM());
  server = await startLiteSvmRpcServer(chain);
  node = solRpcChainNode(new SolRpc(server.url));
  custody = await createSolCustody(testDb.database.db, chain, { wallets: 4, fundEach: 10n * SOL });
  mint = await createSolTestMint(chain, { holder: custody.addresses[0]!, supply: 1_000_000_000n, decimals: 6 });
});

afterAll(async () => {
  await server?.close();
  await testDb?.dispose();
});

describe('transaction executor over Solana JSON-RPC', () => {
  it('confirms a native transfer in the block the node reports, counting slots up to the confirmed tip', async () => {
    const executor = executorWith(2);
    const [from, to] = [custody.addresses[0]!, custody.addresses[1]!];
    const [fromBefore, toBefore] = balances(from, to);
    const built = await executor.create(await transfer({ amount: 1_500_000n }));
    expect(built).toMatchObject({ status: 'BUILT', fee: FEE.toString() });
    expect(BigInt(built.validUntilHeight!)).toBe(chain.slot() + 150n);
    const signed = await executor.advance(built.id);
    expect(await node.status(signed.hash!)).toEqual({ state: 'unknown' });
    expect((await executor.advance(built.id)).status).toBe('BROADCAST');

    const landed = server.blockOf(signed.hash!)!;
    expect(landed.slot).toBe(chain.slot());
    expect(await executor.advance(built.id)).toMatchObject({ status: 'BROADCAST', confirmations: 1 });
    chain.svm.warpToSlot(landed.slot + 1n);
    expect(await executor.advance(built.id)).toMatchObject({
      status: 'CONFIRMED',
      blockHeight: landed.slot.toString(),
      blockHash: landed.blockhash,
      confirmations: 2,
      failureCode: null,
    });
    expect(balances(from, to)).toEqual([fromBefore! - 1_500_000n - FEE, toBefore! + 1_500_000n]);
  });

  it('sends SPL tokens with transferChecked, the receiver’s token account created on the way', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[0]!, custody.addresses[2]!];
    expect(await node.tokenAccountExists(to, mint.token.mint)).toBe(false);
    const row = await executor.create(await transfer({ to, tokenId: mint.tokenId, amount: 250_000_000n }));
    expect(await executor.settle(row.id)).toMatchObject({ status: 'CONFIRMED', attempt: 1 });
    expect(await node.tokenAccountExists(to, mint.token.mint)).toBe(true);
    expect(await chain.tokenBalance(to, mint.token.mint)).toBe(250_000_000n);
    expect(await chain.tokenBalance(from, mint.token.mint)).toBe(750_000_000n);
  });

  it('an overspend is refused at preflight: FAILED with code 4, and not even a fee is paid', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[1]!, custody.addresses[3]!];
    const [fromBefore, toBefore] = balances(from, to);
    const row = await executor.settle((await executor.create(await transfer({ from, to, amount: fromBefore! }))).id);
    expect(row).toMatchObject({ status: 'FAILED', failureCode: '4' });
    expect(balances(from, to)).toEqual([fromBefore, toBefore]);
    expect(await node.status(row.hash!)).toEqual({ state: 'unknown' });

    // The token program's custom error 0x1 (insufficient funds) is told apart from other programs' 0x1.
    const held = await chain.tokenBalance(custody.addresses[0]!, mint.token.mint);
    const spl = await executor.create(await transfer({ to, tokenId: mint.tokenId, amount: held + 1n }));
    expect(await executor.settle(spl.id)).toMatchObject({ status: 'FAILED', failureCode: '4' });
    expect(await chain.tokenBalance(custody.addresses[0]!, mint.token.mint)).toBe(held);
  });

  it('a tampered signature ends FAILED with code 4111; bytes that are no transaction are MALFORMED', async () => {
    const executor = executorWith();
    const signed = await executor.advance((await executor.create(await transfer({ amount: 7_000n }))).id);
    const tampered = Uint8Array.from(signed.raw!);
    tampered[10] = tampered[10]! ^ 0x01; // inside the 64 signature bytes after the 1-byte count
    expect(await node.broadcast(tampered, signed.hash!)).toMatchObject({
      kind: 'refused',
      reason: 'INVALID_SIGNATURE',
    });
    await testDb.database.db
      .update(chainTransactions)
      .set({ raw: tampered })
      .where(eq(chainTransactions.id, signed.id));
    const before = balances(custody.addresses[0]!, custody.addresses[1]!);
    expect(await executor.settle(signed.id)).toMatchObject({ status: 'FAILED', failureCode: '4111' });
    expect(balances(custody.addresses[0]!, custody.addresses[1]!)).toEqual(before);
    expect(await node.broadcast(new Uint8Array([1, 2, 3]), signed.hash!)).toMatchObject({
      kind: 'refused',
      reason: 'MALFORMED',
    });
  });

  it('the same signed bytes sent twice are known the second time, and move money once', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[3]!, custody.addresses[0]!];
    const [fromBefore, toBefore] = balances(from, to);
    const signed = await executor.advance((await executor.create(await transfer({ from, to, amount: 3_333n }))).id);
    expect(await node.broadcast(signed.raw!, signed.hash!)).toEqual({ kind: 'accepted' });
    expect(await node.broadcast(signed.raw!, signed.hash!)).toEqual({ kind: 'known' });
    expect(await executor.settle(signed.id)).toMatchObject({ status: 'CONFIRMED', hash: signed.hash });
    expect(balances(from, to)).toEqual([fromBefore! - 3_333n - FEE, toBefore! + 3_333n]);
  });
});

describe('blockhash expiry over Solana JSON-RPC', () => {
  it('a transaction whose blockhash expired unsent is DROPPED and built again, then confirmed and paid once', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[2]!, custody.addresses[3]!];
    const [fromBefore, toBefore] = balances(from, to);
    const signed = await executor.advance((await executor.create(await transfer({ from, to, amount: 12_345n }))).id);
    chain.passBlockhashValidity();
    // The node refuses the old blockhash at preflight; the executor sees the height past it and builds again.
    expect(await node.broadcast(signed.raw!, signed.hash!)).toMatchObject({ kind: 'refused', reason: 'EXPIRED' });
    const next = await executor.advance(signed.id);
    expect(next).toMatchObject({ status: 'BUILT', attempt: 2, requestId: signed.requestId });
    expect(await chainTransactionsRepository(testDb.database.db).find(signed.id)).toMatchObject({
      status: 'DROPPED',
      failureCode: '4111',
    });
    const confirmed = await executor.settle(next.id);
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', attempt: 2 });
    expect(confirmed.hash).not.toBe(signed.hash);
    expect(balances(from, to)).toEqual([fromBefore! - 12_345n - FEE, toBefore! + 12_345n]);
  });

  it('bytes that landed before their blockhash expired are found, not built again', async () => {
    const executor = executorWith();
    const [from, to] = [custody.addresses[0]!, custody.addresses[3]!];
    const [fromBefore, toBefore] = balances(from, to);
    const signed = await executor.advance((await executor.create(await transfer({ from, to, amount: 2_222n }))).id);
    // Another engine sent these bytes and died before writing BROADCAST; then the blockhash expired.
    expect(await node.broadcast(signed.raw!, signed.hash!)).toEqual({ kind: 'accepted' });
    chain.passBlockhashValidity();
    expect(await node.broadcast(signed.raw!, signed.hash!)).toMatchObject({ reason: 'EXPIRED' });
    expect(await executor.settle(signed.id)).toMatchObject({ id: signed.id, status: 'CONFIRMED', attempt: 1 });
    expect(balances(from, to)).toEqual([fromBefore! - 2_222n - FEE, toBefore! + 2_222n]);
  });
});
