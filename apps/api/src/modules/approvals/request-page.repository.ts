import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { beyondValues, orderOfKeys, pageCursor, type SortKey } from '../../db/keyset.js';
import { listTotalSql, requestTypeCountSql, requestTypeLists } from '../../db/list-counts.js';
import { pageWindow } from '../../db/page-window.js';
import { requestDecisions, requests } from '../../db/schema/index.js';
import { shapedStatements, slot } from '../../db/shaped-statements.js';
import { AppError } from '../../http/app-error.js';
import { requestScopeCondition } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';
import type { RequestListQuery, RequestRow } from './approvals.repository.js';

/** The customer-facing status groups of section 4 onto the engine's states. */
const CUSTOMER_STATUS: Record<string, RequestRow['status'][]> = {
  CREATED: ['CREATED', 'APPROVED', 'REJECTED', 'CANCELED'],
  EXECUTING: ['EXECUTING'],
  COMPLETE: ['COMPLETE'],
  FAILED: ['FAILED'],
};

/** Requests whose current step names `member` and who has not decided yet. */
export const pendingFor = (member: unknown) =>
  sql`${requests.status} = 'CREATED' and exists (
    select 1 from jsonb_array_elements(${requests.steps}) with ordinality as s(step, n)
    where s.step->>'status' = 'PENDING'
      and s.n = (select min(p.n) from jsonb_array_elements(${requests.steps}) with ordinality as p(step, n) where p.step->>'status' = 'PENDING')
      and s.step->'eligible' ? ${member})
    and not exists (select 1 from ${requestDecisions} d where d.request_id = ${requests.id} and d.account_id = ${member})`;

/** The placeholders of the list's statements; a call's values fill them by name. */
const P = {
  org: slot('org'),
  member: slot('member'),
  scope: slot('scope'),
  types: slot('types'),
  lists: slot('lists'),
  statuses: slot('statuses'),
  walletId: slot('walletId'),
  initiatorId: slot('initiatorId'),
  from: slot('from'),
  to: slot('to'),
  limit: slot('limit'),
  offset: slot('offset'),
  after: slot('after'),
};

/** What changes the statements' text: which conditions, which order. Values go through `P`. */
interface Shape {
  scoped: boolean;
  tab: string;
  type: boolean;
  status: boolean;
  walletId: boolean;
  initiatorId: boolean;
  from: boolean;
  to: boolean;
  sort: RequestListQuery['sort'];
}

const keyOf = (s: Shape) =>
  [
    s.scoped ? 'scoped' : 'all',
    s.tab,
    s.type ? 'type' : '',
    s.status ? 'status' : '',
    s.walletId ? 'wallet' : '',
    s.initiatorId ? 'initiator' : '',
    s.from ? 'from' : '',
    s.to ? 'to' : '',
    s.sort.map((k) => `${k.field} ${k.direction}`).join(','),
  ].join('|');

const COLUMNS = getTableColumns(requests);
const SORTED: Record<Shape['sort'][number]['field'], AnyPgColumn> = {
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};

/** The list's conditions, its total as one expression and its order's keys, built from placeholders. */
function statementParts(db: Db, s: Shape) {
  const visible = and(eq(requests.organizationId, P.org), s.scoped ? requestScopeCondition(db, P.scope) : undefined);
  const filters: SQL[] = [];
  if (s.tab === 'PENDING_MY_APPROVAL') filters.push(pendingFor(P.member));
  if (s.tab === 'MY_APPROVAL_HISTORY') {
    filters.push(
      sql`exists (select 1 from ${requestDecisions} d where d.request_id = ${requests.id} and d.account_id = ${P.member})`,
    );
  }
  if (s.tab === 'MY_REQUESTS') filters.push(eq(requests.initiatorId, P.member));
  if (s.type) filters.push(sql`${requests.type} = any(${P.types})`);
  if (s.status) filters.push(sql`${requests.status} = any(${P.statuses})`);
  if (s.walletId) filters.push(eq(requests.walletId, P.walletId));
  if (s.initiatorId) filters.push(eq(requests.initiatorId, P.initiatorId));
  if (s.from) filters.push(sql`${requests.createdAt} >= ${P.from}::timestamptz`);
  if (s.to) filters.push(sql`${requests.createdAt} <= ${P.to}::timestamptz`);
  const where = and(visible, ...filters);
  // Unfiltered: the kept count (migration 0006); filtered by type alone (the withdrawals screen): the kept count
  // per type (0027); otherwise a count over the conditions.
  const unfiltered = !s.scoped && filters.length === 0;
  const total =
    !s.scoped && filters.length === 1 && s.type
      ? requestTypeCountSql(P.org, P.lists)
      : listTotalSql(requests, where, unfiltered ? { organizationId: P.org, list: 'requests' } : null);
  const sort = s.sort.length ? s.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
  const keys: SortKey[] = [
    ...sort.map((k) => ({ key: SORTED[k.field], direction: k.direction })),
    { key: requests.id, direction: 'ASC' },
  ];
  const order = (reversed = false) => orderOfKeys(keys, reversed);
  const read = (condition: SQL | undefined, from = db) =>
    from
      .select({ ...COLUMNS, listTotal: sql<number>`${total}::int` })
      .from(requests)
      .where(condition)
      .orderBy(...order());
  return { visible, where, total, keys, order, read };
}

type PageRow = RequestRow & { listTotal: number };

/**
 * A page of an organization's requests (the approvals and withdrawals screens), by number or by cursor (`after`).
 * Each statement is built once per shape (shaped-statements.ts) and run with the call's values; a first page and
 * a page by cursor take one statement with the total read in it.
 */
export async function requestPage(
  db: Db,
  organizationId: string,
  memberId: string,
  scope: WalletScope,
  q: RequestListQuery,
): Promise<{ rows: RequestRow[]; total: number; nextCursor: string | null }> {
  const f = q.filters ?? {};
  const statuses = f.status?.flatMap((s) => CUSTOMER_STATUS[s] ?? []) ?? [];
  const shape: Shape = {
    scoped: scope !== null,
    tab: f.tab ?? '',
    type: Boolean(f.type?.length),
    status: statuses.length > 0,
    walletId: Boolean(f.walletId),
    initiatorId: Boolean(f.initiatorId),
    from: Boolean(f.from),
    to: Boolean(f.to),
    sort: q.sort,
  };
  const key = keyOf(shape);
  const values: Record<string, unknown> = {
    org: organizationId,
    member: memberId,
    scope,
    types: f.type ?? [],
    lists: requestTypeLists(f.type ?? []),
    statuses,
    walletId: f.walletId,
    initiatorId: f.initiatorId,
    // As an instant in UTC: a bare date is midnight UTC, as `new Date` reads it, whatever the session's time zone.
    from: f.from ? new Date(f.from).toISOString() : undefined,
    to: f.to ? new Date(f.to).toISOString() : undefined,
  };
  const totalOf = async () => {
    const [row] = await shapedStatements.execute<{ total: number }>(
      db,
      `requests total:${key}`,
      () => sql`select ${statementParts(db, shape).total}::int as total`,
      values,
    );
    return row?.total ?? 0;
  };
  const strip = (rows: PageRow[]): RequestRow[] => rows.map(({ listTotal: _, ...row }) => row);

  if (q.after !== undefined) {
    const after = z.uuid().safeParse(q.after);
    if (!after.success) throw new AppError('4000', { reason: 'invalid-cursor' });
    const read = await shapedStatements.select<PageRow>(
      db,
      `requests cursor:${key}`,
      () => {
        const parts = statementParts(db, shape);
        // The cursor row's keys, read in the same statement (its exact microseconds, not a JS Date's), where the
        // caller may see it: the list's visibility, not its filters, so a row that left a filtered list since
        // still carries on from where it was.
        const cursor = db.$with('page_cursor').as(
          db
            .select(Object.fromEntries(parts.keys.map((k, i) => [`k${i}`, sql`${k.key}`.as(`k${i}`)])))
            .from(requests)
            .where(and(parts.visible, eq(requests.id, P.after))),
        );
        const beyond = beyondValues(parts.keys, (i) => sql`(select ${sql.identifier(`k${i}`)} from ${cursor})`);
        return parts
          .read(and(parts.where, beyond), db.with(cursor) as unknown as Db)
          .limit(P.limit)
          .$dynamic();
      },
      { ...values, after: after.data, limit: q.size + 1 },
    );
    if (read.length === 0) {
      // Nothing after it, or no such row for this caller: a malformed, foreign or hidden cursor answers 4000.
      const [found] = await shapedStatements.execute<{ found: boolean }>(
        db,
        `requests cursor row:${key}`,
        () =>
          sql`select exists (select 1 from ${requests} where ${and(statementParts(db, shape).visible, eq(requests.id, P.after))}) as found`,
        { ...values, after: after.data },
      );
      if (!found?.found) throw new AppError('4000', { reason: 'invalid-cursor' });
      return { rows: [], total: await totalOf(), nextCursor: null };
    }
    const rows = strip(read.slice(0, q.size));
    return { rows, total: read[0]!.listTotal, nextCursor: read.length > q.size ? (rows.at(-1)?.id ?? null) : null };
  }

  if (q.page === 1) {
    const read = await shapedStatements.select<PageRow>(
      db,
      `requests first:${key}`,
      () => {
        const parts = statementParts(db, shape);
        return parts.read(parts.where).limit(P.limit).$dynamic();
      },
      { ...values, limit: q.size },
    );
    const total = read[0]?.listTotal ?? (await totalOf());
    const rows = strip(read);
    return { rows, total, nextCursor: pageCursor(rows, { ...q, total }) };
  }

  // A later page by number: the total first (the window it reads from depends on it, page-window.ts), then the
  // page's ids from the index alone from the nearer end of the list, then those rows in the list's order.
  const total = await totalOf();
  const w = pageWindow(q.page, q.size, total);
  const read = await shapedStatements.select<PageRow>(
    db,
    `requests page${w.reversed ? ' reversed' : ''}:${key}`,
    () => {
      const parts = statementParts(db, shape);
      const ids = db
        .select({ id: requests.id })
        .from(requests)
        .where(parts.where)
        .orderBy(...parts.order(w.reversed))
        .limit(P.limit)
        .offset(P.offset);
      return parts.read(inArray(requests.id, ids)).$dynamic();
    },
    { ...values, limit: w.limit, offset: w.offset },
  );
  const rows = strip(read);
  return { rows, total, nextCursor: pageCursor(rows, { ...q, total }) };
}
