import { and, asc, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { DriverRead } from '../../db/json-page.js';
import { beyondValues, type SortKey } from '../../db/keyset.js';
import { requestPeople, requests, walletMembers, wallets } from '../../db/schema/index.js';
import type { WalletScope } from './wallet.policy.js';

/**
 * The wallet rule of wallet.policy.ts for lists, checked in bulk by the database: the same rule, as SQL. The two
 * conditions are only ever ANDed into a query already bound to one organization (its organization_id column), so
 * they need no organization of their own; visibleWalletIds answers ids by itself, so it is bound to one.
 */

/** The account's wallets, as a subquery: the database uses the membership index instead of a long id list. */
const walletsOf = (db: Db, accountId: string | Placeholder) =>
  db.select({ id: walletMembers.walletId }).from(walletMembers).where(eq(walletMembers.accountId, accountId));

/** `walletId in (the account's wallets)`, or no condition when the scope is every wallet. */
export function walletScopeCondition(db: Db, walletId: AnyPgColumn, scope: WalletScope | Placeholder): SQL | undefined {
  return scope === null ? undefined : inArray(walletId, walletsOf(db, scope));
}

/** request.policy.ts's rule over the requests table: initiator, anyone in the frozen line, or the wallet's members. */
export function requestScopeCondition(db: Db, scope: WalletScope | Placeholder): SQL | undefined {
  if (scope === null) return undefined;
  return or(
    eq(requests.initiatorId, scope),
    sql`exists (select 1 from jsonb_array_elements(${requests.steps}) as s(step) where s.step->'eligible' ? ${scope})`,
    inArray(requests.walletId, walletsOf(db, scope)),
  );
}

/**
 * The requests `scope` sees, by requestScopeCondition's rule, read off indexes of their own in the list's order
 * (created_at in `direction`, then id) instead of walking the organization's requests and testing each one's line:
 * the requests naming the member (request_people, migration 0047: initiator and line) and each of the member's
 * wallets' requests (requests_wallet_created_id_idx), each read only as far as `read` needs (its `limit` rows after
 * its cursor position; unbounded for a count), `filters` applied on the way. Rows `(id, created_at)`, each request
 * once, in that order; the list keeps its page of them.
 */
export function requestScopeCandidates(p: {
  org: Placeholder;
  scope: Placeholder;
  filters: SQL | undefined;
  direction: 'ASC' | 'DESC';
  read: Partial<DriverRead>;
}): SQL {
  const by = p.direction === 'ASC' ? asc : desc;
  const bounded = (keys: SortKey[]) => ({
    beyond: p.read.position ? beyondValues(keys, p.read.position) : undefined,
    order: sql`order by ${by(keys[0]!.key as AnyPgColumn)}, ${asc(keys[1]!.key as AnyPgColumn)}`,
    limit: p.read.limit === undefined ? sql`` : sql`limit ${sql.raw(String(p.read.limit))}`,
  });
  const named = bounded([
    { key: requestPeople.createdAt, direction: p.direction },
    { key: requestPeople.requestId, direction: 'ASC' },
  ]);
  const ofWallet = bounded([
    { key: requests.createdAt, direction: p.direction },
    { key: requests.id, direction: 'ASC' },
  ]);
  return sql`(select ${requests.id}, ${requests.createdAt} from ${requestPeople}
      join ${requests} on ${requests.id} = ${requestPeople.requestId}
      where ${and(
        eq(requestPeople.organizationId, p.org),
        sql`${requestPeople.accountId} = ${p.scope}::text`,
        eq(requests.organizationId, p.org),
        p.filters,
        named.beyond,
      )} ${named.order} ${named.limit})
    union
    (select w.id, w.created_at from ${walletMembers} cross join lateral (
      select ${requests.id}, ${requests.createdAt} from ${requests}
      where ${and(
        eq(requests.walletId, walletMembers.walletId),
        eq(requests.organizationId, p.org),
        p.filters,
        ofWallet.beyond,
      )} ${ofWallet.order} ${ofWallet.limit}) w
    where ${eq(walletMembers.accountId, p.scope)})`;
}

/**
 * How many of the organization's wallets `scope` is a member of, counting no further than `atMost + 1`: whether
 * their requests are gathered wallet by wallet (requestScopeCandidates, a read per wallet) or the organization's
 * requests walked and tested (requestScopeCondition, as many reads as requests lie between the visible ones).
 */
export async function scopeWalletCount(db: Db, organizationId: string, scope: string, atMost: number) {
  const rows = await db
    .select({ id: walletMembers.walletId })
    .from(walletMembers)
    .innerJoin(wallets, eq(wallets.id, walletMembers.walletId))
    .where(and(eq(walletMembers.accountId, scope), eq(wallets.organizationId, organizationId)))
    .limit(atMost + 1);
  return rows.length;
}

/**
 * The actor's wallets of the organization for checks in memory (live notices): every wallet, or the set of their
 * memberships in its wallets.
 */
export async function visibleWalletIds(
  db: Db,
  organizationId: string,
  scope: WalletScope,
): Promise<'ALL' | Set<string>> {
  if (scope === null) return 'ALL';
  const rows = await db
    .select({ id: walletMembers.walletId })
    .from(walletMembers)
    .innerJoin(wallets, eq(wallets.id, walletMembers.walletId))
    .where(and(eq(walletMembers.accountId, scope), eq(wallets.organizationId, organizationId)));
  return new Set(rows.map((r) => r.id));
}
