import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createOrganization } from '../test/fixtures.js';
import { organizations } from './schema/index.js';
import { shapedStatements, slot } from './shaped-statements.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

describe('statements kept by shape', () => {
  it('builds a shape once and runs it with each call’s values, rows mapped as a select maps them', async () => {
    const db = t.database.db;
    const a = await createOrganization(db, 'Shaped A');
    const b = await createOrganization(db, 'Shaped B');
    let built = 0;
    const byId = () => {
      built++;
      return db
        .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
        .from(organizations)
        .where(eq(organizations.id, slot('id')))
        .$dynamic();
    };
    const key = `test by id ${Math.random()}`;
    for (const org of [a, b, a]) {
      const [row] = await shapedStatements.select<{ id: string; name: string; createdAt: Date }>(db, key, byId, {
        id: org.id,
      });
      expect(row).toMatchObject({ id: org.id, name: org.name });
      expect(row!.createdAt).toBeInstanceOf(Date);
    }
    expect(built).toBe(1);
  });

  it('runs raw SQL as db.execute does, arrays and nulls included', async () => {
    const db = t.database.db;
    const key = `test raw ${Math.random()}`;
    const build = () =>
      sql`select ${slot('n')}::int + 1 as n, cardinality(${slot('ids')}::uuid[]) as k, ${slot('x')}::text as x`;
    const rows = await shapedStatements.execute<{ n: number; k: number; x: string | null }>(db, key, build, {
      n: 41,
      ids: '{}',
      x: null,
    });
    expect(rows).toEqual([{ n: 42, k: 0, x: null }]);
    const again = await shapedStatements.execute(db, key, build, { n: 1, ids: `{${crypto.randomUUID()}}`, x: 'y' });
    expect(again).toEqual([{ n: 2, k: 1, x: 'y' }]);
  });

  it('refuses a call that leaves a placeholder without a value', async () => {
    const db = t.database.db;
    const build = () => sql`select ${slot('missing')}::int as n`;
    await expect(shapedStatements.execute(db, `test missing ${Math.random()}`, build, {})).rejects.toThrow(/missing/);
  });
});
