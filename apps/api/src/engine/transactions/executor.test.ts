// The executor against a real anvil node, on both databases: transfers end CONFIRMED with the node's own hash,
// block and confirmations; one sender's queue goes out with consecutive nonces; a refusal ends FAILED with its
// catalogue code and moves nothing.
import type { EvmToken } from '@vaultline/chains';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createEvmCustody, ETH, type EvmCustody, TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { type AnvilNode, startAnvil } from '../chains/anvil.js';
import { TEST_ERC20_BYTECODE } from '../chains/fixtures/test-erc20.js';
import { evmChainNode } from './evm-chain-node.js';
import { NONCE_FILLER_PURPOSE, type TransactionExecutor, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';

/** anvil's first pre-funded, unlocked dev account: deploys the test token and hands it out. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');

let testDb: TestDatabase;
let node: AnvilNode;
let custody: EvmCustody;
let token: EvmToken & { kind: 'erc20' };

function executorWith(confirmations: number): TransactionExecutor {
  const db = testDb.database.db;
  return transactionExecutor({
    db,
    node: evmChainNode(node.rpc),
    signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
    confirmations,
    // The test token lives at whatever address anvil deployed it to; the catalogue's native coin otherwise.
    tokenOf: (tokenId) => (tokenId === 'ETHEREUM.USDC' ? token : { kind: 'native' }),
  });
}

async function devSend(to: string | undefined, data: string) {
  const hash = await node.rpc.call<string>('eth_sendTransaction', [{ from: DEV_ACCOUNT, to, data, gas: '0x200000' }]);
  for (let i = 0; i < 200; i++) {
    const receipt = await node.rpc.call<{ contractAddress: string | null } | null>('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${hash} not mined`);
}

const transfer = async (overrides: { from?: string; to?: string; tokenId?: string; amount: bigint }) => ({
  organizationId: custody.organizationId,
  requestId: await custody.newRequest(),
  purpose: 'transfer',
  blockchain: 'ETHEREUM' as const,
  fromAddress: overrides.from ?? custody.addresses[0]!,
  toAddress: overrides.to ?? custody.addresses[1]!,
  tokenId: overrides.tokenId ?? 'ETHEREUM.ETH',
  amount: overrides.amount,
});

beforeAll(async () => {
  [testDb, node] = await Promise.all([createTestDatabase(), startAnvil()]);
  custody = await createEvmCustody(testDb.database.db, node, { wallets: 4, fundEach: 10n * ETH });
  const deployed = await devSend(undefined, TEST_ERC20_BYTECODE);
  token = { kind: 'erc20', contract: deployed.contractAddress!, decimals: 6 };
  await devSend(token.contract, `0xa9059cbb${word(custody.addresses[0]!)}${word(1_000_000_000n)}`);
});

afterAll(async () => {
  await node?.stop();
  await testDb?.dispose();
});

describe('transaction executor on anvil', () => {
  it('confirms a native transfer at 3 confirmations with the hash, block and confirmations the node reports', async () => {
    const executor = executorWith(3);
    const [sender, receiver] = [custody.addresses[0]!, custody.addresses[1]!];
    const [before, senderBefore] = [await node.rpc.balance(receiver), await node.rpc.balance(sender)];
    const built = await executor.create(await transfer({ amount: ETH / 4n }));
    expect(built).toMatchObject({ status: 'BUILT', sequence: 0, raw: null, hash: null });

    const signed = await executor.advance(built.id);
    expect(signed.status).toBe('SIGNED');
    expect(signed.raw?.length).toBeGreaterThan(100);
    // Signed and stored, not yet sent: the node has never heard of it.
    expect((await node.rpc.transactionStatus(signed.hash!)).state).toBe('unknown');

    expect((await executor.advance(built.id)).status).toBe('BROADCAST');
    let row = await executor.advance(built.id);
    for (let i = 0; i < 100 && row.confirmations < 1; i++) row = await executor.advance(built.id);
    expect(row).toMatchObject({ status: 'BROADCAST', confirmations: 1 });
    await node.rpc.call('anvil_mine', ['0x2']);
    row = await executor.advance(built.id);

    const onNode = await node.rpc.transactionStatus(signed.hash!);
    expect(row).toMatchObject({
      status: 'CONFIRMED',
      hash: signed.hash,
      blockHash: onNode.blockHash,
      blockHeight: String(onNode.blockNumber),
      confirmations: 3,
      failureCode: null,
    });
    expect(await node.rpc.balance(receiver)).toBe(before + ETH / 4n);
    // The fee the node charged (gas used × effective price), within the signed maximum.
    const feePaid = senderBefore - ETH / 4n - (await node.rpc.balance(sender));
    expect(row.feePaid).toBe(feePaid.toString());
    expect(feePaid).toBeLessThanOrEqual(BigInt(row.fee));
    // A final row stays as it is; advancing it again sends nothing.
    expect((await executor.advance(built.id)).status).toBe('CONFIRMED');
  });

  it('confirms an ERC-20 transfer: the tokens move, the row carries the node hash and block', async () => {
    const executor = executorWith(1);
    const [from, to] = [custody.addresses[0]!, custody.addresses[2]!];
    const before = await node.rpc.erc20Balance(token.contract, to);
    const built = await executor.create(await transfer({ to, tokenId: 'ETHEREUM.USDC', amount: 7_654_321n }));
    const row = await executor.settle(built.id);
    const onNode = await node.rpc.transactionStatus(row.hash!);
    expect(row).toMatchObject({ status: 'CONFIRMED', blockHash: onNode.blockHash, confirmations: 1 });
    expect(onNode.state).toBe('confirmed');
    expect(await node.rpc.erc20Balance(token.contract, to)).toBe(before + 7_654_321n);
    expect(await node.rpc.pendingNonce(from)).toBe(row.sequence! + 1);
  });

  it('a SIGNED row whose bytes were already mined (sent before a crash) is looked up on "nonce too low", not failed', async () => {
    const executor = executorWith(1);
    const built = await executor.create(await transfer({ amount: 4_321n }));
    const signed = await executor.advance(built.id);
    // Another engine sent these very bytes and died before writing BROADCAST; anvil mined them at once.
    await node.rpc.sendRawTransaction(signed.raw!);
    for (let i = 0; i < 100 && (await node.rpc.transactionStatus(signed.hash!)).state !== 'confirmed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const nonceAfter = await node.rpc.pendingNonce(signed.fromAddress);
    expect((await executor.advance(built.id)).status).toBe('BROADCAST');
    expect(await executor.settle(built.id)).toMatchObject({ status: 'CONFIRMED', hash: signed.hash });
    expect(await node.rpc.pendingNonce(signed.fromAddress)).toBe(nonceAfter);
  });

  it('one request never gets two transactions for the same purpose', async () => {
    const executor = executorWith(1);
    const intent = await transfer({ amount: 1_000n });
    const [a, b] = await Promise.all([executor.create(intent), executor.create(intent)]);
    expect(a.id).toBe(b.id);
    expect((await executor.settle(a.id)).status).toBe('CONFIRMED');
  });

  it('confirms 20 transfers queued at once from one address with consecutive nonces, no gap, no duplicate', async () => {
    const executor = executorWith(1);
    const [from, to] = [custody.addresses[3]!, custody.addresses[2]!];
    const [firstNonce, before] = [await node.rpc.pendingNonce(from), await node.rpc.balance(to)];
    const intents = await Promise.all(
      Array.from({ length: 20 }, (_, i) => transfer({ from, to, amount: 1_000n + BigInt(i) })),
    );
    const rows = await Promise.all(intents.map((intent) => executor.create(intent)));
    const settled = await Promise.all(rows.map((row) => executor.settle(row.id)));

    expect(settled.map((row) => row.status)).toEqual(Array(20).fill('CONFIRMED'));
    const nonces = settled.map((row) => row.sequence!).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => firstNonce + i));
    expect(new Set(settled.map((row) => row.hash)).size).toBe(20);
    expect(await node.rpc.pendingNonce(from)).toBe(firstNonce + 20);
    expect(await node.rpc.balance(to)).toBe(before + 20n * 1_000n + 190n);
  });

  it('an overspend ends FAILED with code 4, moves nothing, and gives its nonce back to the next transfer', async () => {
    const executor = executorWith(1);
    const [from, to] = [custody.addresses[1]!, custody.addresses[3]!];
    const [senderBefore, receiverBefore] = [await node.rpc.balance(from), await node.rpc.balance(to)];
    const nonceBefore = await node.rpc.pendingNonce(from);

    const built = await executor.create(await transfer({ from, to, amount: senderBefore }));
    const failed = await executor.settle(built.id);
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: '4', sequence: nonceBefore });
    expect(await node.rpc.balance(from)).toBe(senderBefore);
    expect(await node.rpc.balance(to)).toBe(receiverBefore);
    expect(await node.rpc.pendingNonce(from)).toBe(nonceBefore);

    // The refused nonce was never used on the chain: the next transfer takes it, so no gap stalls the queue.
    const next = await executor.settle((await executor.create(await transfer({ from, to, amount: 5n }))).id);
    expect(next).toMatchObject({ status: 'CONFIRMED', sequence: nonceBefore });
  });

  it('a refused nonce behind later ones is taken by a zero-value transfer to the sender, so the later ones go through', async () => {
    const executor = executorWith(1);
    const [from, to] = [custody.addresses[2]!, custody.addresses[0]!];
    const [nonce, held, receiverBefore] = [
      await node.rpc.pendingNonce(from),
      await node.rpc.balance(from),
      await node.rpc.balance(to),
    ];
    const first = await executor.create(await transfer({ from, to, amount: 7n }));
    const refused = await executor.create(await transfer({ from, to, amount: held * 2n }));
    const last = await executor.create(await transfer({ from, to, amount: 11n }));
    expect([first, refused, last].map((row) => row.sequence)).toEqual([nonce, nonce + 1, nonce + 2]);

    expect((await executor.settle(first.id)).status).toBe('CONFIRMED');
    // The last is already with the node, waiting for nonce + 1, when the one before it is refused.
    expect((await executor.advance(await executor.advance(last.id).then((row) => row.id))).status).toBe('BROADCAST');
    expect(await executor.settle(refused.id)).toMatchObject({ status: 'FAILED', failureCode: '4' });

    const [filler] = await testDb.database.db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.purpose, NONCE_FILLER_PURPOSE), eq(chainTransactions.fromAddress, from)));
    expect(filler).toMatchObject({
      status: 'BUILT',
      sequence: nonce + 1,
      amount: '0',
      toAddress: from,
      requestId: null,
    });
    expect((await executor.settle(filler!.id)).status).toBe('CONFIRMED');
    expect((await executor.settle(last.id)).status).toBe('CONFIRMED');
    expect(await node.rpc.pendingNonce(from)).toBe(nonce + 3);
    expect(await node.rpc.balance(to)).toBe(receiverBefore + 18n);
  });

  it('an ERC-20 overspend ends FAILED with code 4 before any nonce is handed out', async () => {
    const executor = executorWith(1);
    const from = custody.addresses[2]!;
    const held = await node.rpc.erc20Balance(token.contract, from);
    const row = await executor.create(await transfer({ from, tokenId: 'ETHEREUM.USDC', amount: held + 1n }));
    expect(row).toMatchObject({ status: 'FAILED', failureCode: '4', sequence: null });
    expect(await node.rpc.erc20Balance(token.contract, from)).toBe(held);
    const [stored] = await testDb.database.db.select().from(chainTransactions).where(eq(chainTransactions.id, row.id));
    expect(stored?.raw).toBeNull();
  });
});
