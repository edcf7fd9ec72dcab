import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accounts,
  authTokens,
  groupMembers,
  groupPermissions,
  loginIps,
  memberPermissions,
  organizations,
  passwordHistory,
  sessions,
} from '../../db/schema/index.js';

export type AccountRow = typeof accounts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthTokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

/**
 * The session lookup of every authenticated call as a prepared statement, one per database handle: drizzle builds
 * its SQL once instead of on every call, and node-postgres prepares it once per connection (no parse and plan in
 * PostgreSQL per call). Its text never varies, only the session id.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({
      session: sessions,
      account: accounts,
      permissions: sql<string[]>`array(
        select ${memberPermissions.permission} from ${memberPermissions}
         where ${memberPermissions.accountId} = ${sessions.accountId}
        union
        select ${groupPermissions.permission} from ${groupPermissions}
          join ${groupMembers} on ${groupMembers.groupId} = ${groupPermissions.groupId}
         where ${groupMembers.accountId} = ${sessions.accountId})`,
    })
    .from(sessions)
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('vaultline_session_for_request');
}

/** A session with its account and the account's effective permission names (own and groups'). */
export type SessionForRequest = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];

function sessionForRequest(db: Db) {
  let prepared = sessionLookups.get(db);
  if (!prepared) {
    prepared = prepareSessionLookup(db);
    sessionLookups.set(db, prepared);
  }
  return prepared;
}

/** Every query of sign-in and sessions; the services above never build SQL. */
// Not bound to an organization: accounts and sessions are found before any organization is known (and operators have none).
export function authRepository(db: Db) {
  return {
    async findLiveAccountByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(sql`lower(${accounts.email}) = lower(${email})`, inArray(accounts.status, ['ACTIVE', 'INVITED'])))
        .limit(1);
      return row;
    },

    /** The account, locked for the rest of the transaction so concurrent sign-ins count attempts exactly. */
    async lockAccount(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update');
      return row;
    },

    async findAccount(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row;
    },

    async findOrganizationName(id: string): Promise<string | undefined> {
      const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
      return row?.name;
    },

    async updateAccount(id: string, values: Partial<typeof accounts.$inferInsert>, now: Date): Promise<AccountRow> {
      const [row] = await db
        .update(accounts)
        .set({ ...values, updatedAt: now })
        .where(eq(accounts.id, id))
        .returning();
      return row!;
    },

    async recentPasswordHashes(accountId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ hash: passwordHistory.passphraseHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.accountId, accountId))
        .orderBy(desc(passwordHistory.createdAt))
        .limit(limit);
      return rows.map((r) => r.hash);
    },

    async addPasswordHistory(accountId: string, hash: string, now: Date): Promise<void> {
      await db.insert(passwordHistory).values({ accountId, passphraseHash: hash, createdAt: now });
    },

    async isIpVerified(accountId: string, ip: string): Promise<boolean> {
      const [row] = await db
        .select({ id: loginIps.id })
        .from(loginIps)
        .where(and(eq(loginIps.accountId, accountId), eq(loginIps.ip, ip), eq(loginIps.status, 'VERIFIED')))
        .limit(1);
      return row !== undefined;
    },

    async insertLoginIp(values: typeof loginIps.$inferInsert): Promise<string> {
      const [row] = await db.insert(loginIps).values(values).returning({ id: loginIps.id });
      return row!.id;
    },

    async lockLoginIp(id: string, accountId: string) {
      const [row] = await db
        .select()
        .from(loginIps)
        .where(and(eq(loginIps.id, id), eq(loginIps.accountId, accountId)))
        .for('update');
      return row;
    },

    async markLoginIpVerified(id: string, now: Date): Promise<void> {
      await db.update(loginIps).set({ status: 'VERIFIED', verifiedAt: now }).where(eq(loginIps.id, id));
    },

    async insertAuthToken(values: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(values);
    },

    async lockAuthToken(tokenHash: string, accountId: string, purposes: AuthTokenPurpose[]) {
      const [row] = await db
        .select()
        .from(authTokens)
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.accountId, accountId),
            inArray(authTokens.purpose, purposes),
          ),
        )
        .for('update');
      return row;
    },

    async useAuthToken(id: string, now: Date): Promise<void> {
      await db.update(authTokens).set({ usedAt: now }).where(eq(authTokens.id, id));
    },

    /** Retires the unused tokens of a purpose, so only the newest link or ticket works. */
    async retireAuthTokens(accountId: string, purpose: AuthTokenPurpose, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.accountId, accountId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },

    async findSession(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },

    /**
     * What every authenticated call needs, in one round trip: the session, its account and the permissions the
     * account holds itself or through its groups (unexpanded; see effectivePermissions).
     */
    async findSessionForRequest(id: string): Promise<SessionForRequest | undefined> {
      const [row] = await sessionForRequest(db).execute({ id });
      return row;
    },

    async updateSession(id: string, values: Partial<typeof sessions.$inferInsert>): Promise<void> {
      await db.update(sessions).set(values).where(eq(sessions.id, id));
    },

    async revokeSessions(
      accountId: string,
      reason: NonNullable<SessionRow['revokedReason']>,
      now: Date,
      exceptSessionId?: string,
    ): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(sessions.accountId, accountId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
          ),
        );
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
