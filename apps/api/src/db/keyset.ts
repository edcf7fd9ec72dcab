import { and, asc, desc, eq, is, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../http/app-error.js';
import type { Db } from './client.js';

/**
 * One key of a list's order. The keys of an order end with the table's id (unique), and every key is NOT NULL:
 * the comparisons below treat no NULL.
 */
export interface SortKey {
  key: AnyPgColumn | SQL;
  direction: 'ASC' | 'DESC';
  /** The PostgreSQL type the cursor row's value is read back as: a column's own type unless given. */
  type?: string;
}

/** The ORDER BY of the keys; `reversed` flips each direction, to read a window from the list's far end. */
export const orderOfKeys = (keys: readonly SortKey[], reversed = false): SQL[] =>
  keys.map((k) => ((k.direction === 'ASC') !== reversed ? asc(k.key) : desc(k.key)));

const typeOf = (k: SortKey) => k.type ?? (is(k.key, PgColumn) ? k.key.getSQLType() : 'text');

/**
 * Where a row sits in the order: each key's value as PostgreSQL's text (a timestamptz keeps its microseconds, which
 * a JS Date would round to milliseconds and so skip rows), read back as its own type by `beyond`.
 */
export type CursorPosition = string[];

/**
 * Rows after `position` in the keys' order: the first key beyond it, or equal and the next beyond, and so on to
 * the id. The first key's bound (≥ or ≤) is also stated on its own: a range the index of the order scans, however
 * the directions mix (`created_at desc, id asc` is no row comparison).
 */
export function beyond(keys: readonly SortKey[], position: CursorPosition): SQL {
  return beyondValues(keys, (i) => sql`${position[i]}::${sql.raw(typeOf(keys[i]!))}`);
}

/** `beyond` with each key's cursor value given as SQL (a literal, or a subquery reading the cursor row). */
export function beyondValues(keys: readonly SortKey[], value: (i: number) => SQL): SQL {
  let rest: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const { key, direction } = keys[i]!;
    const past = direction === 'ASC' ? sql`${key} > ${value(i)}` : sql`${key} < ${value(i)}`;
    rest = rest ? sql`(${past} or (${key} = ${value(i)} and ${rest}))` : past;
  }
  const first = keys[0]!;
  const bound = first.direction === 'ASC' ? sql`${first.key} >= ${value(0)}` : sql`${first.key} <= ${value(0)}`;
  return sql`(${bound} and ${rest})`;
}

/**
 * Where the cursor row sits, if the caller may see it (`visible`: the list's visibility, not its filters, so a
 * row that left a filtered list since still carries on from where it was). A malformed id, another
 * organization's row and one the caller may not see all answer the same 4000, echoing nothing.
 */
export async function cursorPosition(
  db: Db,
  q: { id: AnyPgColumn; visible: SQL | undefined; keys: readonly SortKey[]; after: string },
): Promise<CursorPosition> {
  const id = z.uuid().safeParse(q.after);
  const fields = Object.fromEntries(q.keys.map((k, i) => [`k${i}`, sql<string>`(${k.key})::text`]));
  const [row] = id.success
    ? await db
        .select(fields)
        .from(q.id.table)
        .where(and(q.visible, eq(q.id, id.data)))
    : [];
  if (!row) throw new AppError('4000', { reason: 'invalid-cursor' });
  return q.keys.map((_, i) => row[`k${i}`] as string);
}

/** The cursor of a page read by number: its last row's id while rows follow it. */
export function pageCursor(rows: readonly { id: string }[], page: { page: number; size: number; total: number }) {
  const more = (page.page - 1) * page.size + rows.length < page.total;
  return more ? (rows.at(-1)?.id ?? null) : null;
}

/**
 * A page by cursor (`q.after`) or, without one, by number. By cursor: the `size` rows beyond the cursor row in the
 * keys' order, read with one more to tell whether others follow. By number: `byPage` when the list reads its pages
 * its own way, else `rows` with OFFSET. `rows` gets the condition (the filters, and the keyset by cursor), the
 * order, the limit and the offset.
 */
export async function keysetOrPage<R extends { id: string }>(
  db: Db,
  q: { page: number; size: number; after?: string | undefined },
  list: {
    id: AnyPgColumn;
    visible: SQL | undefined;
    where: SQL | undefined;
    keys: readonly SortKey[];
    total: number;
    rows: (where: SQL | undefined, order: SQL[], limit: number, offset: number) => Promise<R[]>;
    byPage?: () => Promise<R[]>;
  },
): Promise<{ rows: R[]; nextCursor: string | null }> {
  const order = orderOfKeys(list.keys);
  if (q.after === undefined) {
    const rows = await (list.byPage?.() ?? list.rows(list.where, order, q.size, (q.page - 1) * q.size));
    return { rows, nextCursor: pageCursor(rows, { ...q, total: list.total }) };
  }
  const position = await cursorPosition(db, { ...list, after: q.after });
  const read = await list.rows(and(list.where, beyond(list.keys, position)), order, q.size + 1, 0);
  const rows = read.slice(0, q.size);
  return { rows, nextCursor: read.length > q.size ? (rows.at(-1)?.id ?? null) : null };
}
