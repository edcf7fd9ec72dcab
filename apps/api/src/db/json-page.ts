import { and, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../http/app-error.js';
import type { Db } from './client.js';
import { frozenBy } from './frozen-sql.js';
import { beyondValues, orderOfKeys, type SortKey } from './keyset.js';
import { listTotalOf } from './list-counts.js';
import { pageWindow } from './page-window.js';

/**
 * A list whose page PostgreSQL answers as JSON text in one statement: the page's rows with what they show of
 * other tables, the list's total and where the next page starts. One round trip instead of three to six, and no
 * row is parsed into JavaScript objects only to be written out as JSON again (issue 17: a list's baseline should
 * cost little more than a trivial query).
 */
export interface JsonPageList {
  /** The listed table's id column (the order's last key). */
  id: AnyPgColumn;
  /** The caller's visibility, without the filters: where a cursor row must be. */
  visible: SQL | undefined;
  /** Visibility and filters. */
  where: SQL | undefined;
  keys: readonly SortKey[];
  /** The list's exact total, one SQL expression (a kept count, or count(*) over `where`). */
  total: SQL;
  /** One row as JSON: `json_build_object(…)` over the table's columns and those of `join`. */
  item: SQL;
  /** Joined to each row of the page, e.g. `cross join lateral (…) m`. */
  join?: SQL;
}

export interface JsonPage {
  /** The page's items, a JSON array in the list's order. */
  items: string;
  total: number;
  nextCursor: string | null;
}

interface PageRow extends Record<string, unknown> {
  items: string;
  n: number;
  last: string | null;
  total: number;
  found?: boolean;
}

/**
 * The page by number, or by cursor when `q.after` is set (the rows after the cursor row in the keys' order, read
 * with one more to tell whether others follow). A malformed cursor, another organization's row and a row the
 * caller may not see all answer the same 4000, echoing nothing. A page by number past the first reads the total
 * first: the window it reads from (the nearer end of the list, page-window.ts) depends on it.
 */
export async function jsonPage(
  db: Db,
  q: { page: number; size: number; after?: string | undefined },
  list: JsonPageList,
): Promise<JsonPage> {
  const table = list.id.table;
  const order = orderSql(list.keys);
  if (q.after !== undefined) {
    const after = z.uuid().safeParse(q.after);
    if (!after.success) throw new AppError('4000', { reason: 'invalid-cursor' });
    // The cursor row, read once: the keys' values where the caller may see it (no row: 4000 below).
    const cursor = sql`with page_cursor as (select ${sql.join(
      list.keys.map((k, i) => sql`${k.key} as ${sql.identifier(`k${i}`)}`),
      sql`, `,
    )} from ${table} where ${and(list.visible, sql`${list.id} = ${after.data}`)})`;
    const position = (i: number) => sql`(select ${sql.identifier(`k${i}`)} from page_cursor)`;
    const rows = sql`select *, row_number() over (order by ${order}) as page_rn from ${table}
      where ${and(list.where, beyondValues(list.keys, position))} order by ${order} limit ${literal(q.size + 1)}`;
    const found = sql`exists (select 1 from page_cursor)`;
    const row = await readJsonPage(db, list, rows, q.size, { found, cursor });
    if (!row.found) throw new AppError('4000', { reason: 'invalid-cursor' });
    const more = row.n > q.size;
    return { items: row.items, total: row.total, nextCursor: more ? row.last : null };
  }
  const total = q.page === 1 ? undefined : await listTotalOf(db, list.total);
  const w = pageWindow(q.page, q.size, total ?? 0);
  // The first page straight from the order's index; a later one by its ids first (an index-only scan skips the
  // offset without reading the rows, from the nearer end of the list), then those rows.
  const rows =
    w.offset === 0 && !w.reversed
      ? sql`select *, 1 as page_rn from ${table} where ${list.where} order by ${order} limit ${literal(w.limit)}`
      : sql`select *, 1 as page_rn from ${table} where ${list.id} in (select ${list.id} from ${table}
          where ${list.where} order by ${orderSql(list.keys, w.reversed)} limit ${literal(w.limit)} offset ${w.offset})`;
  const row = await readJsonPage(db, list, rows, q.size);
  // As pageCursor: the page's last row while rows follow it.
  const more = (q.page - 1) * q.size + row.n < row.total;
  return { items: row.items, total: row.total, nextCursor: more ? row.last : null };
}

/** A timestamp as JSON's ISO 8601 text in UTC with milliseconds, as Date.toISOString writes it. */
export const isoTime = (column: AnyPgColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page size written into the statement, not bound: the plan PostgreSQL keeps for a prepared statement is made
 * without the parameters' values, and with an unknown LIMIT it reads every row of the organization and hashes them
 * (3.5 ms for 10,000 wallets) where a known one walks the index (0.3 ms).
 */
function literal(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a row count: ${n}`);
  return sql.raw(String(n));
}

const orders = new Map<string, SQL>();

/**
 * The keys' ORDER BY (`reversed`: each direction flipped, to read a window from the far end), written out once per
 * order when every key is a column.
 */
function orderSql(keys: readonly SortKey[], reversed = false): SQL {
  const make = () => sql.join(orderOfKeys(keys, reversed), sql`, `);
  const columns = keys.map((k) => k.key).filter((key): key is AnyPgColumn => is(key, PgColumn));
  if (columns.length < keys.length) return make();
  const name = keys.map((k, i) => `${getTableName(columns[i]!.table)}.${columns[i]!.name} ${k.direction}`);
  return frozenBy(orders, `${name.join(',')}${reversed ? ' reversed' : ''}`, make);
}

/**
 * The page's JSON, its size, its last id in the list's order, the total and (by cursor) whether the cursor row
 * is. `rows` are the page's rows (with `page_rn`, their place, beyond `size` for the one read to see if more
 * follow), named as the table so that `item`, `join` and the keys read their columns.
 */
async function readJsonPage(
  db: Db,
  list: JsonPageList,
  rows: SQL,
  size: number,
  byCursor?: { cursor: SQL; found: SQL },
): Promise<PageRow> {
  const order = orderSql(list.keys);
  const onPage = sql`page_rn <= ${literal(size)}`;
  const result = (await db.execute(sql`${byCursor?.cursor ?? sql``} select
      coalesce(json_agg(${list.item} order by ${order}) filter (where ${onPage}), '[]')::text as items,
      count(*)::int as n,
      (array_agg(${list.id}::text order by ${order}) filter (where ${onPage}))[least(count(*), ${literal(size)})] as last,
      ${list.total}::int as total
      ${byCursor ? sql`, ${byCursor.found} as found` : sql``}
    from (${rows}) ${list.id.table} ${list.join ?? sql``}`)) as unknown as { rows: PageRow[] };
  return result.rows[0]!;
}
