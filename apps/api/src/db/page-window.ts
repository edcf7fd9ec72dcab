import { type AnyColumn, asc, desc, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Where to read one page of an ordered list of `total` rows. */
export interface PageWindow {
  offset: number;
  limit: number;
  /** Read in the opposite order from the far end, then reverse the rows. */
  reversed: boolean;
}

/**
 * OFFSET costs as many index entries as it skips, so a page in the second half of a list is read from the
 * other end in the opposite order: the deepest pages cost what the first ones do, the middle one the most.
 * The rows and their order are the same either way (the order must end with a unique column).
 */
export function pageWindow(page: number, size: number, total: number): PageWindow {
  const offset = (page - 1) * size;
  if (offset >= total) return { offset, limit: size, reversed: false };
  const limit = Math.min(size, total - offset);
  const fromEnd = total - offset - limit;
  return fromEnd < offset ? { offset: fromEnd, limit, reversed: true } : { offset, limit, reversed: false };
}

/** `column direction`, flipped when the window reads the list from its far end. */
export function orderIn(w: PageWindow) {
  return (column: AnyColumn, direction: 'ASC' | 'DESC'): SQL =>
    (direction === 'ASC') !== w.reversed ? asc(column) : desc(column);
}

/** The order of a list (ending with a unique column), given how to order one column in the window's direction. */
export type ListOrder = (by: ReturnType<typeof orderIn>) => SQL[];

/**
 * One page of a long list in two steps: the page's ids from the index alone (an index-only scan skips the
 * offset without visiting the table, from the nearer end of the list), then `rows` reads only those rows
 * (`pageIds` is the `id in (…)` condition) in the list's own order.
 */
export function readPage<R>(
  db: Db,
  q: {
    id: AnyPgColumn;
    where: SQL | undefined;
    order: ListOrder;
    page: number;
    size: number;
    total: number;
    rows: (pageIds: SQL, order: SQL[]) => Promise<R[]>;
  },
): Promise<R[]> {
  const w = pageWindow(q.page, q.size, q.total);
  const ids = db
    .select({ id: q.id })
    .from(q.id.table)
    .where(q.where)
    .orderBy(...q.order(orderIn(w)))
    .limit(w.limit)
    .offset(w.offset);
  return q.rows(inArray(q.id, ids), q.order(orderIn({ ...w, reversed: false })));
}
