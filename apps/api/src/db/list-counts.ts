import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { listCounts } from './schema/index.js';
import { anyOf } from './shaped-statements.js';

export type CountedList = (typeof listCounts.$inferSelect)['list'];

/** Before a blockchain's name, the kept count of an organization's wallets on it (migration 0039). */
export const CHAIN_COUNT_PREFIX = 'wallets:';

/** The kept per-type lists (`requests:<type>`) that count requests of `types`. */
export const requestTypeLists = (types: readonly string[]) => [...new Set(types)].map((type) => `requests:${type}`);

/**
 * An organization's requests of the given types as one SQL expression, kept per type (migration 0027). With
 * placeholders (a statement kept by shape), `lists` holds requestTypeLists of the call's types.
 */
export function requestTypeCountSql(organizationId: string | Placeholder, types: readonly string[] | Placeholder): SQL {
  const lists = anyOf(listCounts.list, Array.isArray(types) ? requestTypeLists(types) : (types as Placeholder));
  return sql`coalesce((select sum(${listCounts.n}) from ${listCounts}
    where ${listCounts.organizationId} = ${organizationId} and ${lists}), 0)`;
}

/** A total given as SQL (listTotalSql, requestTypeCountSql), read alone. */
export async function listTotalOf(db: Db, total: SQL): Promise<number> {
  const result = (await db.execute(sql`select ${total}::int as total`)) as unknown as { rows: { total: number }[] };
  return result.rows[0]?.total ?? 0;
}

/** `listTotal` as one SQL expression, for a statement that reads the page and its total at once (json-page.ts). */
export function listTotalSql(
  table: PgTable,
  where: SQL | undefined,
  whole: { organizationId: string | Placeholder; list: CountedList } | null,
): SQL {
  if (whole) {
    return sql`coalesce((select ${listCounts.n} from ${listCounts} where ${listCounts.organizationId} = ${whole.organizationId} and ${listCounts.list} = ${whole.list}), 0)`;
  }
  return sql`(select count(*) from ${table} where ${where})`;
}
