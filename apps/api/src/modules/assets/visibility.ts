import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { walletMembers } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session.service.js';

/**
 * Whose wallets a caller sees: null = every wallet of the organization (WALLETS_VIEW, which OWNER holds),
 * otherwise the account whose wallet memberships decide.
 */
export type VisibleTo = string | null;

export function visibleTo(auth: AuthContext): VisibleTo {
  return auth.permissions.includes('WALLETS_VIEW') ? null : auth.accountId;
}

/** `walletId in (the account's wallets)`: a subquery, so the database uses the index instead of a long id list. */
export function visibleWalletCondition(db: Db, walletId: AnyPgColumn, onlyFor: VisibleTo): SQL | undefined {
  if (onlyFor === null) return undefined;
  return inArray(
    walletId,
    db.select({ id: walletMembers.walletId }).from(walletMembers).where(eq(walletMembers.accountId, onlyFor)),
  );
}
