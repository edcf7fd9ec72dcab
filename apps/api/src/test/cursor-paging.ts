import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { TestBrowser } from './browser.js';

/** What every cursor-paged list answers around its items. */
export type CursorPage = { items: { id: string }[]; nextCursor: string | null; total: number; page: number };

/**
 * Checks on one list call that takes `after`: the same rows by cursor as by page number, the refusals of a cursor
 * the caller may not use, and a helper giving rows the same instant (ties the id must break).
 */
export function cursorPaging(where: string | (() => string)) {
  const path = () => (typeof where === 'string' ? where : where());
  async function read(browser: TestBrowser, body: Record<string, unknown>) {
    const res = await browser.post(path(), body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CursorPage;
  }

  /** Every row, first page by number and then by each answer's nextCursor until it is null. */
  async function walk(browser: TestBrowser, body: Record<string, unknown>) {
    const ids: string[] = [];
    let res = await read(browser, body);
    for (;;) {
      ids.push(...res.items.map((i) => i.id));
      if (res.nextCursor === null) return ids;
      expect(res.nextCursor).toBe(res.items.at(-1)!.id);
      // `page` is ignored with a cursor: an absurd one proves it.
      res = await read(browser, { ...body, page: 999, after: res.nextCursor });
    }
  }

  /** Every row by page numbers 1..N, until an empty page. */
  async function pages(browser: TestBrowser, body: Record<string, unknown>) {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const res = await read(browser, { ...body, page });
      if (res.items.length === 0) return ids;
      ids.push(...res.items.map((i) => i.id));
    }
  }

  return {
    path,
    read,
    walk,
    pages,

    /** Walking by cursor gives the rows of pages 1..N, once each, in their order; returns them. */
    async sameRows(browser: TestBrowser, body: Record<string, unknown>, expected?: number) {
      const byPages = await pages(browser, body);
      if (expected !== undefined) expect(byPages).toHaveLength(expected);
      const byCursor = await walk(browser, body);
      expect(byCursor).toEqual(byPages);
      expect(new Set(byCursor).size).toBe(byCursor.length);
      return byCursor;
    },

    /** 400 with code 4000 and no rows, the cursor never echoed. */
    async refused(browser: TestBrowser, after: string, body: Record<string, unknown> = {}) {
      const res = await browser.post(path(), { ...body, after });
      expect(res.statusCode, after).toBe(400);
      expect(res.json().code).toBe('4000');
      expect(res.json()).not.toHaveProperty('items');
      if (after.length > 0) expect(res.body).not.toContain(after);
    },
  };
}

/** What the checks every cursor list shares need, once the test's rows are made. */
export interface CursorListScene {
  app: FastifyInstance;
  /** A caller who sees all `total` rows of the unfiltered list. */
  browser: TestBrowser;
  total: number;
  /** The orders to walk, as 'field DIRECTION, …' ('' is the call's default order). */
  sorts: string[];
  /** Some row of the list. */
  rowId: string;
}

/**
 * The checks every cursor list shares, as tests of the calling file: walking by cursor gives the rows of pages 1..N
 * in each order and size, the last answer has no cursor, malformed cursors are refused and a caller without a
 * session is not answered.
 */
export function sharedCursorChecks(list: ReturnType<typeof cursorPaging>, scene: () => CursorListScene) {
  it('walks every row once, in the order of pages 1..N, for each sort and size', async () => {
    const { browser, sorts, total } = scene();
    for (const order of sorts) {
      const sort = order ? order.split(', ').map((o) => ({ field: o.split(' ')[0], direction: o.split(' ')[1] })) : [];
      for (const size of [1, 3, 20]) await list.sameRows(browser, { size, sort }, total);
    }
  });

  it('ends with a null cursor, and a cursor page holds what follows', async () => {
    const { browser, total } = scene();
    expect((await list.read(browser, { size: total })).nextCursor).toBeNull();
    const first = await list.read(browser, { size: total - 1 });
    expect(first.nextCursor).toBe(first.items.at(-1)!.id);
    const end = await list.read(browser, { size: total - 1, after: first.nextCursor });
    expect(end).toMatchObject({ total, nextCursor: null });
    expect(end.items).toHaveLength(1);
  });

  it('refuses a malformed cursor without echoing it, and answers no caller without a session', async () => {
    const { app, browser, rowId } = scene();
    for (const after of BAD_CURSORS) await list.refused(browser, after);
    const anonymous = await new TestBrowser(app).post(list.path(), { after: rowId });
    expect(anonymous.statusCode).toBe(401);
  });
}

/** Malformed cursors: not uuids, an unknown uuid, and one over the contract's length. */
export const BAD_CURSORS = ['nope', '', '00000000-0000-4000-8000-000000000000', 'x'.repeat(200), 'x'.repeat(201)];

/**
 * Gives rows one created_at: the first `ties` at the same instant, the rest a few microseconds apart, which a
 * millisecond cursor would merge.
 */
export async function sameInstant(db: Db, table: PgTable, id: AnyPgColumn, ids: string[], ties: number) {
  const at = '2026-03-02T00:00:00Z';
  for (const [i, rowId] of ids.entries()) {
    const micro = i < ties ? 0 : i - ties + 1;
    await db.execute(
      sql`update ${table} set created_at = ${at}::timestamptz + interval '1 microsecond' * ${micro}::int where ${id} = ${rowId}`,
    );
  }
}

/**
 * A copy of a row under a new id, with `values` (database column names) changed: rows made in bulk without going
 * through the calls (a wallet needs its creation request, made the engine's way only once).
 */
export async function cloneRow(db: Db, table: PgTable, sourceId: string, values: Record<string, unknown>) {
  const id = randomUUID();
  const changes = JSON.stringify({ ...values, id });
  await db.execute(
    sql`insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(s) || ${changes}::jsonb)).* from ${table} s where s.id = ${sourceId}`,
  );
  return id;
}
