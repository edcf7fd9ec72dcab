// Bitcoin moves exactly once, whatever line the engine dies on: as executor.crash.test.ts does on anvil, a child
// engine SIGKILLs itself at a named point of a transfer on litecoind -regtest, a fresh executor takes the stored
// row up again, and the chain holds exactly one payment for the request and the database one CONFIRMED row.
// Engines as separate processes need a server database: this runs when TEST_DATABASE_URL names one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema/index.js';
import { type BtcCustody, createBtcCustody, REGTEST_SINK } from '../../test/btc-custody.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { hasLitecoind, LITECOIN_REGTEST, type RegtestNode, startRegtest } from '../chains/regtest.js';
import { btcChainNode } from './btc-chain-node.js';
import { doomedEngines } from './doomed-engine.js';
import { CRASH_POINTS, type CrashPoint, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import type { OutgoingTransfer } from './transfer-planner.js';

const ROUNDS = 10;

/** What the stored row must say right after the engine died at each point. */
const STATUS_AFTER_CRASH: Record<CrashPoint, string> = {
  'before-signed-write': 'BUILT',
  'after-signed': 'SIGNED',
  'before-broadcast-write': 'SIGNED',
  'after-broadcast': 'BROADCAST',
  'before-confirmed-write': 'BROADCAST',
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('bitcoin-type executor crash (postgres)', () => {
  let testDb: TestDatabase;
  let node: RegtestNode;
  let custody: BtcCustody;
  let miner: ReturnType<typeof setInterval> | undefined;
  const engines = doomedEngines(TEST_MASTER_KEY);

  beforeAll(async () => {
    if (!hasLitecoind()) throw new Error('litecoind is not installed: apt-get install -y litecoind');
    [testDb, node] = await Promise.all([createTestDatabase('postgres'), startRegtest()]);
    custody = await createBtcCustody(testDb.database.db, node, { wallets: 2 });
    await custody.fund([{ address: custody.addresses[0]!, outputs: 2 }]);
    // Regtest mines only when told: a block every 200 ms stands in for the network, so a child engine waiting
    // for its confirmation (to die before writing it) gets one.
    miner = setInterval(() => {
      node.rpc.generateToAddress(1, REGTEST_SINK).catch(() => undefined);
    }, 200);
  });
  afterAll(async () => {
    clearInterval(miner);
    engines.killAll();
    await node?.stop();
    await testDb?.dispose();
  });

  it(`${ROUNDS} rounds, killed at every point in turn: one payment on the chain, one CONFIRMED row`, async () => {
    const db = testDb.database.db;
    const [sender, receiver] = custody.addresses as [string, string];
    const resumer = transactionExecutor({
      db,
      node: btcChainNode(node.rpc, { addressNetwork: LITECOIN_REGTEST }),
      signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
      confirmations: 1,
    });
    /** Outputs paying the receiver exactly `amount`: one per round, as amounts differ by round. */
    const paid = async (amount: bigint) =>
      (await node.rpc.unspent({ address: custody.onNode(receiver) })).filter((utxo) => utxo.value === amount);

    for (let round = 0; round < ROUNDS; round++) {
      const crashAt = CRASH_POINTS[round % CRASH_POINTS.length]!;
      const amount = 1_000_000n + BigInt(round);
      const intent: OutgoingTransfer = {
        organizationId: custody.organizationId,
        requestId: await custody.newRequest(),
        purpose: 'transfer',
        blockchain: 'BITCOIN_TESTNET',
        fromAddress: sender,
        toAddress: receiver,
        tokenId: 'BITCOIN_TESTNET.BTC',
        amount,
      };

      const died = await engines.run(testDb.database, { REGTEST_URL: node.url }, intent, crashAt);
      expect(died.signal, `round ${round} (${crashAt}) ${died.stderr}`).toBe('SIGKILL');
      const [left] = await db
        .select()
        .from(chainTransactions)
        .where(eq(chainTransactions.requestId, intent.requestId!));
      expect(left?.status, `round ${round} (${crashAt})`).toBe(STATUS_AFTER_CRASH[crashAt]);

      // The fresh engine is handed the same job again: it must find the row, not build a second transaction.
      const again = await resumer.create(intent);
      expect(again.id).toBe(left!.id);
      const settled = await resumer.settle(again.id, { pollMs: 50 });
      expect(settled.status, `round ${round} (${crashAt})`).toBe('CONFIRMED');
      if (left!.hash) expect(settled.hash).toBe(left!.hash);

      const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, intent.requestId!));
      expect(rows).toHaveLength(1);
      expect((await paid(amount)).map((utxo) => utxo.txid)).toEqual([settled.hash]);
      expect((await node.rpc.transactionStatus(settled.hash!)).state).toBe('confirmed');
    }
  }, 300_000);
});
