import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops what the test made. */
  dispose(): Promise<void>;
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * A migrated database of the kind the test project runs on: in-memory PGlite, or (TEST_DB_KIND=postgres)
 * a fresh database on TEST_DATABASE_URL's server, so test files never share state. `kind` names one explicitly,
 * for the chain-nodes project, which has no database of its own and runs its executor suites on both.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite',
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ memory: true });
    await runMigrations(database);
    return { database, dispose: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('A PostgreSQL test database needs TEST_DATABASE_URL');
  const name = `vaultline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await runMigrations(database);
  return {
    database,
    dispose: async () => {
      await database.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}
