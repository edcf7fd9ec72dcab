import { and, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type AnyPgTable, PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../http/app-error.js';
import type { Db } from './client.js';
import { frozenBy } from './frozen-sql.js';
import { beyondValues, orderOfKeys, type SortKey } from './keyset.js';
import { pageWindow } from './page-window.js';
import { shapedStatements, slot } from './shaped-statements.js';

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
  /**
   * `item` is text already holding one JSON object (kept written, with a few fields added by concatenation): the
   * page joins the texts as they are, where json_agg would read every object again. A null item is written as
   * `null`, which no call's schema holds: a row is never dropped from a page unseen.
   */
  itemIsText?: boolean;
  /** Joined to each row of the page, e.g. `cross join lateral (…) m`. */
  join?: SQL;
  /**
   * The page's rows read through other indexes in the list's order (the caller's awaited requests; a member's
   * requests gathered from several indexes): the FROM clause, joining the listed table, and the keys of that order
   * over the columns it reads them by, in the same directions. A FROM given as a function is built for what the
   * page reads (a first page, or the page after a cursor): it bounds each index it reads by it; a page by number
   * past the first reads the listed table then. Without a driver, the rows are read off the listed table's order.
   */
  driver?: { from: SQL | ((read: DriverRead) => SQL); keys: readonly SortKey[] };
}

/** What a page reads through a driver: at most `limit` rows of the order, after the cursor row's `position`. */
export interface DriverRead {
  limit: number;
  /** The cursor row's value of each key, when the page follows a cursor. */
  position?: (i: number) => SQL;
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
 * A list's statements, built once per shape (shaped-statements.ts): `build` makes the list from placeholders
 * (`slot`) and constants only, `key` names everything that changes its text (which conditions, which order),
 * `values` fills the placeholders on each call. drizzle's build of a page's statement was about a seventh of a
 * list call's own CPU (issue 17's profile of wallets p.1: ~70 µs of ~530), for the product and its baseline alike.
 */
export interface JsonPageShape {
  key: string;
  build: () => JsonPageList;
  values: Record<string, unknown>;
}

/** The page's own placeholders, apart from the list's. */
const PAGE = { after: slot('page_after'), offset: slot('page_offset') };

/**
 * The page by number, or by cursor when `q.after` is set (the rows after the cursor row in the keys' order, read
 * with one more to tell whether others follow). A malformed cursor, another organization's row and a row the
 * caller may not see all answer the same 4000, echoing nothing. A page by number past the first reads the total
 * first: the window it reads from (the nearer end of the list, page-window.ts) depends on it.
 */
export async function jsonPage(
  db: Db,
  q: { page: number; size: number; after?: string | undefined },
  shape: JsonPageShape,
): Promise<JsonPage> {
  const run = (kind: string, statement: () => SQL, values: Record<string, unknown> = shape.values) =>
    shapedStatements.execute<PageRow>(db, `${shape.key}|${kind}`, statement, values);
  if (q.after !== undefined) {
    const after = z.uuid().safeParse(q.after);
    if (!after.success) throw new AppError('4000', { reason: 'invalid-cursor' });
    const [row] = await run(
      `cursor ${q.size}`,
      () => {
        const list = shape.build();
        const table = list.id.table;
        const position = (i: number) => sql`(select ${sql.identifier(`k${i}`)} from page_cursor)`;
        const read = readOrder(list, { limit: q.size + 1, position });
        const order = orderSql(read.keys);
        // The cursor row, read once: the keys' values where the caller may see it (no row: 4000 below).
        const cursor = sql`with page_cursor as (select ${sql.join(
          list.keys.map((k, i) => sql`${k.key} as ${sql.identifier(`k${i}`)}`),
          sql`, `,
        )} from ${table} where ${and(list.visible, sql`${list.id} = ${PAGE.after}`)})`;
        const rows = sql`select ${table}.*, row_number() over (order by ${order}) as page_rn from ${read.from}
          where ${and(list.where, beyondValues(read.keys, position))} order by ${order} limit ${literal(q.size + 1)}`;
        return pageStatement(list, rows, q.size, { found: sql`exists (select 1 from page_cursor)`, cursor });
      },
      { ...shape.values, page_after: after.data },
    );
    if (!row!.found) throw new AppError('4000', { reason: 'invalid-cursor' });
    const more = row!.n > q.size;
    return { items: row!.items, total: row!.total, nextCursor: more ? row!.last : null };
  }
  const total =
    q.page === 1 ? 0 : ((await run('total', () => sql`select ${shape.build().total}::int as total`))[0]?.total ?? 0);
  const w = pageWindow(q.page, q.size, total);
  // The first page straight from the order's index; a later one by its ids first (an index-only scan skips the
  // offset without reading the rows, from the nearer end of the list), then those rows.
  const first = w.offset === 0 && !w.reversed;
  const [row] = await run(
    `${first ? 'first' : w.reversed ? 'window reversed' : 'window'} ${w.limit} ${q.size}`,
    () => {
      const list = shape.build();
      const table = list.id.table;
      const read = readOrder(list, first ? { limit: w.limit } : undefined);
      const rows = first
        ? sql`select ${table}.*, 1 as page_rn from ${read.from} where ${list.where} order by ${orderSql(read.keys)} limit ${literal(w.limit)}`
        : sql`select *, 1 as page_rn from ${table} where ${list.id} in (select ${list.id} from ${read.from}
          where ${list.where} order by ${orderSql(read.keys, w.reversed)} limit ${literal(w.limit)} offset ${PAGE.offset})`;
      return pageStatement(list, rows, q.size);
    },
    { ...shape.values, page_offset: w.offset },
  );
  // As pageCursor: the page's last row while rows follow it.
  const more = (q.page - 1) * q.size + row!.n < row!.total;
  return { items: row!.items, total: row!.total, nextCursor: more ? row!.last : null };
}

/**
 * Where the page's rows are read from and in which keys: the list's driver, or its table in its own keys (also
 * for a driver built per read when the page is read by number past the first: `read` is then undefined).
 */
function readOrder(
  list: JsonPageList,
  read: DriverRead | undefined,
): { from: SQL | AnyPgTable; keys: readonly SortKey[] } {
  const driver = list.driver;
  if (!driver) return { from: list.id.table, keys: list.keys };
  if (typeof driver.from !== 'function') return { from: driver.from, keys: driver.keys };
  return read ? { from: driver.from(read), keys: driver.keys } : { from: list.id.table, keys: list.keys };
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
 * The statement answering the page's JSON, its size, its last id in the list's order, the total and (by cursor)
 * whether the cursor row is. `rows` are the page's rows (with `page_rn`, their place, beyond `size` for the one
 * read to see if more follow), named as the table so that `item`, `join` and the keys read their columns.
 */
function pageStatement(list: JsonPageList, rows: SQL, size: number, byCursor?: { cursor: SQL; found: SQL }): SQL {
  const order = orderSql(list.keys);
  const onPage = sql`page_rn <= ${literal(size)}`;
  return sql`${byCursor?.cursor ?? sql``} select
      ${
        list.itemIsText
          ? sql`'[' || coalesce(string_agg(coalesce(${list.item}, 'null'), ',' order by ${order}) filter (where ${onPage}), '') || ']'`
          : sql`coalesce(json_agg(${list.item} order by ${order}) filter (where ${onPage}), '[]')::text`
      } as items,
      count(*)::int as n,
      (array_agg(${list.id}::text order by ${order}) filter (where ${onPage}))[least(count(*), ${literal(size)})] as last,
      ${list.total}::int as total
      ${byCursor ? sql`, ${byCursor.found} as found` : sql``}
    from (${rows}) ${list.id.table} ${list.join ?? sql``}`;
}
