import { and, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { requests, walletMembers, wallets } from '../../db/schema/index.js';
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
