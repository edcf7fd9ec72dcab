import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { listCounts } from './schema/index.js';

export type CountedList = (typeof listCounts.$inferSelect)['list'];

/**
 * All rows of one organization in a long list, exact: kept by the triggers of migration 0007, so an
 * unfiltered list's total costs one row read instead of count(*) over the whole list.
 */
export async function organizationRowCount(db: Db, organizationId: string, list: CountedList): Promise<number> {
  const [row] = await db
    .select({ n: listCounts.n })
    .from(listCounts)
    .where(and(eq(listCounts.organizationId, organizationId), eq(listCounts.list, list)));
  return Number(row?.n ?? 0);
}

/** An organization's requests of the given types, exact: kept per type by the triggers of migration 0027. */
export async function requestTypeCount(
  db: Db,
  organizationId: string,
  types: readonly ('WALLET_CREATION' | 'WITHDRAWAL' | 'STAKING')[],
): Promise<number> {
  const lists = [...new Set(types)].map((type) => `requests:${type}` as const);
  const [row] = await db
    .select({ n: sql<string | null>`sum(${listCounts.n})` })
    .from(listCounts)
    .where(and(eq(listCounts.organizationId, organizationId), inArray(listCounts.list, lists)));
  return Number(row?.n ?? 0);
}

/** A list's exact total: the kept count when the list is one organization's whole list, else count(*). */
export async function listTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  whole: { organizationId: string; list: CountedList } | null,
): Promise<number> {
  if (whole) return organizationRowCount(db, whole.organizationId, whole.list);
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** `listTotal` as one SQL expression, for a statement that reads the page and its total at once (json-page.ts). */
export function listTotalSql(
  table: PgTable,
  where: SQL | undefined,
  whole: { organizationId: string; list: CountedList } | null,
): SQL {
  if (whole) {
    return sql`coalesce((select ${listCounts.n} from ${listCounts} where ${listCounts.organizationId} = ${whole.organizationId} and ${listCounts.list} = ${whole.list}), 0)`;
  }
  return sql`(select count(*) from ${table} where ${where})`;
}
