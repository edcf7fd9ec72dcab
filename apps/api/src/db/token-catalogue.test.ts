import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { catalogueById, writeTokenCatalogue } from './token-catalogue.js';

/** The code's token catalogue as the database's immutable function, which list statements fold into their plans. */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const read = async () =>
  ((await t.database.db.execute(sql`select vaultline_token_catalogue() as c`)) as unknown as { rows: { c: unknown }[] })
    .rows[0]!.c;

describe('token catalogue in the database', () => {
  it('holds the code’s catalogue after the migrations', async () => {
    expect(await read()).toEqual(catalogueById());
  });

  it('is written again when it differs from the code’s, and concurrent starts do not fail', async () => {
    await t.database.db.execute(
      sql.raw(`create or replace function vaultline_token_catalogue() returns jsonb language sql immutable
        as $$ select '{"OLD.COIN": {}}'::jsonb $$`),
    );
    expect(await read()).toEqual({ 'OLD.COIN': {} });
    await Promise.all([writeTokenCatalogue(t.database.db), writeTokenCatalogue(t.database.db)]);
    expect(await read()).toEqual(catalogueById());
    // Already the code's: nothing to write.
    await writeTokenCatalogue(t.database.db);
    expect(await read()).toEqual(catalogueById());
  });
});
