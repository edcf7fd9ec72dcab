import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed.js';
import { PreparingClient } from './preparing-client.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers give the same query builder; code above the client never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `work` in one transaction. Drizzle types a transaction apart from the database it came from although it
 * offers the same query builder; this is the one place that says so, so repositories take either as `Db`.
 */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /** Answers when the database does; used by /readyz. */
  ping(): Promise<void>;
  /** LISTEN/NOTIFY: what this and other processes changed (db/change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
  /** The raw driver, for the migrator. */
  driver: { kind: 'postgres'; pool: pg.Pool; url: string } | { kind: 'pglite'; client: PGlite };
}

/** `preparedStatements` (PostgreSQL; default true): name parameterized statements, see preparing-client.ts. */
export type DatabaseTarget = { url: string; preparedStatements?: boolean } | { dataDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const changes = postgresChangeFeed(target.url);
    // Every connection listens from its start (change-feed.ts), before the pool hands it out.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // No JIT compilation: a list page's statement (request views built as JSON, per-row subqueries) is estimated
      // near jit_above_cost at the largest page size, and compiling it costs tens of milliseconds where running it
      // costs one (issue 17). The product's statements are short; none gains from JIT.
      options: '-c jit=off',
      onConnect: changes.onPoolConnect,
      // Parameterized statements are prepared once per connection (preparing-client.ts).
      ...(target.preparedStatements === false ? {} : { Client: PreparingClient }),
    });
    // A dropped connection must not take the process down; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      changes,
      driver: { kind: 'postgres', pool, url: target.url },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(dirname(target.dataDir), { recursive: true });
    client = await PGlite.create(target.dataDir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const changes = pgliteChangeFeed(client);
  return {
    kind: 'pglite',
    db,
    changes,
    driver: { kind: 'pglite', client },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}
