// The engine's sweep against a real anvil node, on both databases: transfers the executor only created reach
// CONFIRMED by sweeper ticks alone, one step per row per tick; rows an engine left SIGNED (before or after sending)
// are finished by a fresh sweeper with exactly one transaction each on the node; a row that cannot be signed is
// logged without holding up the others; a network without a node is left alone.
import { BLOCKCHAINS } from '@vaultline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createEvmCustody, ETH, type EvmCustody, TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { type AnvilNode, startAnvil } from '../chains/anvil.js';
import { startEngine } from '../engine.js';
import { chainTransactionsRepository } from './chain-transactions.repository.js';
import { evmChainNode } from './evm-chain-node.js';
import { FINAL_STATUSES, type TransactionExecutor, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import { type ChainSweeper, chainSweeper } from './sweeper.js';

let testDb: TestDatabase;
let node: AnvilNode;
let custody: EvmCustody;
let executor: TransactionExecutor;
const errors: { obj: Record<string, unknown>; msg: string }[] = [];
const log = { error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) } as never;

/** A sweeper of a fresh engine: ETHEREUM on the anvil node, driven by hand unless `sweepMs` is given. */
const configWith = (env: Record<string, string>) =>
  loadConfig({ CHAIN_RPC_ETHEREUM: node.url, CHAIN_SWEEP_MS: '0', MASTER_KEY: TEST_MASTER_KEY, ...env });

function sweeperWith(env: Record<string, string> = {}): ChainSweeper {
  return chainSweeper({ db: testDb.database.db, config: configWith(env), log, confirmations: () => 1 });
}

const transfer = async (from: string, to: string, amount: bigint) => ({
  organizationId: custody.organizationId,
  requestId: await custody.newRequest(),
  purpose: 'transfer',
  blockchain: 'ETHEREUM' as const,
  fromAddress: from,
  toAddress: to,
  tokenId: 'ETHEREUM.ETH',
  amount,
});

const findRow = async (id: string) => (await chainTransactionsRepository(testDb.database.db).find(id))!;

beforeAll(async () => {
  [testDb, node] = await Promise.all([createTestDatabase(), startAnvil()]);
  custody = await createEvmCustody(testDb.database.db, node, { wallets: 4, fundEach: 10n * ETH });
  const db = testDb.database.db;
  executor = transactionExecutor({
    db,
    node: evmChainNode(node.rpc),
    signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
    confirmations: 1,
  });
});

afterAll(async () => {
  await node?.stop();
  await testDb?.dispose();
});

describe('chain sweeper on anvil', () => {
  it('works each network on its runtime: a configured node, else the devnet; in production nothing else', () => {
    const production = (env: Record<string, string>) =>
      chainSweeper({ db: testDb.database.db, config: { ...configWith(env), production: true }, log }).blockchains;
    expect(production({})).toEqual(['ETHEREUM']);
    expect(production({ CHAIN_RPC_BITCOIN: 'http://u:p@127.0.0.1:1' })).toEqual(['ETHEREUM', 'BITCOIN']);
    expect(production({ CHAIN_RPC_SOLANA: 'http://127.0.0.1:1', CHAIN_RPC_BIZAUTO: 'http://127.0.0.1:2' })).toEqual([
      'ETHEREUM',
      'BIZAUTO',
      'SOLANA',
    ]);
    // Outside production every network without a node runs on the devnet.
    expect(sweeperWith().blockchains).toHaveLength(BLOCKCHAINS.length);
  });

  it('drives rows the executor only created to CONFIRMED by its ticks alone, one step per row per tick', async () => {
    const [from, to] = [custody.addresses[0]!, custody.addresses[1]!];
    const [nonceBefore, before] = [await node.rpc.pendingNonce(from), await node.rpc.balance(to)];
    const ids: string[] = [];
    for (const amount of [1_000n, 2_000n, 3_000n])
      ids.push((await executor.create(await transfer(from, to, amount))).id);
    const sweeper = sweeperWith();
    const statuses = async () => Promise.all(ids.map(async (id) => (await findRow(id)).status));

    expect(await sweeper.tick()).toBe(3);
    expect(await statuses()).toEqual(['SIGNED', 'SIGNED', 'SIGNED']);
    expect(await node.rpc.pendingNonce(from)).toBe(nonceBefore);
    await sweeper.tick();
    expect(await statuses()).toEqual(['BROADCAST', 'BROADCAST', 'BROADCAST']);
    for (let i = 0; i < 100 && (await statuses()).some((s) => s !== 'CONFIRMED'); i++) {
      await sweeper.tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const rows = await Promise.all(ids.map(findRow));
    expect(rows.map((r) => r.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
    expect(rows.map((r) => r.sequence)).toEqual([nonceBefore, nonceBefore + 1, nonceBefore + 2]);
    for (const row of rows) expect((await node.rpc.transactionStatus(row.hash!)).blockHash).toBe(row.blockHash);
    expect(await node.rpc.balance(to)).toBe(before + 6_000n);
    expect(await node.rpc.pendingNonce(from)).toBe(nonceBefore + 3);
  });

  it('finishes rows a dead engine left SIGNED, sent or not, with exactly one transaction each on the node', async () => {
    const [from, to] = [custody.addresses[2]!, custody.addresses[3]!];
    const [nonceBefore, before] = [await node.rpc.pendingNonce(from), await node.rpc.balance(to)];
    const unsent = await executor.advance((await executor.create(await transfer(from, to, 11n))).id);
    const sent = await executor.advance((await executor.create(await transfer(from, to, 22n))).id);
    expect([unsent.status, sent.status]).toEqual(['SIGNED', 'SIGNED']);
    // The dead engine had sent the second one's bytes and died before writing BROADCAST.
    await node.rpc.sendRawTransaction(sent.raw!);

    const fresh = sweeperWith();
    for (let i = 0; i < 100; i++) {
      const rows = await Promise.all([findRow(unsent.id), findRow(sent.id)]);
      if (rows.every((r) => FINAL_STATUSES.includes(r.status))) break;
      await fresh.tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const rows = await Promise.all([findRow(unsent.id), findRow(sent.id)]);
    expect(rows).toMatchObject([
      { status: 'CONFIRMED', hash: unsent.hash, sequence: nonceBefore },
      { status: 'CONFIRMED', hash: sent.hash, sequence: nonceBefore + 1 },
    ]);
    // Two rows, two nonces used, the receiver credited once each: nothing was signed or sent a second time.
    expect(await node.rpc.pendingNonce(from)).toBe(nonceBefore + 2);
    expect(await node.rpc.balance(to)).toBe(before + 33n);
  });

  it('logs a row that cannot be signed and still steps the rows after it', async () => {
    // A funded address that is no wallet of the organization: it builds, but the signer has no key for it.
    const stranger = '0x000000000000000000000000000000000000dEaD';
    await node.rpc.call('anvil_setBalance', [stranger, `0x${ETH.toString(16)}`]);
    const orphan = await executor.create(await transfer(stranger, custody.addresses[0]!, 5n));
    const good = await executor.create(await transfer(custody.addresses[1]!, custody.addresses[0]!, 5n));
    errors.length = 0;

    await sweeperWith().tick();
    expect((await findRow(orphan.id)).status).toBe('BUILT');
    expect((await findRow(good.id)).status).toBe('SIGNED');
    expect(errors).toEqual([
      {
        obj: expect.objectContaining({ chainTransactionId: orphan.id, blockchain: 'ETHEREUM' }),
        msg: expect.any(String),
      },
    ]);
    // Ended by hand, so the later sweeps of this file do not log it again.
    await chainTransactionsRepository(testDb.database.db).transition(orphan.id, ['BUILT'], {
      status: 'FAILED',
      failureCode: '4000',
    });
  });

  it('leaves the rows of a network without a node alone; an engine started with one finishes them by itself', async () => {
    const row = await executor.create(await transfer(custody.addresses[3]!, custody.addresses[2]!, 7n));
    // Production without CHAIN_RPC_*: every network unavailable (outside production the devnet would stand in).
    const unavailable = { ...loadConfig({}), production: true };
    const idle = chainSweeper({ db: testDb.database.db, config: unavailable, log, confirmations: () => 1 });
    expect(idle.blockchains).toEqual([]);
    expect(await idle.tick()).toBe(0);
    expect((await findRow(row.id)).status).toBe('BUILT');

    // The whole engine, as `npm run engine` starts it after a restart: its sweep timer alone takes the row up.
    const config = loadConfig({
      CHAIN_RPC_ETHEREUM: node.url,
      CHAIN_SWEEP_MS: '20',
      DEVNET_BLOCK_MS: '0',
      MASTER_KEY: TEST_MASTER_KEY,
    });
    const queue = { work: async () => {}, enqueue: async () => false, stop: async () => {} };
    const engine = await startEngine({ db: testDb.database.db, config, log, now: () => new Date(), queue });
    try {
      for (let i = 0; i < 250 && (await findRow(row.id)).status !== 'CONFIRMED'; i++) {
        // ETHEREUM waits for 12 blocks and anvil mines only on demand: these are the blocks that follow.
        if ((await findRow(row.id)).status === 'BROADCAST') await node.rpc.call('anvil_mine', ['0x1']);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await engine.stop();
    }
    const finished = await findRow(row.id);
    expect(finished.status).toBe('CONFIRMED');
    expect(finished.confirmations).toBeGreaterThanOrEqual(12);
  });
});
