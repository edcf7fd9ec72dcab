import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type DriverRead, type JsonPage, type JsonPageList, jsonPage } from '../../db/json-page.js';
import type { SortKey } from '../../db/keyset.js';
import { listTotalSql, requestTypeCountSql, requestTypeLists } from '../../db/list-counts.js';
import { requestAwaited, requestDecisions, requests } from '../../db/schema/index.js';
import { shapedStatements, slot } from '../../db/shaped-statements.js';
import { requestScopeCandidates, requestScopeCondition, scopeWalletCount } from '../access/visibility.repository.js';
import type { WalletScope } from '../access/wallet.policy.js';
import type { RequestListQuery, RequestRow } from './approvals.repository.js';
import { REQUEST_ITEM, REQUEST_JOIN, type RequestViewValues } from './request-list-item.js';

/** The customer-facing status groups of section 4 onto the engine's states. */
const CUSTOMER_STATUS: Record<string, RequestRow['status'][]> = {
  CREATED: ['CREATED', 'APPROVED', 'REJECTED', 'CANCELED'],
  EXECUTING: ['EXECUTING'],
  COMPLETE: ['COMPLETE'],
  FAILED: ['FAILED'],
};

/**
 * Requests whose current step names `member` and who has not decided yet: who is awaited, as the kept view holds
 * it (request_awaited, rewritten with the view at the commit of every decision and step change; migrations 0041
 * and 0042), read by the member's key rather than worked out again from every open request's steps and decisions.
 */
export const pendingFor = (organizationId: unknown, member: unknown) =>
  sql`${requests.id} in (select aw.request_id from request_awaited aw
    where aw.organization_id = ${organizationId} and aw.account_id = ${member}::text)`;

/** How many requests await `member`: the sum of their few kept additions (request_awaited_counts, migration 0044). */
export const pendingCountSql = (organizationId: unknown, member: unknown) =>
  sql`(select coalesce(sum(c.n), 0) from request_awaited_counts c where c.organization_id = ${organizationId}
    and c.account_id = ${member}::text)`;

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
};

/** What changes the statements' text: which conditions, which order. Values go through `P`. */
interface Shape {
  scoped: boolean;
  /** Scoped, and the member's requests gathered from their own indexes (scopedDriver) rather than walked. */
  gathered: boolean;
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
    s.scoped ? (s.gathered ? 'gathered' : 'scoped') : 'all',
    s.tab,
    s.type ? 'type' : '',
    s.status ? 'status' : '',
    s.walletId ? 'wallet' : '',
    s.initiatorId ? 'initiator' : '',
    s.from ? 'from' : '',
    s.to ? 'to' : '',
    s.sort.map((k) => `${k.field} ${k.direction}`).join(','),
  ].join('|');

const SORTED: Record<Shape['sort'][number]['field'], AnyPgColumn> = {
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};

/** The direction of an order by creation time alone (the default), the one order the drivers below read in. */
function byCreation(sort: Shape['sort']): 'ASC' | 'DESC' | undefined {
  const [first, ...rest] = sort.length ? sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
  return first?.field === 'createdAt' && rest.length === 0 ? first.direction : undefined;
}

/**
 * "Pending my approval" read off the member's awaited rows (their index holds each request's created_at, migration
 * 0046): 20 entries for a page at any depth, where walking the organization's requests and probing each cost every
 * request between the member's.
 */
function pendingDriver(direction: 'ASC' | 'DESC'): NonNullable<JsonPageList['driver']> {
  return {
    from: sql`${requestAwaited} join ${requests} on ${requests.id} = ${requestAwaited.requestId}
      and ${requestAwaited.organizationId} = ${P.org} and ${requestAwaited.accountId} = ${P.member}::text`,
    keys: [
      { key: requestAwaited.createdAt, direction },
      { key: requestAwaited.requestId, direction: 'ASC' },
    ],
  };
}

/**
 * A member without WALLETS_VIEW: the requests they see gathered from indexes of their own (the requests naming them
 * and their wallets', access/visibility.repository.ts), each read as far as the page needs, where the list walked
 * the organization's requests and tested each one's line (120 ms a page for a member who sees none of 100,000).
 */
function scopedDriver(filters: SQL | undefined, direction: 'ASC' | 'DESC') {
  const candidates = (read: Partial<DriverRead>) =>
    requestScopeCandidates({ org: P.org, scope: P.scope, filters, direction, read });
  const driver: NonNullable<JsonPageList['driver']> = {
    from: (read) => sql`(${candidates(read)}) page_candidates join ${requests} on ${requests.id} = page_candidates.id`,
    keys: [
      { key: sql`page_candidates.created_at`, direction, type: 'timestamptz' },
      { key: sql`page_candidates.id`, direction: 'ASC', type: 'uuid' },
    ],
  };
  // Every request the member sees under the filters, once each: as many as they see, not as the organization holds.
  return { driver, total: sql`(select count(*) from (${candidates({})}) page_candidates)` };
}

/** The list of one shape, from placeholders (json-page.ts builds it once per shape): conditions, total, order, view. */
function requestList(db: Db, s: Shape): JsonPageList {
  const visible = and(eq(requests.organizationId, P.org), s.scoped ? requestScopeCondition(db, P.scope) : undefined);
  const filters: SQL[] = [];
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
  const pending = s.tab === 'PENDING_MY_APPROVAL';
  // Pending the caller's approval: every row comes through the driver, which holds that condition (without one, the
  // condition is a filter); its total counts what the driver reads under the other conditions, or, when it is the
  // only condition, the caller's kept count (migration 0044).
  const direction = byCreation(s.sort);
  const where = and(visible, ...filters, pending && !direction ? pendingFor(P.org, P.member) : undefined);
  let driver: JsonPageList['driver'];
  let total: SQL;
  if (pending && direction) {
    driver = pendingDriver(direction);
    total =
      !s.scoped && filters.length === 0
        ? pendingCountSql(P.org, P.member)
        : sql`(select count(*) from ${driver.from as SQL} where ${where})`;
  } else if (s.gathered && direction) {
    ({ driver, total } = scopedDriver(and(...filters), direction));
  } else {
    // Unfiltered: the kept count (migration 0006); filtered by type alone (the withdrawals screen): the kept count
    // per type (0027); otherwise a count over the conditions.
    const alone = !s.scoped && filters.length === 1 && !pending;
    total =
      alone && s.type
        ? requestTypeCountSql(P.org, P.lists)
        : !s.scoped && pending && filters.length === 0
          ? pendingCountSql(P.org, P.member)
          : listTotalSql(requests, where, !s.scoped && !pending && filters.length === 0 ? WHOLE : null);
  }
  const sort = s.sort.length ? s.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
  const keys: SortKey[] = [
    ...sort.map((k) => ({ key: SORTED[k.field], direction: k.direction })),
    { key: requests.id, direction: 'ASC' },
  ];
  return {
    id: requests.id,
    visible,
    where,
    keys,
    total,
    item: REQUEST_ITEM,
    itemIsText: true,
    join: REQUEST_JOIN,
    driver,
  };
}

/**
 * Up to how many wallets a member's requests are gathered wallet by wallet (a read of each wallet's newest), beyond
 * which the organization's requests are walked and tested: bench database, 100,000 requests over 10,000 wallets, a
 * page and its total: a member of one wallet 2.8 ms gathered against 120 ms walked, of 100 wallets 12 ms, of all
 * 10,000 700 ms gathered (every wallet read, 200,000 candidates sorted) where the walk finds 20 at once.
 */
export const GATHERED_WALLETS = 200;

/** The whole list's kept count (migration 0006). */
const WHOLE = { organizationId: P.org, list: 'requests' as const };

/**
 * A page of the request views `memberId` may see within `scope` (the approvals and withdrawals screens), by number
 * or by cursor (`after`), as JSON PostgreSQL writes in one statement (json-page.ts, request-list-item.ts).
 */
export async function requestPage(
  db: Db,
  organizationId: string,
  memberId: string,
  scope: WalletScope,
  q: RequestListQuery,
  view: RequestViewValues,
): Promise<JsonPage> {
  const f = q.filters ?? {};
  const statuses = f.status?.flatMap((s) => CUSTOMER_STATUS[s] ?? []) ?? [];
  // Only a list the scoped driver can read (not the pending tab, ordered by creation) asks how many wallets.
  const gatherable = scope !== null && f.tab !== 'PENDING_MY_APPROVAL' && byCreation(q.sort) !== undefined;
  const gathered =
    gatherable && (await scopeWalletCount(db, organizationId, scope, GATHERED_WALLETS)) <= GATHERED_WALLETS;
  const shape: Shape = {
    scoped: scope !== null,
    gathered,
    tab: f.tab ?? '',
    type: Boolean(f.type?.length),
    status: statuses.length > 0,
    walletId: Boolean(f.walletId),
    initiatorId: Boolean(f.initiatorId),
    from: Boolean(f.from),
    to: Boolean(f.to),
    sort: q.sort,
  };
  return jsonPage(db, q, {
    key: `requests:${keyOf(shape)}`,
    build: () => requestList(db, shape),
    values: {
      ...view,
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
    },
  });
}

/**
 * One request's view as `memberId` sees it, the list's own item (request-list-item.ts): every answer holding a
 * request is written by one builder. `undefined`: no such request in the organization; `null`: it has no kept view
 * (never after the commit that wrote it, when its view is written).
 */
export async function requestItem(
  db: Db,
  organizationId: string,
  memberId: string,
  requestId: string,
  view: RequestViewValues,
): Promise<string | null | undefined> {
  const [row] = await shapedStatements.execute<{ item: string | null }>(
    db,
    'request item',
    () => sql`select ${REQUEST_ITEM} as item from requests ${REQUEST_JOIN}
      where requests.organization_id = ${P.org} and requests.id = ${slot('id')}`,
    { ...view, org: organizationId, member: memberId, id: requestId },
  );
  return row?.item;
}
