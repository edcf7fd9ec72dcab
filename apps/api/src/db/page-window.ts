import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

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
