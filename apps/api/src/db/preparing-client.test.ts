import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { PREPARED_PER_CONNECTION, PreparingClient } from './preparing-client.js';

type Prepared = { name: string; statement: string };
/** The rows of `db.execute` (typed apart per driver; both answer `rows`). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('statements prepared once per connection', () => {
  let t: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    if (t.database.driver.kind !== 'postgres') throw new Error('postgres only');
    pool = t.database.driver.pool;
  });
  afterAll(() => t?.dispose());

  /** One connection of the app's pool, for checks that read its own prepared statements. */
  async function withConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }
  const preparedOn = async (client: pg.PoolClient) =>
    (await client.query<Prepared>('select name, statement from pg_prepared_statements')).rows;

  it('prepares a parameterized statement on first use and reuses it', async () => {
    await withConnection(async (client) => {
      expect(client).toBeInstanceOf(PreparingClient);
      const text = 'select $1::int + 1 as n';
      expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query({ text, values: [41] })).rows).toEqual([{ n: 42 }]);
      const mine = (await preparedOn(client)).filter((p) => p.statement === text);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.name).toMatch(/^vl_[0-9a-f]{24}$/);
    });
  });

  it('leaves statements without parameters (several in one text) on the simple protocol', async () => {
    await withConnection(async (client) => {
      await client.query('select 1; select 2');
      expect((await preparedOn(client)).some((p) => p.statement.includes('select 2'))).toBe(false);
    });
  });

  it("answers drizzle's queries, inside and outside transactions, the same as unprepared", async () => {
    const { db } = t.database;
    const read = () => db.execute(sql`select ${'vault'}::text || ${'line'}::text as word`);
    for (let i = 0; i < 8; i++) expect(rowsOf(await read())).toEqual([{ word: 'vaultline' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as one`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A statement prepared in a rolled-back transaction stays usable.
    await db.transaction(async (tx) => {
      expect(rowsOf(await tx.execute(sql`select ${1}::int as one`))).toEqual([{ one: 1 }]);
    });
  });

  it('keeps answering after a failed statement and after the schema under a prepared one changed', async () => {
    await withConnection(async (client) => {
      await client.query('create table prepared_probe (id int primary key, label text)');
      await client.query('insert into prepared_probe values (1, $1)', ['one']);
      const read = 'select id, label from prepared_probe where id = $1';
      expect((await client.query(read, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
      await expect(client.query('select missing from prepared_probe where id = $1', [1])).rejects.toThrow();
      await expect(client.query('select missing from prepared_probe where id = $1', [1])).rejects.toThrow(/missing/);
      await client.query('alter table prepared_probe add column extra text');
      expect((await client.query(read, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
      await client.query('drop table prepared_probe');
    });
  });

  it('prepares at most PREPARED_PER_CONNECTION statements on one connection, then runs new ones unnamed', async () => {
    await withConnection(async (client) => {
      const shape = (i: number) => `select $1::int + ${i} as n`;
      for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
        expect((await client.query(shape(i), [1])).rows).toEqual([{ n: 1 + i }]);
      }
      const held = (await preparedOn(client)).length;
      expect(held).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
      for (let i = 0; i < 5; i++) await client.query(shape(10_000 + i), [1]);
      expect((await preparedOn(client)).length).toBe(held);
      // A statement it already holds is still reused past the cap.
      expect((await client.query(shape(0), [5])).rows).toEqual([{ n: 5 }]);
      expect((await preparedOn(client)).length).toBe(held);
    });
  });
});
