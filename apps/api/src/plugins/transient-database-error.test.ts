import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, transaction } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { latch, meeting } from '../test/latch.js';
import { errorHandlerPlugin } from './error-handler.js';

/**
 * A transaction PostgreSQL rolls back because of a concurrent one answers 503 with Retry-After, not the 500 of a
 * bug. Real deadlocks and held rows on a server: PostgreSQL only, as embedded PGlite runs one transaction at a time.
 */
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('a transaction lost to a concurrent one', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let db: Db;

  const lockBoth = (first: number, second: number, met: () => Promise<void>) =>
    transaction(db, async (tx) => {
      await tx.execute(sql`update race_rows set n = n + 1 where id = ${first}`);
      await met();
      await tx.execute(sql`update race_rows set n = n + 1 where id = ${second}`);
    });

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    db = testDb.database.db;
    await db.execute(sql`create table race_rows (id int primary key, n int not null default 0)`);
    await db.execute(sql`insert into race_rows (id) values (1), (2)`);
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    app.post('/api/test/deadlock', async () => {
      const met = meeting(2);
      // Opposite orders: PostgreSQL finds the cycle and rolls one of the two back (40P01). Both are awaited
      // before answering, so the winner has committed when the test reads the rows back.
      const outcomes = await Promise.allSettled([lockBoth(1, 2, met), lockBoth(2, 1, met)]);
      const lost = outcomes.find((outcome) => outcome.status === 'rejected');
      if (lost) throw lost.reason;
      return { ok: true };
    });
    app.post('/api/test/held', async () => {
      const released = latch();
      const locked = latch();
      const holder = transaction(db, async (tx) => {
        await tx.execute(sql`select 1 from race_rows where id = 1 for update`);
        locked.open();
        await released.opened;
      });
      await locked.opened;
      try {
        // A row someone else holds, asked for without waiting (55P03).
        await transaction(db, (tx) => tx.execute(sql`select 1 from race_rows where id = 1 for update nowait`));
      } finally {
        released.open();
        await holder;
      }
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  const post = (url: string, lang = 'en') => app.inject({ method: 'POST', url, headers: { 'accept-language': lang } });

  it('answers a deadlock 503 with Retry-After, and the loser wrote nothing', async () => {
    const res = await post('/api/test/deadlock');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({
      code: '503',
      data: { reason: 'concurrent-transaction', retryAfterSeconds: 1 },
    });
    expect(res.body).not.toMatch(/deadlock|race_rows|update/i);
    // One transaction committed both rows, the other was rolled back whole.
    const rows = (await db.execute(sql`select id, n from race_rows order by id`)) as unknown as {
      rows: { id: number; n: number }[];
    };
    expect(rows.rows).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 1 },
    ]);
  });

  it('answers a held row asked for without waiting the same way, in Korean by default', async () => {
    const res = await post('/api/test/held', 'ko');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.');
  });
});
