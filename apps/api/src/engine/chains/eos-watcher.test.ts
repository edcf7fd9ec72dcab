// The deposit watcher on an EOS-type network through the nodeos chain API: eosio.token transfers of BIZA to a
// wallet account, read from get_block, are recorded, counted and credited once.
import { DevnetAdapter, faucetPay } from '@vaultline/chains';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetActivities, walletBalances, wallets } from '../../db/schema/index.js';
import { createEosTestWallets } from '../../devnet/eos-test-wallets.js';
import { dbLedgerStore } from '../../devnet/ledger-store.js';
import { type NodeosApiServer, startNodeosApiServer } from '../../devnet/nodeos-api-server.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scanChain } from '../devnet/watcher.js';
import { assetUnits, eosNodeAdapter } from './eos-node-adapter.js';

let testDb: TestDatabase;
let server: NodeosApiServer;
let chain: DevnetAdapter;
let account: string;
const now = () => new Date();
const db = () => testDb.database.db;

async function balance() {
  const [row] = await db()
    .select({ total: walletBalances.total })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(and(eq(wallets.address, account), eq(walletBalances.tokenId, 'BIZAUTO.BIZA')));
  return BigInt(row?.total ?? 0);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  [account] = (await createEosTestWallets(db(), 'BIZAUTO', ['vaultdeposit'])).accounts as [string];
  chain = new DevnetAdapter('BIZAUTO', dbLedgerStore(db(), { now }), { now });
  await chain.produceBlock();
  server = await startNodeosApiServer({ db: db(), blockchain: 'BIZAUTO', now });
});

afterAll(async () => {
  await server?.close();
  await testDb?.dispose();
});

describe('EOS-type deposits through the nodeos chain API', () => {
  it('reads asset text exactly, and only the expected symbol at its precision', () => {
    expect(assetUnits('12.5000 BIZA', 'BIZA', 4)).toBe(125_000n);
    expect(assetUnits('92233720368.5477 BIZA', 'BIZA', 4)).toBe(922_337_203_685_477n);
    expect(assetUnits('12.50 BIZA', 'BIZA', 4)).toBeNull();
    expect(assetUnits('12.5000 EOS', 'BIZA', 4)).toBeNull();
  });

  it('credits a deposit once after its confirmations', async () => {
    const adapter = eosNodeAdapter('BIZAUTO', server.url, { now });
    const scan = () => scanChain(db(), adapter, { now, requiredConfirmations: 3 });
    const store = dbLedgerStore(db(), { now });
    const paid = await faucetPay(chain, store, { toAddress: account, tokenId: 'BIZAUTO.BIZA', amount: 125_000n });
    if (paid.kind !== 'accepted') throw new Error(`faucet: ${paid.kind}`);
    expect((await scan()).recorded).toBe(0); // not in a block yet: nodeos shows no pool
    await chain.produceBlock();
    expect(await scan()).toMatchObject({ recorded: 1, confirmed: 0 });
    const [activity] = await db().select().from(assetActivities).where(eq(assetActivities.txHash, paid.transfer.hash));
    expect(activity).toMatchObject({ status: 'PENDING', amount: '125000', logIndex: 0, fromAddress: 'devnetfaucet' });
    expect(await balance()).toBe(0n);

    await chain.produceBlock();
    await chain.produceBlock();
    expect((await scan()).confirmed).toBe(1);
    expect((await scan()).confirmed).toBe(0);
    expect(await balance()).toBe(125_000n);
    const [credited] = await db().select().from(assetActivities).where(eq(assetActivities.txHash, paid.transfer.hash));
    expect(credited).toMatchObject({ status: 'CONFIRMED', confirmations: 3 });
    // Blocks are compared by id for reorganizations: the node's ids, unchanged.
    expect((await adapter.blockHashes([credited!.blockHeight!])).get(credited!.blockHeight!)).toBe(credited!.blockHash);
  });
});
