import { expect } from 'vitest';
import type { JsonPage } from '../db/json-page.js';

/** The ids of a JSON page's items, in its order. */
export const idsOfPage = (page: JsonPage) => (JSON.parse(page.items) as { id: string }[]).map((i) => i.id);

/**
 * Every page of a list read by number and, from the first, by cursor, expecting `expected` (its ids in the list's
 * order) both ways and its length as every page's total.
 */
export async function expectEveryPage(
  read: (at: { page: number; after?: string }) => Promise<JsonPage>,
  size: number,
  expected: readonly string[],
) {
  const byNumber: string[] = [];
  const byCursor: string[] = [];
  let after: string | undefined;
  for (let page = 1; page <= Math.ceil(expected.length / size) + 1; page++) {
    const numbered = await read({ page });
    expect(numbered.total).toBe(expected.length);
    byNumber.push(...idsOfPage(numbered));
    const next = await read({ page: 1, ...(after ? { after } : {}) });
    expect(next.total).toBe(expected.length);
    byCursor.push(...idsOfPage(next));
    if (!next.nextCursor) break;
    after = next.nextCursor;
  }
  expect(byNumber).toEqual(expected);
  expect(byCursor).toEqual(expected);
}
