// Money moves exactly once, whatever line the engine dies on: a child engine SIGKILLs itself at a named point of a
// transfer, a fresh executor takes the stored row up again, and the node holds exactly one transaction of the
// sender for the request and the database one CONFIRMED row. 20 rounds over every crash point, on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createEvmCustody, ETH, type EvmCustody, TEST_MASTER_KEY } from '../../test/evm-custody.js';
import { type AnvilNode, startAnvil } from '../chains/anvil.js';
import { doomedEngines } from './doomed-engine.js';
import { evmChainNode } from './evm-chain-node.js';
import { CRASH_POINTS, type CrashPoint, transactionExecutor } from './executor.js';
import { createSigner } from './signer.js';
import type { OutgoingTransfer } from './transfer-planner.js';

const ROUNDS = 20;

/** What the stored row must say right after the engine died at each point. */
const STATUS_AFTER_CRASH: Record<CrashPoint, string> = {
  'before-signed-write': 'BUILT',
  'after-signed': 'SIGNED',
  'before-broadcast-write': 'SIGNED',
  'after-broadcast': 'BROADCAST',
  'before-confirmed-write': 'BROADCAST',
};

/** Engines as separate processes need a server database: this runs on PostgreSQL only. */
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('transaction executor crash', () => {
  let testDb: TestDatabase;
  let node: AnvilNode;
  let custody: EvmCustody;
  const engines = doomedEngines(TEST_MASTER_KEY);

  beforeAll(async () => {
    [testDb, node] = await Promise.all([createTestDatabase(), startAnvil()]);
    custody = await createEvmCustody(testDb.database.db, node, { wallets: 2, fundEach: 10n * ETH });
  });
  afterAll(async () => {
    engines.killAll();
    await node?.stop();
    await testDb?.dispose();
  });

  it(`${ROUNDS} rounds, killed at every point in turn: one transaction on the node, one CONFIRMED row`, async () => {
    const db = testDb.database.db;
    const [sender, receiver] = custody.addresses as [string, string];
    const resumer = transactionExecutor({
      db,
      node: evmChainNode(node.rpc),
      signer: createSigner({ db, masterKey: TEST_MASTER_KEY }),
      confirmations: 1,
    });

    for (let round = 0; round < ROUNDS; round++) {
      const crashAt = CRASH_POINTS[round % CRASH_POINTS.length]!;
      const amount = 1_000_000n + BigInt(round);
      const intent: OutgoingTransfer = {
        organizationId: custody.organizationId,
        requestId: await custody.newRequest(),
        purpose: 'transfer',
        blockchain: 'ETHEREUM',
        fromAddress: sender,
        toAddress: receiver,
        tokenId: 'ETHEREUM.ETH',
        amount,
      };
      const [nonceBefore, receiverBefore] = [await node.rpc.pendingNonce(sender), await node.rpc.balance(receiver)];

      const died = await engines.run(testDb.database, { ANVIL_URL: node.url }, intent, crashAt);
      expect(died.signal, `round ${round} (${crashAt}) ${died.stderr}`).toBe('SIGKILL');
      const [left] = await db
        .select()
        .from(chainTransactions)
        .where(eq(chainTransactions.requestId, intent.requestId!));
      expect(left?.status, `round ${round} (${crashAt})`).toBe(STATUS_AFTER_CRASH[crashAt]);

      // The fresh engine is handed the same job again: it must find the row, not build a second transaction.
      const again = await resumer.create(intent);
      expect(again.id).toBe(left!.id);
      const settled = await resumer.settle(again.id, { pollMs: 20 });
      expect(settled.status, `round ${round} (${crashAt})`).toBe('CONFIRMED');
      if (left!.hash) expect(settled.hash).toBe(left!.hash);

      const rows = await db.select().from(chainTransactions).where(eq(chainTransactions.requestId, intent.requestId!));
      expect(rows).toHaveLength(1);
      expect(await node.rpc.pendingNonce(sender), `round ${round} (${crashAt})`).toBe(nonceBefore + 1);
      expect(await node.rpc.balance(receiver)).toBe(receiverBefore + amount);
      expect((await node.rpc.transactionStatus(settled.hash!)).state).toBe('confirmed');
    }
  }, 300_000);
});
