import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, transaction } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { type EngineQueue, openEngineQueue } from './queue.js';

/**
 * A request is handed to the engine at most once, whatever races: the hand-off key is written in the enqueueing
 * transaction, so a second hand-off of the same request, from another connection and another queue client (as two
 * server processes would be), finds it taken and sends nothing.
 */
const log = pino({ level: 'silent' });
let testDb: TestDatabase;
let second: Database | null = null;
const queues: EngineQueue[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  // On PostgreSQL a second pool to the same database; PGlite admits one connection, shared.
  const driver = testDb.database.driver;
  second = driver.kind === 'postgres' ? await openDatabase({ url: driver.url }) : null;
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await second?.close();
  await testDb?.dispose();
});

async function jobsFor(requestId: string) {
  const rows = await testDb.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'handoff-test' and data->>'requestId' = ${requestId}`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('engine hand-off', () => {
  it('the same request enqueued twice at once, from two connections, makes one job', async () => {
    const one = await openEngineQueue(testDb.database, log, { queues: ['handoff-test'] });
    const other = second ? await openEngineQueue(second, log, { queues: ['handoff-test'] }) : one;
    queues.push(one, ...(other === one ? [] : [other]));
    const data = { requestId: crypto.randomUUID(), organizationId: crypto.randomUUID() };
    const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const results = await Promise.all([
      transaction(testDb.database.db, async (tx) => {
        const sent = await one.enqueue(tx, 'handoff-test', data);
        await hold(300); // still uncommitted while the other connection tries
        return sent;
      }),
      (async () => {
        await hold(50);
        return transaction((second ?? testDb.database).db, (tx) => other.enqueue(tx, 'handoff-test', data));
      })(),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await jobsFor(data.requestId)).toBe(1);

    // Later hand-offs of the same request are dropped too; another request gets its own job.
    expect(await transaction(testDb.database.db, (tx) => one.enqueue(tx, 'handoff-test', data))).toBe(false);
    const next = { ...data, requestId: crypto.randomUUID() };
    expect(await transaction(testDb.database.db, (tx) => one.enqueue(tx, 'handoff-test', next))).toBe(true);
    expect(await jobsFor(data.requestId)).toBe(1);
    expect(await jobsFor(next.requestId)).toBe(1);
  });

  it('a hand-off in a transaction that rolls back leaves no job and no key', async () => {
    const q = await openEngineQueue(testDb.database, log, { queues: ['handoff-test'] });
    queues.push(q);
    const data = { requestId: crypto.randomUUID(), organizationId: crypto.randomUUID() };
    await expect(
      transaction(testDb.database.db, async (tx) => {
        await q.enqueue(tx, 'handoff-test', data);
        throw new Error('decision refused after all');
      }),
    ).rejects.toThrow('decision refused');
    expect(await jobsFor(data.requestId)).toBe(0);
    expect(await transaction(testDb.database.db, (tx) => q.enqueue(tx, 'handoff-test', data))).toBe(true);
  });
});
