import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { writeTokenCatalogue } from './token-catalogue.js';

export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the committed migrations (the same files serve PostgreSQL and PGlite), then writes the code's reference
 * data the statements read: the token catalogue.
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.driver.kind === 'postgres') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's database type
    await migrateNodePg(database.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migratePglite(database.db as any, config);
  }
  await writeTokenCatalogue(database.db);
}
