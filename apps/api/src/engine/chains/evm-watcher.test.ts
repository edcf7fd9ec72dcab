// The deposit watcher on a real anvil node through the EvmNodeAdapter, on both databases: a deposit is PENDING, then
// CONFIRMED and credited at 3 confirmations; a block reorganized away (evm_snapshot … evm_revert, then new blocks past
// its height) undoes the deposit and takes the credit back exactly once, even with two passes at once; a transaction
// included again in a later block is credited once more, once. ERC-20 deposits (Transfer logs of a token the adapter
// knows) follow the same path under the token's id; a token it does not know is ignored.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, walletBalances, wallets } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createEvmCustody, ETH, type EvmCustody } from '../../test/evm-custody.js';
import { watcherRepository } from '../devnet/activities.repository.js';
import { MEMPOOL_RECHECK_MS, scanChain } from '../devnet/watcher.js';
import { type AnvilNode, startAnvil } from './anvil.js';
import { EvmNodeAdapter } from './evm-node-adapter.js';
import { TEST_ERC20_BYTECODE } from './fixtures/test-erc20.js';
import { nodeWatcher } from './node-watcher.js';

/** anvil's first pre-funded, unlocked dev account: the outside sender of every deposit here. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let testDb: TestDatabase;
let node: AnvilNode;
let custody: EvmCustody;
let chain: EvmNodeAdapter;
/** Two deployments of the test token: the adapter maps the first to ETHEREUM.USDC and does not know the second. */
let usdc: string;
let unknownToken: string;
const word = (value: bigint | string) => BigInt(value).toString(16).padStart(64, '0');

const scan = () => scanChain(testDb.database.db, chain, { now: () => new Date(), requiredConfirmations: 3 });
/** Two passes at once, as two engines (or an overlapping tick) would run them. */
const scanTwice = async () => {
  const [a, b] = await Promise.all([scan(), scan()]);
  return { undone: a.undone + b.undone, confirmed: a.confirmed + b.confirmed };
};
const mine = async (blocks: number) => {
  for (let i = 0; i < blocks; i++) await node.rpc.call('evm_mine');
};

/** Sends `amount` to `to` from the dev account; returns once a block includes it. */
async function deposit(to: string, amount: bigint) {
  const hash = await node.rpc.call<string>('eth_sendTransaction', [
    { from: DEV_ACCOUNT, to, value: `0x${amount.toString(16)}` },
  ]);
  return { hash, ...(await included(hash)) };
}

/** Sends `amount` of the test token at `contract` to `to` from the dev account (ERC-20 `transfer`). */
async function tokenDeposit(contract: string, to: string, amount: bigint) {
  const hash = await node.rpc.call<string>('eth_sendTransaction', [
    { from: DEV_ACCOUNT, to: contract, data: `0xa9059cbb${word(to)}${word(amount)}`, gas: '0x100000' },
  ]);
  return { hash, ...(await included(hash)) };
}

async function deploy() {
  const hash = await node.rpc.call<string>('eth_sendTransaction', [
    { from: DEV_ACCOUNT, data: TEST_ERC20_BYTECODE, gas: '0x200000' },
  ]);
  await included(hash);
  const receipt = await node.rpc.call<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
  return receipt.contractAddress;
}

/** anvil mines a sent transaction right after answering: wait for its block. */
async function included(hash: string) {
  for (let i = 0; i < 200; i++) {
    const status = await node.rpc.transactionStatus(hash);
    if (status.blockNumber !== undefined) return { height: Number(status.blockNumber), blockHash: status.blockHash! };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${hash} not mined`);
}

async function activities(hash: string) {
  return testDb.database.db.select().from(assetActivities).where(eq(assetActivities.txHash, hash));
}

async function activity(hash: string) {
  return (await activities(hash))[0]!;
}

async function balanceOf(address: string, tokenId = 'ETHEREUM.ETH'): Promise<bigint> {
  const [row] = await testDb.database.db
    .select({ total: walletBalances.total })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(and(eq(wallets.address, address), eq(walletBalances.tokenId, tokenId)));
  return BigInt(row?.total ?? 0);
}

beforeAll(async () => {
  [testDb, node] = await Promise.all([createTestDatabase(), startAnvil()]);
  custody = await createEvmCustody(testDb.database.db, node, { wallets: 4, fundEach: 0n });
  usdc = await deploy();
  unknownToken = await deploy();
  chain = new EvmNodeAdapter('ETHEREUM', node.rpc, () => new Date(), { [usdc]: 'ETHEREUM.USDC' });
});

afterAll(async () => {
  await node?.stop();
  await testDb?.dispose();
});

describe('deposit watcher on anvil', () => {
  it('credits a deposit once at 3 confirmations and takes it back once when its block is reorganized away', async () => {
    const wallet = custody.addresses[0]!;
    const snapshot = await node.rpc.call<string>('evm_snapshot');
    const sent = await deposit(wallet, ETH);

    await scan();
    expect(await activity(sent.hash)).toMatchObject({
      activityType: 'DEPOSIT',
      status: 'PENDING',
      tokenId: 'ETHEREUM.ETH',
      amount: ETH.toString(),
      toAddress: wallet,
      fromAddress: DEV_ACCOUNT,
      blockHeight: sent.height,
      blockHash: sent.blockHash,
      confirmations: 1,
    });
    expect(await balanceOf(wallet)).toBe(0n);

    await mine(2);
    expect((await scanTwice()).confirmed).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    expect(await balanceOf(wallet)).toBe(ETH);

    // The deposit's block is replaced by empty ones reaching past its height: the node no longer knows the transaction.
    await node.rpc.call('evm_revert', [snapshot]);
    await mine(4);
    expect((await scanTwice()).undone).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({
      status: 'FAILED',
      blockHeight: null,
      blockHash: null,
      confirmations: 0,
      confirmedAt: null,
    });
    expect(await balanceOf(wallet)).toBe(0n);
    // Later passes change nothing more.
    expect((await scanTwice()).undone).toBe(0);
    expect(await balanceOf(wallet)).toBe(0n);
  });

  it('moves a reorganized deposit into the later block that includes it again and credits it once', async () => {
    const wallet = custody.addresses[1]!;
    const snapshot = await node.rpc.call<string>('evm_snapshot');
    const sent = await deposit(wallet, ETH / 2n);
    const raw = await node.rpc.call<string>('eth_getRawTransactionByHash', [sent.hash]);
    await mine(2);
    await scan();
    expect(await activity(sent.hash)).toMatchObject({ status: 'CONFIRMED' });
    expect(await balanceOf(wallet)).toBe(ETH / 2n);

    // The same signed transaction lands one block later on the new branch.
    await node.rpc.call('evm_revert', [snapshot]);
    await mine(1);
    await node.rpc.sendRawTransaction(raw);
    const again = await included(sent.hash);
    expect(again.height).toBe(sent.height + 1);

    expect((await scanTwice()).undone).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({
      status: 'PENDING',
      blockHeight: sent.height + 1,
      blockHash: again.blockHash,
    });
    expect(await balanceOf(wallet)).toBe(0n);

    await mine(2);
    expect((await scanTwice()).confirmed).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    expect(await balanceOf(wallet)).toBe(ETH / 2n);
  });

  it('undoes a deposit reorganized away before it was confirmed', async () => {
    const wallet = custody.addresses[2]!;
    const snapshot = await node.rpc.call<string>('evm_snapshot');
    const sent = await deposit(wallet, ETH / 4n);
    await scan();
    expect(await activity(sent.hash)).toMatchObject({ status: 'PENDING', blockHeight: sent.height, confirmations: 1 });

    await node.rpc.call('evm_revert', [snapshot]);
    await mine(3);
    expect((await scanTwice()).undone).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'FAILED', blockHeight: null, confirmations: 0 });
    await mine(3);
    await scan();
    expect(await activity(sent.hash)).toMatchObject({ status: 'FAILED' });
    expect(await balanceOf(wallet)).toBe(0n);
  });

  it('credits an ERC-20 deposit under its token id once at 3 confirmations, undoes it on a reorganization, and ignores unknown tokens', async () => {
    const wallet = custody.addresses[3]!;
    const amount = 250_000_000n; // 250 tokens of 6 decimals
    const snapshot = await node.rpc.call<string>('evm_snapshot');
    // The unknown token first: the known one's block is then the head, so it counts confirmations from 1.
    const ignored = await tokenDeposit(unknownToken, wallet, amount);
    const sent = await tokenDeposit(usdc, wallet, amount);

    await scan();
    expect(await activities(sent.hash)).toEqual([
      expect.objectContaining({
        activityType: 'DEPOSIT',
        status: 'PENDING',
        tokenId: 'ETHEREUM.USDC',
        amount: amount.toString(),
        toAddress: wallet,
        fromAddress: DEV_ACCOUNT,
        blockHeight: sent.height,
        blockHash: sent.blockHash,
        confirmations: 1,
        logIndex: 0,
      }),
    ]);
    expect(await activities(ignored.hash)).toEqual([]);

    await mine(2);
    expect((await scanTwice()).confirmed).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    expect(await balanceOf(wallet, 'ETHEREUM.USDC')).toBe(amount);
    expect(await balanceOf(wallet)).toBe(0n);
    // Further passes neither credit it again nor pick up the unknown token.
    expect((await scanTwice()).confirmed).toBe(0);
    expect(await balanceOf(wallet, 'ETHEREUM.USDC')).toBe(amount);
    expect(await activities(ignored.hash)).toEqual([]);

    await node.rpc.call('evm_revert', [snapshot]);
    await mine(4);
    expect((await scanTwice()).undone).toBe(1);
    expect(await activity(sent.hash)).toMatchObject({ status: 'FAILED', blockHeight: null, confirmations: 0 });
    expect(await balanceOf(wallet, 'ETHEREUM.USDC')).toBe(0n);
    expect((await scanTwice()).undone).toBe(0);
  });

  it('is what the engine runs for an EVM network whose runtime is a node', async () => {
    const log = { error: () => {} } as unknown as Parameters<typeof nodeWatcher>[0]['log'];
    const watcher = nodeWatcher({
      db: testDb.database.db,
      config: { chainRpc: { ETHEREUM: node.url }, production: false, chainSweepMs: 0 },
      log,
      now: () => new Date(),
      confirmations: () => 2,
    });
    expect(watcher.blockchains).toEqual(['ETHEREUM']);
    const wallet = custody.addresses[0]!;
    const sent = await deposit(wallet, ETH / 8n);
    await mine(1);
    await watcher.tick();
    expect(await activity(sent.hash)).toMatchObject({
      status: 'CONFIRMED',
      confirmations: 2,
      requiredConfirmations: 2,
    });
    expect(await balanceOf(wallet)).toBe(ETH / 8n);
  });

  it('keeps the native value and each token Transfer of one transaction apart, however often they are seen', async () => {
    const db = testDb.database.db;
    const [wallet] = await db.select().from(wallets).where(eq(wallets.address, custody.addresses[2]!));
    const txHash = `0x${'ab'.repeat(32)}`;
    const seen = (tokenId: string, logIndex: number, amount: string) => ({
      organizationId: wallet!.organizationId,
      walletId: wallet!.id,
      blockchain: 'ETHEREUM',
      tokenId,
      txHash,
      logIndex,
      fromAddress: DEV_ACCOUNT,
      toAddress: wallet!.address,
      amount,
      blockHeight: null,
      blockHash: null,
      failed: false,
      requiredConfirmations: 3,
    });
    for (let pass = 0; pass < 2; pass++) {
      for (const d of [seen('ETHEREUM.ETH', -1, '1'), seen('ETHEREUM.USDC', 0, '2'), seen('ETHEREUM.USDC', 1, '3')]) {
        await watcherRepository(db).recordDeposit(d, new Date());
      }
    }
    const rows = (await activities(txHash)).sort((a, b) => a.logIndex - b.logIndex);
    expect(rows.map((r) => [r.logIndex, r.tokenId, r.amount])).toEqual([
      [-1, 'ETHEREUM.ETH', '1'],
      [0, 'ETHEREUM.USDC', '2'],
      [1, 'ETHEREUM.USDC', '3'],
    ]);
  });

  it('fails a mempool deposit the node forgot, and counts it again when it is mined after all', async () => {
    const wallet = custody.addresses[3]!;
    await node.rpc.call('evm_setAutomine', [false]);
    try {
      const hash = await node.rpc.call<string>('eth_sendTransaction', [
        { from: DEV_ACCOUNT, to: wallet, value: `0x${(ETH / 5n).toString(16)}` },
      ]);
      const raw = await node.rpc.call<string>('eth_getRawTransactionByHash', [hash]);
      // The EVM adapter reports deposits from blocks only; a mempool sighting is what a bitcoin-type node or the
      // devnet reports, recorded here as the watcher records one.
      const [row] = await testDb.database.db.select().from(wallets).where(eq(wallets.address, wallet));
      await watcherRepository(testDb.database.db).recordDeposit(
        {
          organizationId: row!.organizationId,
          walletId: row!.id,
          blockchain: 'ETHEREUM',
          tokenId: 'ETHEREUM.ETH',
          txHash: hash,
          logIndex: -1,
          fromAddress: DEV_ACCOUNT,
          toAddress: wallet,
          amount: (ETH / 5n).toString(),
          blockHeight: null,
          blockHash: null,
          failed: false,
          requiredConfirmations: 3,
        },
        new Date(),
      );
      expect(await activity(hash)).toMatchObject({ status: 'PENDING', blockHeight: null });

      // Still known to the node: however long it waits, it stays pending.
      const later = () => new Date(Date.now() + MEMPOOL_RECHECK_MS + 60_000);
      await scanChain(testDb.database.db, chain, { now: later, requiredConfirmations: 3 });
      expect((await activity(hash)).status).toBe('PENDING');

      // Evicted: the node no longer knows it.
      await node.rpc.call('anvil_dropTransaction', [hash]);
      const pass = await scanChain(testDb.database.db, chain, { now: later, requiredConfirmations: 3 });
      expect(pass.dropped).toBe(1);
      expect(await activity(hash)).toMatchObject({ status: 'FAILED', blockHeight: null });

      // Broadcast again by someone and mined: the same deposit, pending in its block, then credited once.
      await node.rpc.call('eth_sendRawTransaction', [raw]);
      await mine(1);
      const before = await balanceOf(wallet);
      await scan();
      expect(await activity(hash)).toMatchObject({ status: 'PENDING', blockHash: expect.any(String) });
      await mine(2);
      await scanTwice();
      expect((await activity(hash)).status).toBe('CONFIRMED');
      expect(await balanceOf(wallet)).toBe(before + ETH / 5n);
      expect(await activities(hash)).toHaveLength(1);
    } finally {
      await node.rpc.call('evm_setAutomine', [true]);
    }
  });
});
