import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type JsonPage, type JsonPageList, jsonPage } from '../../db/json-page.js';
import type { SortKey } from '../../db/keyset.js';
import { listTotalSql, requestTypeCountSql, requestTypeLists } from '../../db/list-counts.js';
import { requestDecisions, requests } from '../../db/schema/index.js';
import { slot } from '../../db/shaped-statements.js';
import { requestScopeCondition } from '../access/visibility.repository.js';
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

const SORTED: Record<Shape['sort'][number]['field'], AnyPgColumn> = {
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
};

/** The list of one shape, from placeholders (json-page.ts builds it once per shape): conditions, total, order, view. */
function requestList(db: Db, s: Shape): JsonPageList {
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
  return { id: requests.id, visible, where, keys, total, item: REQUEST_ITEM, itemIsText: true, join: REQUEST_JOIN };
}

/**
 * A page of the request views `memberId` may see within `scope` (the approvals and withdrawals screens), by number
 * or by cursor (`after`), as JSON PostgreSQL writes in one statement (json-page.ts, request-list-item.ts).
 */
export function requestPage(
  db: Db,
  organizationId: string,
  memberId: string,
  scope: WalletScope,
  q: RequestListQuery,
  view: RequestViewValues,
): Promise<JsonPage> {
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
