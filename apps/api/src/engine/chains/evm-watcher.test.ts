// The deposit watcher on a real anvil node through the EvmNodeAdapter, on both databases: a deposit is PENDING, then
// CONFIRMED and credited at 3 confirmations; a block reorganized away (evm_snapshot … evm_revert, then new blocks past
// its height) undoes the deposit and takes the credit back exactly once, even with two passes at once; a transaction
// included again in a later block is credited once more, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, walletBalances, wallets } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createEvmCustody, ETH, type EvmCustody } from '../../test/evm-custody.js';
import { scanChain } from '../devnet/watcher.js';
import { type AnvilNode, startAnvil } from './anvil.js';
import { EvmNodeAdapter } from './evm-node-adapter.js';
import { nodeWatcher } from './node-watcher.js';

/** anvil's first pre-funded, unlocked dev account: the outside sender of every deposit here. */
const DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let testDb: TestDatabase;
let node: AnvilNode;
let custody: EvmCustody;
let chain: EvmNodeAdapter;

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

/** anvil mines a sent transaction right after answering: wait for its block. */
async function included(hash: string) {
  for (let i = 0; i < 200; i++) {
    const status = await node.rpc.transactionStatus(hash);
    if (status.blockNumber !== undefined) return { height: Number(status.blockNumber), blockHash: status.blockHash! };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${hash} not mined`);
}

async function activity(hash: string) {
  const [row] = await testDb.database.db.select().from(assetActivities).where(eq(assetActivities.txHash, hash));
  return row!;
}

async function balanceOf(address: string): Promise<bigint> {
  const [row] = await testDb.database.db
    .select({ total: walletBalances.total })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(eq(wallets.address, address));
  return BigInt(row?.total ?? 0);
}

beforeAll(async () => {
  [testDb, node] = await Promise.all([createTestDatabase(), startAnvil()]);
  custody = await createEvmCustody(testDb.database.db, node, { wallets: 3, fundEach: 0n });
  chain = new EvmNodeAdapter('ETHEREUM', node.rpc);
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
});
