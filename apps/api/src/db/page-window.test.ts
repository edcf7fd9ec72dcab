import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window.js';

/** The page as a plain OFFSET would give it, and as the window gives it. */
function pageOf(rows: number[], page: number, size: number) {
  const w = pageWindow(page, size, rows.length);
  const ordered = w.reversed ? [...rows].reverse() : rows;
  const picked = ordered.slice(w.offset, w.offset + w.limit);
  return w.reversed ? picked.reverse() : picked;
}

describe('pageWindow', () => {
  it('gives every page exactly the rows OFFSET would, whichever end it reads from', () => {
    for (const total of [0, 1, 19, 20, 21, 99, 100, 101]) {
      const rows = Array.from({ length: total }, (_, i) => i);
      for (const size of [1, 7, 20]) {
        for (let page = 1; page <= Math.ceil(total / size) + 2; page++) {
          expect(pageOf(rows, page, size)).toEqual(rows.slice((page - 1) * size, page * size));
        }
      }
    }
  });

  it('reads the second half of the list from its end', () => {
    expect(pageWindow(1, 20, 1_000_000)).toEqual({ offset: 0, limit: 20, reversed: false });
    expect(pageWindow(40_000, 20, 1_000_000)).toEqual({ offset: 200_000, limit: 20, reversed: true });
    expect(pageWindow(50_000, 20, 1_000_000)).toEqual({ offset: 0, limit: 20, reversed: true });
    expect(pageWindow(50_001, 20, 1_000_000)).toEqual({ offset: 1_000_000, limit: 20, reversed: false });
  });
});
