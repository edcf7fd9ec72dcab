import { join } from 'node:path';
import type { Config } from '../config.js';
import { type Database, openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR; migrated either way. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
      : { dataDir: join(config.dataDir, 'pglite') },
  );
  await runMigrations(database);
  return database;
}
